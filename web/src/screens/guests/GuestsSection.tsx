import { Center, Loader, Stack, Tabs } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Route, Routes, useLocation, useNavigate, useParams } from "react-router";
import { useCustomFields } from "@/queries/customFields.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { useCurrentEvent } from "../events/EventContext.ts";
import { useEventsBase } from "../events/EventsBase.ts";
import { DuplicatesScreen } from "./duplicates/DuplicatesScreen.tsx";
import { GuestEditScreen } from "./detail/GuestEditScreen.tsx";
import { CustomFieldsScreen } from "./fields/CustomFieldsScreen.tsx";
import { GuestsContext, type GuestsArea } from "./GuestsContext.ts";
import { ImportWizard } from "./import/ImportWizard.tsx";
import { GuestListScreen } from "./list/GuestListScreen.tsx";
import { RecommendationsScreen } from "./recommendations/RecommendationsScreen.tsx";

const SUB_SECTIONS = ["list", "fields", "import", "duplicates", "recommendations"] as const;
type SubSection = (typeof SUB_SECTIONS)[number];

/** /manage/events/:eventId/guests/* (a lazy chunk): the list, a guest, the fields, import, duplicates, recommendations. */
function GuestsSection() {
  const { t } = useTranslation("web");
  const { accountId, event } = useCurrentEvent();
  const eventsBase = useEventsBase();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Every screen reads the custom fields: they are read once, before any screen shows.
  const fields = useCustomFields(accountId, event.id);

  const base = `${eventsBase}/${event.id}/guests`;
  const canWrite = Boolean(event.abilities.update);
  const area = useMemo<GuestsArea>(() => ({ accountId, event, base, canWrite }), [accountId, event, base, canWrite]);
  const segment = pathname.slice(base.length + 1).split("/")[0] ?? "";
  const current: SubSection | null = (SUB_SECTIONS as readonly string[]).includes(segment)
    ? (segment as SubSection)
    : segment === "" || segment === "view" || segment === "new"
      ? "list"
      : null;
  const shown = SUB_SECTIONS.filter((section) => canWrite || (section !== "import" && section !== "fields"));

  if (fields.isPending) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }

  return (
    <GuestsContext.Provider value={area}>
      <Stack gap="md">
        <Tabs
          value={current}
          onChange={(value) => value && navigate(value === "list" ? base : `${base}/${value}`)}
          variant="pills"
        >
          <Tabs.List aria-label={t("guests.nav.label")}>
            {shown.map((section) => (
              <Tabs.Tab key={section} value={section}>
                {t(`guests.nav.${section}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Routes>
          <Route index element={<GuestListScreen />} />
          <Route path="new" element={canWrite ? <GuestEditScreen key="new" /> : <ManageNotFoundScreen />} />
          <Route path="fields" element={canWrite ? <CustomFieldsScreen /> : <ManageNotFoundScreen />} />
          <Route path="import" element={canWrite ? <ImportWizard /> : <ManageNotFoundScreen />} />
          <Route path="duplicates" element={<DuplicatesScreen />} />
          <Route path="recommendations" element={<RecommendationsScreen />} />
          <Route path="view/:guestId" element={<GuestEditScreenRoute />} />
          <Route path="*" element={<ManageNotFoundScreen />} />
        </Routes>
      </Stack>
    </GuestsContext.Provider>
  );
}

function GuestEditScreenRoute() {
  const { guestId = "" } = useParams();
  return <GuestEditScreen key={guestId} guestId={guestId} />;
}

export default GuestsSection;

import { Alert, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import { BackLink } from "@/components/BackLink.tsx";
import { ComingSoon } from "@/components/ComingSoon.tsx";
import { isApiError } from "@tessera/shared/client";
import { useEvent } from "@/queries/events.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { AdminSettingsScreen } from "./admin/AdminSettingsScreen.tsx";
import { EventContext } from "./EventContext.ts";
import { useEventsBase } from "./EventsBase.ts";
import { EventNavTabs } from "./EventNavTabs.tsx";
import { EventStatusBadges } from "./EventStatusBadges.tsx";
import { EventSettingsScreen } from "./settings/EventSettingsScreen.tsx";
import { lazyWithTimeout } from "@/app/lazyWithTimeout.ts";
import { PageLoader } from "@/components/PageLoader.tsx";

const GuestsSection = lazyWithTimeout(() => import("../guests/GuestsSection.tsx"));
const FormsSection = lazyWithTimeout(() => import("../forms/FormsSection.tsx"));
const StatisticsSection = lazyWithTimeout(() => import("../statistics/StatisticsSection.tsx"));
const CheckinsSection = lazyWithTimeout(() => import("../checkins/CheckinsSection.tsx"));
const EbadgesSection = lazyWithTimeout(() => import("../ebadges/EbadgesSection.tsx"));
const TicketingSection = lazyWithTimeout(() => import("../ticketing/TicketingSection.tsx"));
const CampaignsSection = lazyWithTimeout(() => import("../campaigns/CampaignsSection.tsx"));

/** Spec §2 event navigation, in its order. */
const SECTIONS = [
  "design",
  "content",
  "forms",
  "guests",
  "campaigns",
  "ebadges",
  "statistics",
  "checkins",
  "ticketing",
] as const;
type Section = (typeof SECTIONS)[number] | "settings" | "admin";
/** The sections of later releases: they show their "coming" state. */
const COMING_SECTIONS = ["design", "content"] as const;

/** /manage/events/:eventId/…: the event's header, its navigation and the section shown. */
export function EventArea({ accountId, eventId }: { accountId: string; eventId: string }) {
  const ref = useMemo(() => ({ accountId, eventId }), [accountId, eventId]);
  return (
    <EventContext.Provider value={ref}>
      <EventAreaContent accountId={accountId} eventId={eventId} />
    </EventContext.Provider>
  );
}

function EventAreaContent({ accountId, eventId }: { accountId: string; eventId: string }) {
  const { t } = useTranslation("web");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const eventsBase = useEventsBase();
  const { data: event, error } = useEvent(accountId, eventId);

  if (!event) {
    if (error) {
      return isApiError(error) && error.status === 404 ? (
        <ManageNotFoundScreen />
      ) : (
        <Alert color="red" variant="light" role="alert">
          {error.message}
        </Alert>
      );
    }
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }

  const base = `${eventsBase}/${event.id}`;
  const current = (pathname.slice(base.length + 1).split("/")[0] || "settings") as Section;
  const sections: Section[] = [...SECTIONS, "settings", ...(event.abilities.adminSettings ? ["admin" as const] : [])];

  return (
    <Stack gap="md">
      <div>
        <BackLink to={eventsBase}>{t("events.backToList")}</BackLink>
        <Group justify="space-between" align="flex-end" mt="xs">
          <div>
            <Title order={1} size="h2">
              {event.name}
            </Title>
            <Text size="sm" c="dimmed" ff="monospace">
              {window.location.origin}/{event.slug}
            </Text>
          </div>
          <EventStatusBadges event={event} />
        </Group>
      </div>
      <EventNavTabs sections={sections} current={current} onChange={(section) => navigate(`${base}/${section}`)} />
      <Routes>
        <Route index element={<Navigate to="settings" replace />} />
        <Route
          path="guests/*"
          element={
            <Suspense fallback={<PageLoader />}>
              <GuestsSection />
            </Suspense>
          }
        />
        <Route
          path="forms/*"
          element={
            <Suspense fallback={<PageLoader />}>
              <FormsSection />
            </Suspense>
          }
        />
        <Route
          path="campaigns/*"
          element={
            <Suspense fallback={<PageLoader />}>
              <CampaignsSection />
            </Suspense>
          }
        />
        <Route
          path="statistics/*"
          element={
            <Suspense fallback={<PageLoader />}>
              <StatisticsSection />
            </Suspense>
          }
        />
        <Route
          path="ebadges/*"
          element={
            <Suspense fallback={<PageLoader />}>
              <EbadgesSection />
            </Suspense>
          }
        />
        <Route
          path="checkins/*"
          element={
            <Suspense fallback={<PageLoader />}>
              <CheckinsSection />
            </Suspense>
          }
        />
        <Route
          path="ticketing/*"
          element={
            <Suspense fallback={<PageLoader />}>
              <TicketingSection />
            </Suspense>
          }
        />
        {COMING_SECTIONS.map((section) => (
          <Route
            key={section}
            path={section}
            element={<ComingSoon title={t(`eventNav.${section}`)} description={t(`eventNav.coming.${section}`)} />}
          />
        ))}
        <Route path="settings/*" element={<EventSettingsScreen />} />
        {event.abilities.adminSettings && <Route path="admin" element={<AdminSettingsScreen />} />}
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </Stack>
  );
}

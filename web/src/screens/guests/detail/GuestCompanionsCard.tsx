import { Card, CloseButton, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { RemotePicker } from "@/components/RemotePicker.tsx";
import { useGuestsArea } from "../GuestsContext.ts";
import { companionsProblem, type GuestFormValues, type SetGuestValue } from "./guestForm.ts";

/** The companions part of the guest form: how many companions are expected, and the godfather. */
export function GuestCompanionsCard({
  values,
  set,
  setError,
  canEdit,
  errors,
  guestId,
}: {
  values: GuestFormValues;
  set: SetGuestValue;
  setError: (key: string, message: string | null) => void;
  canEdit: boolean;
  errors: Record<string, string>;
  /** The guest being edited (left out of the godfather candidates); none when adding one. */
  guestId: string | undefined;
}) {
  const { t } = useTranslation(["web", "validation"]);
  const { api, accountId, event } = useGuestsArea();
  // The names of the guests last offered by the godfather picker (it reports only an id).
  const offered = useRef(new Map<string, string>());
  const loadGodfathers = useCallback(
    async (search: string) => {
      const page = await api.guests.list(accountId, event.id, { search }, { page: 1, perPage: 20 });
      const candidates = page.data.filter((candidate) => candidate.id !== guestId);
      for (const candidate of candidates)
        offered.current.set(candidate.id, candidate.fullName || candidate.email || "");
      return candidates.map((candidate) => ({
        value: candidate.id,
        label: [candidate.fullName, candidate.email].filter(Boolean).join(" · "),
      }));
    },
    [api, accountId, event.id, guestId],
  );

  return (
    <Card withBorder mt="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("guests.detail.companions")}
        </Title>
        <TextInput
          label={t("guests.fields.companionsExpected")}
          inputMode="numeric"
          value={values.companionsExpected}
          onChange={(e) => {
            set("companionsExpected", e.currentTarget.value);
            setError("companionsExpected", companionsProblem(t, e.currentTarget.value));
          }}
          disabled={!canEdit}
          error={errors["companionsExpected"]}
          description={
            event.maxCompanions != null ? t("guests.detail.maxCompanions", { count: event.maxCompanions }) : undefined
          }
        />
        <div>
          <Text size="sm" fw={500}>
            {t("guests.detail.godfather")}
          </Text>
          {values.godfather ? (
            <Group gap="xs">
              <Text size="sm">{values.godfather.fullName}</Text>
              {canEdit && (
                <CloseButton
                  size="sm"
                  aria-label={t("guests.detail.removeGodfather")}
                  onClick={() => set("godfather", null)}
                />
              )}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t("guests.detail.noGodfather")}
            </Text>
          )}
        </div>
        {canEdit && (
          <RemotePicker
            label={t("guests.detail.pickGodfather")}
            placeholder={t("guests.list.search")}
            load={loadGodfathers}
            onPick={(id) => set("godfather", { id, fullName: offered.current.get(id) ?? id })}
          />
        )}
      </Stack>
    </Card>
  );
}

import { Anchor, Card, CloseButton, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RemotePicker } from "@/components/RemotePicker.tsx";
import { searchGuests } from "@/queries/guests.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import type { GuestForm } from "./guestForm.ts";

/** The companions part of the guest form: how many companions are expected, and the godfather. */
export function GuestCompanionsCard({
  form,
  canEdit,
  guestId,
}: {
  form: GuestForm;
  canEdit: boolean;
  /** The guest being edited (left out of the godfather candidates); none when adding one. */
  guestId: string | undefined;
}) {
  const { t } = useTranslation(["web", "validation"]);
  const { accountId, event, base } = useGuestsArea();
  // The names of the guests last offered by the godfather picker (it reports only an id).
  const offered = useRef(new Map<string, string>());
  const loadGodfathers = useCallback(
    async (search: string) => {
      const candidates = (await searchGuests(accountId, event.id, search)).filter(
        (candidate) => candidate.id !== guestId,
      );
      for (const candidate of candidates)
        offered.current.set(candidate.id, candidate.fullName || candidate.email || "");
      return candidates.map((candidate) => ({
        value: candidate.id,
        label: [candidate.fullName, candidate.email].filter(Boolean).join(" · "),
      }));
    },
    [accountId, event.id, guestId],
  );
  const godfather = form.values.godfather;

  return (
    <Card withBorder mt="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("guests.detail.companions")}
        </Title>
        <TextInput
          label={t("guests.fields.companionsExpected")}
          inputMode="numeric"
          disabled={!canEdit}
          description={
            event.maxCompanions != null ? t("guests.detail.maxCompanions", { count: event.maxCompanions }) : undefined
          }
          {...form.getInputProps("companionsExpected")}
        />
        <div>
          <Text size="sm" fw={500}>
            {t("guests.detail.godfather")}
          </Text>
          {godfather ? (
            <Group gap="xs">
              <Anchor component={Link} to={`${base}/view/${godfather.id}`} size="sm" data-testid="guest-godfather">
                {godfather.fullName}
              </Anchor>
              {canEdit && (
                <CloseButton
                  size="sm"
                  aria-label={t("guests.detail.removeGodfather")}
                  onClick={() => form.setFieldValue("godfather", null)}
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
            onPick={(id) => form.setFieldValue("godfather", { id, fullName: offered.current.get(id) ?? id })}
          />
        )}
      </Stack>
    </Card>
  );
}

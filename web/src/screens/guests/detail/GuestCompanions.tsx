import { Alert, Anchor, Button, Card, Group, List, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError, type GuestJson } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

/** How many companions the section lists (a guest has a handful; the event's maximum is usually small). */
const COMPANIONS_SHOWN = 200;

interface NewCompanion {
  firstName: string;
  lastName: string;
  email: string;
}
const EMPTY: NewCompanion = { firstName: "", lastName: "", email: "" };

/**
 * A guest's godfather (who invited them) and companions (the guests they invited), each a link to their
 * page, and a short form adding a companion: a new guest of the event whose godfather is this guest,
 * within the event's maximum of companions per guest (the API checks it too). `onAdded` lets the page
 * refresh what depends on the companions (their count).
 */
export function GuestCompanions({ guest, onAdded }: { guest: GuestJson; onAdded?: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { api, accountId, event, base, list } = useGuestsArea();
  const canEdit = guest.abilities.update !== false;
  const [companions, setCompanions] = useState<GuestJson[] | null>(null);
  const [values, setValues] = useState<NewCompanion>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isAdding, setAdding] = useState(false);

  const load = useCallback(async () => {
    try {
      const page = await api.guests.list(
        accountId,
        event.id,
        { godfatherId: guest.id, sort: "createdAt" },
        { page: 1, perPage: COMPANIONS_SHOWN },
      );
      setCompanions(page.data);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }, [api, accountId, event.id, guest.id, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const max = event.maxCompanions;
  const isFull = max != null && companions !== null && companions.length >= max;
  const set = (key: keyof NewCompanion, value: string) => setValues((current) => ({ ...current, [key]: value }));
  const nullable = (value: string) => (value.trim() === "" ? null : value.trim());

  async function add() {
    setFailure(null);
    setNotice(null);
    setErrors({});
    if (!values.firstName.trim() && !values.lastName.trim() && !values.email.trim()) {
      setErrors({ lastName: t("validation:required") });
      return;
    }
    setAdding(true);
    try {
      const created = await api.guests.create(accountId, event.id, {
        firstName: nullable(values.firstName),
        lastName: nullable(values.lastName),
        email: nullable(values.email),
        godfatherId: guest.id,
      });
      setValues(EMPTY);
      setNotice(t("guests.companions.added", { name: created.fullName || created.email || "" }));
      list.reload();
      onAdded?.();
      await load();
    } catch (error) {
      setFailure(errorMessage(error, t));
      if (isApiError(error)) {
        setErrors(Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])));
      }
    } finally {
      setAdding(false);
    }
  }

  const nameOf = (person: { fullName: string; email?: string | null }) =>
    person.fullName || person.email || t("guests.detail.unnamed");

  return (
    <Card withBorder data-testid="guest-companions">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("guests.companions.title")}
        </Title>
        {guest.godfather && (
          <Text size="sm">
            {t("guests.detail.godfather")}:{" "}
            <Anchor component={Link} to={`${base}/view/${guest.godfather.id}`}>
              {nameOf(guest.godfather)}
            </Anchor>
          </Text>
        )}
        {companions === null ? (
          failure ? null : (
            <Loader size="sm" />
          )
        ) : companions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("guests.companions.none")}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t("guests.detail.companionsCount", { count: companions.length })}
          </Text>
        )}
        {companions !== null && companions.length > 0 && (
          <List size="sm" aria-label={t("guests.companions.listLabel")}>
            {companions.map((companion) => (
              <List.Item key={companion.id}>
                <Anchor component={Link} to={`${base}/view/${companion.id}`}>
                  {nameOf(companion)}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
        <FailureAlert message={failure} />
        {notice && (
          <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {canEdit &&
          (isFull ? (
            <Text size="sm" c="dimmed">
              {t("validation:companions_too_many", { max })}
            </Text>
          ) : (
            <form
              onSubmit={(submitted) => {
                submitted.preventDefault();
                void add();
              }}
              noValidate
            >
              <Stack gap="xs">
                <Text size="sm" fw={500}>
                  {t("guests.companions.add")}
                </Text>
                <Group grow align="flex-start">
                  <TextInput
                    label={t("guests.companions.firstName")}
                    value={values.firstName}
                    onChange={(e) => set("firstName", e.currentTarget.value)}
                    maxLength={100}
                    error={errors.firstName}
                  />
                  <TextInput
                    label={t("guests.companions.lastName")}
                    value={values.lastName}
                    onChange={(e) => set("lastName", e.currentTarget.value)}
                    maxLength={100}
                    error={errors.lastName}
                  />
                  <TextInput
                    label={t("guests.companions.email")}
                    type="email"
                    value={values.email}
                    onChange={(e) => set("email", e.currentTarget.value)}
                    maxLength={254}
                    error={errors.email ?? errors.godfatherId}
                  />
                </Group>
                <Group justify="flex-end">
                  <Button type="submit" variant="light" loading={isAdding}>
                    {t("guests.companions.addButton")}
                  </Button>
                </Group>
              </Stack>
            </form>
          ))}
      </Stack>
    </Card>
  );
}

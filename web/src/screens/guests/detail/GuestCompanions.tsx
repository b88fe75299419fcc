import { useFormFailure } from "@/app/useFormFailure.ts";
import { Alert, Anchor, Button, Card, Group, List, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useCompanions, useCreateGuest, type GuestJson } from "@/queries/guests.ts";
import { useGuestsArea } from "../GuestsContext.ts";

interface NewCompanion {
  firstName: string;
  lastName: string;
  email: string;
}
const EMPTY: NewCompanion = { firstName: "", lastName: "", email: "" };
const nullable = (value: string) => (value.trim() === "" ? null : value.trim());

/**
 * A guest's godfather (who invited them) and companions (the guests they invited), each a link to their
 * page, and a short form adding a companion: a new guest of the event whose godfather is this guest,
 * within the event's maximum of companions per guest (the API checks it too).
 */
export function GuestCompanions({ guest }: { guest: GuestJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base } = useGuestsArea();
  const canEdit = guest.abilities.update !== false;
  const companionsQuery = useCompanions(accountId, event.id, guest.id);
  const companions = companionsQuery.data ?? null;
  const create = useCreateGuest(accountId, event.id);
  const form = useForm<NewCompanion>({
    initialValues: EMPTY,
    validate: {
      // A companion needs a name or an email.
      lastName: (lastName, values) =>
        !values.firstName.trim() && !lastName.trim() && !values.email.trim() ? t("validation:required") : null,
    },
  });
  const [failure, setFailure] = useFormFailure(form);
  const [notice, setNotice] = useState<string | null>(null);
  const loadFailure = companionsQuery.error ? errorMessage(companionsQuery.error, t) : null;

  const max = event.maxCompanions;
  const isFull = max != null && companions !== null && companions.length >= max;

  function add(values: NewCompanion) {
    setFailure(null);
    setNotice(null);
    create.mutate(
      {
        firstName: nullable(values.firstName),
        lastName: nullable(values.lastName),
        email: nullable(values.email),
        godfatherId: guest.id,
      },
      {
        onSuccess: (created) => {
          form.setValues(EMPTY);
          setNotice(t("guests.companions.added", { name: created.fullName || created.email || "" }));
        },
        onError: (error) => {
          setFailure(errorMessage(error, t));
          if (isApiError(error)) {
            // The godfather's refusal (too many companions) is shown under the email, the last field.
            form.setErrors(
              Object.fromEntries(
                error.details.map((detail) => [
                  detail.field === "godfatherId" ? "email" : detail.field,
                  detail.message,
                ]),
              ),
            );
          }
        },
      },
    );
  }

  const nameOf = (person: { fullName: string; email?: string | null }) =>
    person.fullName || person.email || t("guests.detail.unnamed");

  return (
    <Card withBorder data-testid="guest-companions">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("guests.companions.title")}
        </Title>
        {companions === null ? (
          loadFailure ? null : (
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
        <FailureAlert message={failure ?? loadFailure} />
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
            <form onSubmit={form.onSubmit(add)} noValidate>
              <Stack gap="xs">
                <Text size="sm" fw={500}>
                  {t("guests.companions.add")}
                </Text>
                <Group grow align="flex-start">
                  <TextInput
                    label={t("guests.companions.firstName")}
                    maxLength={100}
                    {...form.getInputProps("firstName")}
                  />
                  <TextInput
                    label={t("guests.companions.lastName")}
                    maxLength={100}
                    {...form.getInputProps("lastName")}
                  />
                  <TextInput
                    label={t("guests.companions.email")}
                    type="email"
                    maxLength={254}
                    {...form.getInputProps("email")}
                  />
                </Group>
                <Group justify="flex-end">
                  <Button type="submit" variant="light" loading={create.isPending}>
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

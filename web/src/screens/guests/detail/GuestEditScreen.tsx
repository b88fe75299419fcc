import { useFormFailure } from "@/app/useFormFailure.ts";
import { Alert, Badge, Button, Card, Center, SimpleGrid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { guestIdentityProblem } from "@tessera/shared/rules/guests";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { showApiErrors } from "@/app/formRules.ts";
import { BackLink } from "@/components/BackLink.tsx";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useCreateGuest, useDeleteGuest, useGuest, useUpdateGuest, type GuestJson } from "@/queries/guests.ts";
import { ManageNotFoundScreen } from "@/screens/shell/ManageNotFoundScreen.tsx";
import { useGuestFields, useGuestsArea } from "../GuestsContext.ts";
import { CustomFieldInputs } from "./CustomFieldInput.tsx";
import { GuestCompanions } from "./GuestCompanions.tsx";
import { GuestCompanionsCard } from "./GuestCompanionsCard.tsx";
import { GuestIdentityCard } from "./GuestIdentityCard.tsx";
import { GuestMetaCard } from "./GuestMetaCard.tsx";
import { GuestOrdersPanel } from "./GuestOrdersPanel.tsx";
import { GuestUnsubscribedAlert } from "./GuestUnsubscribedAlert.tsx";
import { guestBody, guestFormRules, initialValues, type GuestFormValues } from "./guestForm.ts";

/** A guest's detail and edit form (`guestId`), or the form to add one. */
export function GuestEditScreen({ guestId }: { guestId?: string }) {
  return guestId ? <ExistingGuest guestId={guestId} /> : <GuestForm guest={null} />;
}

function ExistingGuest({ guestId }: { guestId: string }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const { data: guest, error } = useGuest(accountId, event.id, guestId);
  if (guest) return <GuestForm guest={guest} />;
  if (isApiError(error) && error.status === 404) return <ManageNotFoundScreen />;
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(error, t)}
      </Alert>
    );
  }
  return (
    <Center p="xl">
      <Loader />
    </Center>
  );
}

/** The form of a guest as the query layer holds it (its changes land there), or of a new one. */
function GuestForm({ guest }: { guest: GuestJson | null }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base } = useGuestsArea();
  const fields = useGuestFields();
  const navigate = useNavigate();
  const create = useCreateGuest(accountId, event.id);
  const update = useUpdateGuest(accountId, event.id);
  const remove = useDeleteGuest(accountId, event.id);
  // A guest just added arrives here from the add form with its notice.
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  const canEdit = guest ? guest.abilities.update !== false : Boolean(event.abilities.update);
  // What is typed stays while the guest is fetched again (after a save, a companion added, a file uploaded).
  const form = useForm<GuestFormValues>({
    initialValues: initialValues(fields, guest),
    validate: guestFormRules(t, fields),
    validateInputOnChange: ["companionsExpected"],
    validateInputOnBlur: ["companionsExpected"],
    // The missing-identity message goes as soon as a name or an address is typed, in any of the three fields.
    onValuesChange: (values) => {
      if (!guestIdentityProblem(values)) form.clearFieldError("email");
    },
  });
  const [failure, setFailure] = useFormFailure(form);
  const [notice, setNotice] = useState<string | null>(justCreated ? t("guests.detail.saved") : null);
  const [isDeleting, setDeleting] = useState(false);
  const isSaving = create.isPending || update.isPending;

  async function save(values: GuestFormValues) {
    setFailure(null);
    setNotice(null);
    try {
      const body = guestBody(values, fields);
      if (guest) {
        await update.mutateAsync({ guestId: guest.id, body });
        setNotice(t("guests.detail.saved"));
      } else {
        const saved = await create.mutateAsync(body);
        navigate(`${base}/view/${saved.id}`, { replace: true, state: { created: true } });
      }
    } catch (error) {
      const message = errorMessage(error, t);
      showApiErrors(form, error, message);
      setFailure(message);
    }
  }

  return (
    <Stack gap="md">
      <BackLink to={base}>{t("guests.detail.back")}</BackLink>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          {guest ? guest.fullName || guest.email || t("guests.detail.unnamed") : t("guests.detail.addTitle")}
        </Title>
        {guest && (
          <Group gap="xs">
            <Badge variant="light">{t(`guests.status.${guest.status}`)}</Badge>
            <Badge variant="light" color="gray">
              {t(`guests.mailStatus.${guest.mailStatus}`)}
            </Badge>
          </Group>
        )}
      </Group>
      <FailureAlert message={failure} />
      {notice && (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {guest?.isUnsubscribed && (
        <GuestUnsubscribedAlert
          guest={guest}
          canEdit={canEdit}
          onUnlocked={() => setNotice(t("guests.detail.unlocked"))}
        />
      )}
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <div>
            <GuestIdentityCard form={form} canEdit={canEdit} />
            <GuestCompanionsCard form={form} canEdit={canEdit} guestId={guest?.id} />
          </div>
          <div>
            <Card withBorder>
              <Stack gap="sm">
                <Title order={3} size="h5">
                  {t("guests.detail.customFields")}
                </Title>
                {fields.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("guests.detail.noCustomFields")}
                  </Text>
                ) : (
                  <CustomFieldInputs
                    fields={fields}
                    form={form}
                    stored={guest?.answers ?? {}}
                    guestId={guest?.id}
                    disabled={!canEdit}
                  />
                )}
              </Stack>
            </Card>
            {guest && <GuestMetaCard guest={guest} />}
          </div>
        </SimpleGrid>
        {canEdit && (
          <Group justify="space-between" mt="lg">
            <div>
              {guest && guest.abilities.delete !== false && (
                <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                  {t("common.delete")}
                </Button>
              )}
            </div>
            <Button type="submit" loading={isSaving}>
              {guest ? t("common.save") : t("guests.detail.create")}
            </Button>
          </Group>
        )}
      </form>
      {guest && <GuestCompanions guest={guest} />}
      {guest && <GuestOrdersPanel guestId={guest.id} />}
      {isDeleting && guest && (
        <ConfirmModal
          title={t("guests.detail.deleteTitle")}
          message={t("guests.detail.deleteConfirm", { name: guest.fullName || guest.email || "" })}
          confirmLabel={t("common.delete")}
          onConfirm={async () => {
            await remove.mutateAsync(guest.id);
            navigate(base);
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </Stack>
  );
}

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  SimpleGrid,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { isApiError, type GuestJson } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { IconArrowLeft } from "@/components/icons.tsx";
import { ManageNotFoundScreen } from "@/screens/shell/ManageNotFoundScreen.tsx";
import { useGuestsArea } from "../GuestsContext.ts";
import { CustomFieldInputs, type AnswerInput } from "./CustomFieldInput.tsx";
import { GuestOrdersPanel } from "./GuestOrdersPanel.tsx";
import { GuestCompanions } from "./GuestCompanions.tsx";
import { GuestCompanionsCard } from "./GuestCompanionsCard.tsx";
import { GuestIdentityCard } from "./GuestIdentityCard.tsx";
import { GuestMetaCard } from "./GuestMetaCard.tsx";
import {
  answerError,
  companionsProblem,
  guestBody,
  initialAnswers,
  initialValues,
  type GuestFormValues,
  type SetGuestValue,
} from "./guestForm.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

/** A guest's detail and edit form (`guestId`), or the form to add one. */
export const GuestEditScreen = observer(function GuestEditScreen({ guestId }: { guestId?: string }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { api, accountId, event, base, list } = useGuestsArea();
  const [guest, setGuest] = useState<GuestJson | null>(null);
  const [loadError, setLoadError] = useState<number | string | null>(null);

  useEffect(() => {
    if (!guestId) return;
    api.guests
      .get(accountId, event.id, guestId)
      .then(setGuest, (error: unknown) =>
        setLoadError(isApiError(error) && error.status === 404 ? 404 : errorMessage(error, t)),
      );
  }, [api, accountId, event.id, guestId, t]);

  if (loadError === 404) return <ManageNotFoundScreen />;
  if (loadError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {loadError}
      </Alert>
    );
  }
  if (guestId && !guest) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <GuestForm
      guest={guest}
      onSaved={(saved) => {
        list.replaceGuest(saved);
        if (!guest) list.reload();
        setGuest(saved);
      }}
      onCompanionsChanged={() => {
        // The count of companions is the guest's own: fetch it again (the form keeps what is being typed).
        if (!guestId) return;
        api.guests.get(accountId, event.id, guestId).then(
          (fresh) => {
            list.replaceGuest(fresh);
            setGuest(fresh);
          },
          () => undefined,
        );
      }}
      back={base}
    />
  );
});

const GuestForm = observer(function GuestForm({
  guest,
  onSaved,
  onCompanionsChanged,
  back,
}: {
  guest: GuestJson | null;
  onSaved: (guest: GuestJson) => void;
  onCompanionsChanged: () => void;
  back: string;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { api, accountId, event, base, fields, list } = useGuestsArea();
  const navigate = useNavigate();
  // A guest just added arrives here from the add form with its notice.
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  const canEdit = guest ? guest.abilities.update !== false : Boolean(event.abilities.update);
  const [values, setValues] = useState<GuestFormValues>(() => initialValues(guest));
  const [answers, setAnswers] = useState<Record<string, AnswerInput>>(() => initialAnswers(fields.fields, guest));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(justCreated ? t("guests.detail.saved") : null);
  const [isSaving, setSaving] = useState(false);
  const [isDeleting, setDeleting] = useState(false);

  const set: SetGuestValue = (key, value) => setValues((current) => ({ ...current, [key]: value }));
  const setError = (key: string, message: string | null) =>
    setErrors((current) => {
      const next = { ...current };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });

  function checkAll(): boolean {
    const found: Record<string, string> = {};
    const companions = companionsProblem(t, values.companionsExpected);
    if (companions) found.companionsExpected = companions;
    for (const field of fields.fields) {
      const message = answerError(t, field, answers[field.id] ?? null);
      if (message) found[field.id] = message;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function save() {
    setFailure(null);
    setNotice(null);
    if (!checkAll()) return;
    setSaving(true);
    try {
      const body = guestBody(values, fields.fields, answers);
      const saved = guest
        ? await api.guests.update(accountId, event.id, guest.id, body)
        : await api.guests.create(accountId, event.id, body);
      onSaved(saved);
      if (!guest) navigate(`${base}/view/${saved.id}`, { replace: true, state: { created: true } });
      setNotice(t("guests.detail.saved"));
    } catch (error) {
      setFailure(errorMessage(error, t));
      if (isApiError(error)) {
        const found: Record<string, string> = {};
        for (const detail of error.details) found[detail.field.replace(/^answers\./, "")] = detail.message;
        setErrors(found);
      }
    } finally {
      setSaving(false);
    }
  }

  async function unlockEmail() {
    if (!guest) return;
    setFailure(null);
    try {
      const saved = await api.guests.update(accountId, event.id, guest.id, { unlockEmail: true });
      onSaved(saved);
      setNotice(t("guests.detail.unlocked"));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t("guests.detail.back")}
        </Group>
      </Anchor>
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
        <Alert color="orange" variant="light" title={t("guests.detail.unsubscribedTitle")}>
          <Group justify="space-between">
            <Text size="sm">{t("guests.detail.unsubscribed")}</Text>
            {canEdit && (
              <Button size="xs" variant="light" onClick={() => void unlockEmail()}>
                {t("guests.detail.unlockEmail")}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <form
        onSubmit={(submitted) => {
          submitted.preventDefault();
          void save();
        }}
        noValidate
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <div>
            <GuestIdentityCard values={values} set={set} canEdit={canEdit} errors={errors} />
            <GuestCompanionsCard
              values={values}
              set={set}
              setError={setError}
              canEdit={canEdit}
              errors={errors}
              guestId={guest?.id}
            />
          </div>
          <div>
            <Card withBorder>
              <Stack gap="sm">
                <Title order={3} size="h5">
                  {t("guests.detail.customFields")}
                </Title>
                {fields.fields.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("guests.detail.noCustomFields")}
                  </Text>
                ) : (
                  <CustomFieldInputs
                    fields={fields.fields}
                    values={answers}
                    stored={guest?.answers ?? {}}
                    guestId={guest?.id}
                    onGuestChanged={onSaved}
                    errors={errors}
                    disabled={!canEdit}
                    onChange={(id, value) => {
                      setAnswers((current) => ({ ...current, [id]: value }));
                      if (errors[id]) {
                        const field = fields.byId(id);
                        if (field) setError(id, answerError(t, field, value));
                      }
                    }}
                    onBlur={(id) => {
                      const field = fields.byId(id);
                      if (field) setError(id, answerError(t, field, answers[id] ?? null));
                    }}
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
      {guest && <GuestCompanions guest={guest} onAdded={onCompanionsChanged} />}
      {guest && <GuestOrdersPanel guestId={guest.id} />}
      {isDeleting && guest && (
        <ConfirmModal
          title={t("guests.detail.deleteTitle")}
          message={t("guests.detail.deleteConfirm", { name: guest.fullName || guest.email || "" })}
          confirmLabel={t("common.delete")}
          onConfirm={async () => {
            await api.guests.remove(accountId, event.id, guest.id);
            list.reload();
            navigate(base);
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </Stack>
  );
});

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  CloseButton,
  SimpleGrid,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { isApiError, type GuestJson } from "@tessera/shared/client";
import type { Language } from "@tessera/shared/i18n/index";
import { CIVILITIES, GUEST_STATUSES } from "@tessera/shared/rules/guests";
import { errorMessage } from "../../../../../app/errorMessage.ts";
import { formatDateTime } from "../../../../../app/formatDate.ts";
import { ConfirmModal } from "../../../../../components/ConfirmModal.tsx";
import { IconArrowLeft } from "../../../../../components/icons.tsx";
import { RemotePicker } from "../../../../../components/RemotePicker.tsx";
import { ManageNotFoundScreen } from "../../../ManageNotFoundScreen.tsx";
import { useGuestsArea } from "../GuestsContext.ts";
import { CustomFieldInputs, type AnswerInput } from "./CustomFieldInput.tsx";
import { GuestOrdersPanel } from "./GuestOrdersPanel.tsx";
import { GuestCompanions } from "./GuestCompanions.tsx";
import {
  answerError,
  companionsProblem,
  guestBody,
  initialAnswers,
  initialValues,
  type GuestFormValues,
} from "./guestForm.ts";

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
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
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

  const set = <K extends keyof GuestFormValues>(key: K, value: GuestFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setError = (key: string, message: string | null) =>
    setErrors((current) => {
      const next = { ...current };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });

  // The names of the guests last offered by the godfather picker (it reports only an id).
  const offered = useRef(new Map<string, string>());
  const loadGodfathers = useCallback(
    async (search: string) => {
      const page = await api.guests.list(accountId, event.id, { search }, { page: 1, perPage: 20 });
      const candidates = page.data.filter((candidate) => candidate.id !== guest?.id);
      for (const candidate of candidates)
        offered.current.set(candidate.id, candidate.fullName || candidate.email || "");
      return candidates.map((candidate) => ({
        value: candidate.id,
        label: [candidate.fullName, candidate.email].filter(Boolean).join(" · "),
      }));
    },
    [api, accountId, event.id, guest?.id],
  );

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

  const language = i18n.language as Language;
  const fieldError = (key: string) => errors[key];

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
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
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
            <Card withBorder>
              <Stack gap="sm">
                <Title order={3} size="h5">
                  {t("guests.detail.identity")}
                </Title>
                <Select
                  label={t("guests.fields.civility")}
                  data={CIVILITIES.map((value) => ({ value, label: t(`guests.civility.${value}`) }))}
                  value={values.civility}
                  onChange={(value) => set("civility", value)}
                  clearable
                  disabled={!canEdit}
                />
                <Group grow>
                  <TextInput
                    label={t("guests.fields.firstName")}
                    value={values.firstName}
                    onChange={(e) => set("firstName", e.currentTarget.value)}
                    maxLength={100}
                    disabled={!canEdit}
                    error={fieldError("firstName")}
                  />
                  <TextInput
                    label={t("guests.fields.lastName")}
                    value={values.lastName}
                    onChange={(e) => set("lastName", e.currentTarget.value)}
                    maxLength={100}
                    disabled={!canEdit}
                    error={fieldError("lastName")}
                  />
                </Group>
                <TextInput
                  label={t("guests.fields.email")}
                  type="email"
                  value={values.email}
                  onChange={(e) => set("email", e.currentTarget.value)}
                  maxLength={254}
                  disabled={!canEdit}
                  error={fieldError("email")}
                />
                <Group grow>
                  <TextInput
                    label={t("guests.fields.company")}
                    value={values.company}
                    onChange={(e) => set("company", e.currentTarget.value)}
                    maxLength={200}
                    disabled={!canEdit}
                    error={fieldError("company")}
                  />
                  <TextInput
                    label={t("guests.fields.jobTitle")}
                    value={values.jobTitle}
                    onChange={(e) => set("jobTitle", e.currentTarget.value)}
                    maxLength={200}
                    disabled={!canEdit}
                    error={fieldError("jobTitle")}
                  />
                </Group>
                <Select
                  label={t("guests.fields.status")}
                  data={GUEST_STATUSES.map((value) => ({ value, label: t(`guests.status.${value}`) }))}
                  value={values.status}
                  onChange={(value) => value && set("status", value)}
                  allowDeselect={false}
                  disabled={!canEdit}
                  error={fieldError("status")}
                />
                <TextInput
                  label={t("guests.fields.prescriber")}
                  value={values.prescriber}
                  onChange={(e) => set("prescriber", e.currentTarget.value)}
                  maxLength={200}
                  disabled={!canEdit}
                />
              </Stack>
            </Card>
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
                  error={fieldError("companionsExpected")}
                  description={
                    event.maxCompanions != null
                      ? t("guests.detail.maxCompanions", { count: event.maxCompanions })
                      : undefined
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
            {guest && (
              <Card withBorder mt="lg">
                <Stack gap={4}>
                  <Text size="sm">
                    {t("guests.fields.createdSource")}: {t(`guests.source.${guest.createdSource}`)}
                  </Text>
                  <Text size="sm">
                    {t("guests.fields.createdAt")}: {formatDateTime(guest.createdAt, language)}
                  </Text>
                  <Text size="sm">
                    {t("guests.fields.updatedAt")}: {formatDateTime(guest.updatedAt, language)}
                  </Text>
                  {guest.registeredAt && (
                    <Text size="sm">
                      {t("guests.fields.registeredAt")}: {formatDateTime(guest.registeredAt, language)}
                    </Text>
                  )}
                </Stack>
              </Card>
            )}
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

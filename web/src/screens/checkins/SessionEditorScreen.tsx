import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  CHECKIN_DISPLAYED_FIELDS_MAX,
  CHECKIN_NAME_MAX,
  DEFAULT_DISPLAYED_FIELDS,
} from "@tessera/shared/rules/checkins";
import type { Rule } from "@tessera/shared/conditions/index";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { BackLink } from "@/components/BackLink.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { RuleEditor } from "@/components/rules/RuleEditor.tsx";
import { draftOf, ruleOf, type GroupDraft } from "@/components/rules/ruleDraft.ts";
import { useRuleChecks } from "@/components/rules/useRuleChecks.ts";
import {
  useCheckin,
  useCreateCheckin,
  useUpdateCheckin,
  type CheckinCreateBody,
  type CheckinJson,
} from "@/queries/checkins.ts";
import { AccessCodesPanel } from "./AccessCodesPanel.tsx";
import { useCheckinsArea } from "./CheckinsContext.ts";
import { SessionNotShown } from "./SessionNotShown.tsx";
import { useSessionVocabulary } from "./useSessionVocabulary.ts";

type Options = CheckinJson["options"];
const OPTION_NAMES = ["multipleEntries", "reentryAfterExit", "exitScans"] as const satisfies readonly (keyof Options)[];

interface Values {
  name: string;
  type: CheckinJson["type"];
  isEnabled: boolean;
  rule: GroupDraft;
  displayedFields: string[];
  options: Options;
}

function valuesOf(session: CheckinJson | undefined): Values {
  return {
    name: session?.name ?? "",
    type: session?.type ?? "online",
    isEnabled: (session?.status ?? "enabled") === "enabled",
    rule: draftOf((session?.conditions as Rule | null | undefined) ?? null),
    displayedFields: session ? [...session.displayedFields] : [...DEFAULT_DISPLAYED_FIELDS],
    options: session?.options ?? { multipleEntries: false, reentryAfterExit: true, exitScans: false },
  };
}

/** checkins/new and checkins/{id}: a session's name, type, rule, displayed fields and options; its access codes. */
export function SessionEditorScreen({ checkinId }: { checkinId?: string }) {
  const { accountId, event } = useCheckinsArea();
  const session = useCheckin(accountId, event.id, checkinId ?? null);
  if (!checkinId) return <SessionEditor />;
  if (session.data) return <SessionEditor session={session.data} />;
  return <SessionNotShown error={session.error} />;
}

function SessionEditor({ session }: { session?: CheckinJson }) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base, canEdit: canEditEvent } = useCheckinsArea();
  const navigate = useNavigate();
  const vocabulary = useSessionVocabulary(accountId, event.id);
  const create = useCreateCheckin(accountId, event.id);
  const update = useUpdateCheckin(accountId, event.id);
  const [values, setValues] = useState<Values>(() => valuesOf(session));
  const [failure, setFailure] = useState<string | null>(null);
  const [wasSubmitted, setSubmitted] = useState(false);
  const canEdit = session ? session.abilities.update : canEditEvent;
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const {
    issues,
    problems,
    inWords: ruleInWords,
  } = useRuleChecks(values.rule, vocabulary.fields, vocabulary.ruleContext, t("checkins.everyConfirmedGuest"));
  const nameProblem = wasSubmitted && !values.name.trim() ? t("validation:required") : undefined;
  const isSaving = create.isPending || update.isPending;

  async function save() {
    setSubmitted(true);
    setFailure(null);
    if (!values.name.trim()) return;
    if (issues.size > 0) {
      setFailure(t("checkins.editor.ruleIncomplete"));
      return;
    }
    const body: CheckinCreateBody = {
      name: values.name.trim(),
      type: values.type,
      status: values.isEnabled ? "enabled" : "disabled",
      conditions: ruleOf(values.rule, vocabulary.fields),
      displayedFields: values.displayedFields,
      options: values.options,
    };
    try {
      if (session) {
        const saved = await update.mutateAsync({ id: session.id, body });
        notifySuccess(t("checkins.savedNotice", { name: saved.name }));
      } else {
        const created = await create.mutateAsync(body);
        notifySuccess(t("checkins.createdNotice", { name: created.name }));
        navigate(`${base}/${created.id}`, { replace: true });
      }
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Stack gap="md">
      <div>
        <BackLink to={base}>{t("checkins.backToList")}</BackLink>
        <Group justify="space-between" align="flex-end" mt="xs">
          <Title order={2} size="h3">
            {session ? session.name : t("checkins.editor.newTitle")}
          </Title>
          {session?.abilities.check && session.status === "enabled" && (
            <Button component={Link} to={`${base}/${session.id}/desk`} variant="light">
              {t("checkins.openDesk")}
            </Button>
          )}
        </Group>
      </div>
      <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md" maw={960}>
        <form
          noValidate
          onSubmit={(submitted) => {
            submitted.preventDefault();
            void save();
          }}
        >
          <Stack gap="lg">
            <FailureAlert message={failure} />
            <Group align="flex-start" gap="lg" wrap="wrap">
              <TextInput
                label={t("checkins.editor.name")}
                value={values.name}
                onChange={(typed) => set("name", typed.currentTarget.value)}
                maxLength={CHECKIN_NAME_MAX}
                required
                readOnly={!canEdit}
                error={nameProblem}
                w={{ base: "100%", sm: 360 }}
              />
              <Switch
                mt={{ base: 0, sm: 30 }}
                label={t("checkins.editor.enabled")}
                checked={values.isEnabled}
                onChange={(changed) => set("isEnabled", changed.currentTarget.checked)}
                disabled={!canEdit}
              />
            </Group>
            <Radio.Group
              label={t("checkins.editor.type")}
              value={values.type}
              onChange={(type) => set("type", type as Values["type"])}
            >
              <Stack gap="xs" mt="xs">
                {(["online", "offline"] as const).map((type) => (
                  <Radio
                    key={type}
                    value={type}
                    label={t(`checkins.types.${type}`)}
                    description={t(`checkins.editor.typeHelp.${type}`)}
                    disabled={!canEdit}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Stack gap="xs">
              <Text fw={500} size="sm" id="checkin-rule-title">
                {t("checkins.editor.rule")}
              </Text>
              <Text size="xs" c="dimmed">
                {t("checkins.editor.ruleHelp")}
              </Text>
              <RuleEditor
                value={values.rule}
                onChange={(rule) => set("rule", rule)}
                subjects={vocabulary.subjects}
                problems={wasSubmitted ? problems : undefined}
                readOnly={!canEdit}
                emptyText={t("checkins.editor.ruleEmpty")}
              />
              <Alert variant="light" color="blue" title={t("checkins.editor.ruleInWords")} data-testid="rule-in-words">
                <Text size="sm" aria-live="polite">
                  {ruleInWords}
                </Text>
              </Alert>
            </Stack>
            <MultiSelect
              label={t("checkins.editor.displayedFields")}
              description={t("checkins.editor.displayedFieldsHelp")}
              data={vocabulary.displayable}
              value={values.displayedFields}
              onChange={(displayed) => set("displayedFields", displayed)}
              maxValues={CHECKIN_DISPLAYED_FIELDS_MAX}
              searchable
              readOnly={!canEdit}
              maw={640}
            />
            <Fieldset legend={t("checkins.editor.options")} variant="unstyled">
              <Stack gap="xs">
                {OPTION_NAMES.map((option) => (
                  <Checkbox
                    key={option}
                    label={t(`checkins.options.${option}`)}
                    description={t(`checkins.optionsHelp.${option}`)}
                    checked={values.options[option]}
                    onChange={(changed) =>
                      set("options", { ...values.options, [option]: changed.currentTarget.checked })
                    }
                    disabled={!canEdit}
                  />
                ))}
              </Stack>
            </Fieldset>
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={isSaving}>
                  {session ? t("common.save") : t("checkins.editor.createSubmit")}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Paper>
      {session && <AccessCodesPanel session={session} language={i18n.language} />}
    </Stack>
  );
}

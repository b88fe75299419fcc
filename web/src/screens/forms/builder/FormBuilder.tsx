import { Alert, Badge, Button, Grid, Group, Paper, Stack, Switch, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { FORM_TITLE_MAX, type FormItem } from "@tessera/shared/rules/forms";
import { isApiError } from "@tessera/shared/client";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { BackLink } from "@/components/BackLink.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { UnsavedChangesGuard } from "@/components/UnsavedChangesGuard.tsx";
import { useCustomFields, type CustomFieldJson } from "@/queries/customFields.ts";
import { itemsOf, useCreateForm, useDuplicateForm, useForms, useUpdateForm, type FormJson } from "@/queries/forms.ts";
import { useFormsArea } from "../FormsContext.ts";
import { FormStateBadge } from "../FormStateBadge.tsx";
import { FormOptionsPanel } from "../options/FormOptionsPanel.tsx";
import { FormPreview } from "../preview/FormPreview.tsx";
import { builderProblems, builderWarnings, type BuilderDraft, type BuilderProblem } from "./builderRules.ts";
import type { NewForm } from "./FormBuilderScreen.tsx";
import { ItemsEditor } from "./ItemsEditor.tsx";

const draftOf = (form: FormJson): BuilderDraft => ({ type: form.type, title: form.title, items: itemsOf(form) });
const sameDraft = (a: BuilderDraft, b: BuilderDraft) =>
  a.title === b.title && JSON.stringify(a.items) === JSON.stringify(b.items);

/** A refusal of the API, kept with the draft it refused: an edit makes it stale and it goes. */
interface Refusal {
  draft: BuilderDraft;
  message: string;
  details: BuilderProblem[];
}

/**
 * The form builder: the title, the items (drag and drop, editors), the builder's rules checked as the form
 * changes, save, draft / online, duplicate, and the preview as a guest sees it. A form not saved yet
 * (`newForm`) is created by its first save.
 */
export function FormBuilder({ saved: savedForm, newForm }: { saved: FormJson | null; newForm?: NewForm }) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base } = useFormsArea();
  const navigate = useNavigate();
  const { fields } = useCustomFields(accountId, event.id);
  const forms = useForms(accountId, event.id);
  const create = useCreateForm(accountId, event.id);
  const update = useUpdateForm(accountId, event.id);
  const duplicate = useDuplicateForm(accountId, event.id);
  // A new form, once its first save created it: the builder moves to its address.
  const [created, setCreated] = useState<FormJson | null>(null);
  const saved = created ?? savedForm;
  const [start] = useState<BuilderDraft>(() => ({
    type: newForm?.type ?? "registration",
    title: newForm?.title ?? "",
    items: [],
  }));
  const baseline = useMemo(() => (saved ? draftOf(saved) : start), [saved, start]);
  const [draft, setDraft] = useState<BuilderDraft>(baseline);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [hasTriedSaving, setTriedSaving] = useState(false);
  const canEdit = saved ? saved.abilities.update : Boolean(event.abilities.update);
  const isDirty = canEdit && !sameDraft(draft, baseline);
  // Mantine's md breakpoint (62em), where the preview sits beside the items.
  const isWide = useMediaQuery("(min-width: 62em)");
  const isWorking = create.isPending || update.isPending || duplicate.isPending;
  // The switch shows the state asked for while it is being saved (and goes back if refused).
  const askedState = update.isPending ? update.variables?.body.state : undefined;

  const fieldsById = useMemo(
    () => new Map<string, CustomFieldJson>(fields.map((field) => [field.id, field])),
    [fields],
  );
  const translate = (code: string) => t(`validation:${code}` as "validation:required");
  const problems = builderProblems(draft, fieldsById, translate, refusal);
  const warnings = builderWarnings(
    draft,
    fieldsById,
    translate,
    saved && { items: itemsOf(saved), warnings: saved.warnings },
  );
  const companionForms = useMemo(
    () =>
      (forms.data ?? [])
        .filter((form) => form.type === "companion" && form.id !== saved?.id)
        .map((form) => ({ value: form.id, label: form.title })),
    [forms.data, saved?.id],
  );

  useEffect(() => {
    // After the guard has seen the saved state (its effect runs first, being a child).
    if (created) navigate(`${base}/${created.id}`, { replace: true });
  }, [created, base, navigate]);

  function change(next: Partial<BuilderDraft>) {
    setFailure(null);
    setDraft((current) => ({ ...current, ...next }));
  }

  async function save() {
    setFailure(null);
    setTriedSaving(true);
    if (problems.count > 0) return;
    const body = { title: draft.title, items: draft.items };
    try {
      if (saved) {
        const answer = await update.mutateAsync({ formId: saved.id, body });
        setDraft(draftOf(answer));
        notifySuccess(t("forms.builder.saved"));
      } else {
        const answer = await create.mutateAsync({ type: draft.type, ...body });
        setDraft(draftOf(answer));
        setCreated(answer);
        notifySuccess(t("forms.builder.created"));
      }
      setTriedSaving(false);
    } catch (error) {
      const details = isApiError(error)
        ? error.details.map((detail) => ({ field: detail.field, code: detail.code ?? "", message: detail.message }))
        : [];
      setRefusal({ draft, message: errorMessage(error, t), details });
    }
  }

  async function setOnline(isOnline: boolean) {
    if (!saved) return;
    setFailure(null);
    try {
      const answer = await update.mutateAsync({ formId: saved.id, body: { state: isOnline ? "online" : "draft" } });
      notifySuccess(t(isOnline ? "forms.onlineNotice" : "forms.draftNotice", { title: answer.title }));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  async function duplicateForm() {
    if (!saved) return;
    setFailure(null);
    try {
      const copy = await duplicate.mutateAsync(saved.id);
      notifySuccess(t("forms.duplicatedNotice", { title: copy.title }));
      navigate(`${base}/${copy.id}`);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  const refusalMessage = refusal && refusal.draft === draft ? refusal.message : null;
  const titleProblem = problems.title.map((problem) => problem.message).join(" ") || undefined;
  // Beside the writes for an editor, alone for a reader.
  const statisticsLink = saved && (
    <Button component={Link} to={`${base}/${saved.id}/statistics`} variant="default">
      {t("forms.statistics.action")}
    </Button>
  );

  return (
    <Stack gap="md">
      {canEdit && <UnsavedChangesGuard isDirty={isDirty} />}
      <BackLink to={base}>{t("forms.builder.back")}</BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: "1 1 18rem" }}>
          <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
            {draft.title.trim() || t("forms.builder.title")}
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              {t(`forms.types.${draft.type}`)}
            </Badge>
            {saved ? (
              <FormStateBadge state={saved.state} />
            ) : (
              <Badge variant="light" color="orange">
                {t("forms.builder.notSaved")}
              </Badge>
            )}
            {saved && (
              <Text size="xs" c="dimmed">
                {t("forms.builder.lastChange", { date: formatDateTime(saved.updatedAt, i18n.language) })}
              </Text>
            )}
          </Group>
        </Stack>
        {!canEdit && statisticsLink}
        {canEdit && (
          <Group gap="sm" align="center">
            <Switch
              label={t("forms.builder.online")}
              description={saved ? t("forms.builder.onlineHelp") : t("forms.builder.saveFirst")}
              checked={(askedState ?? saved?.state) === "online"}
              disabled={!saved || isWorking}
              onChange={(change) => void setOnline(change.currentTarget.checked)}
              maw={260}
            />
            {statisticsLink}
            <Button variant="default" disabled={!saved || isWorking} onClick={() => void duplicateForm()}>
              {t("forms.duplicate")}
            </Button>
            <Button
              onClick={() => void save()}
              loading={create.isPending || (update.isPending && !update.variables?.body.state)}
            >
              {t("common.save")}
            </Button>
          </Group>
        )}
      </Group>
      <FailureAlert message={failure ?? refusalMessage} />
      {hasTriedSaving && problems.count > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="builder-problems">
          {t("forms.builder.problems", { count: problems.count })}
        </Alert>
      )}
      {!canEdit && (
        <Text size="sm" c="dimmed">
          {t("forms.builder.readOnly")}
        </Text>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md">
            <Stack gap="md">
              <TextInput
                label={t("forms.builder.title")}
                value={draft.title}
                onChange={(typed) => change({ title: typed.currentTarget.value })}
                maxLength={FORM_TITLE_MAX}
                required
                readOnly={!canEdit}
                error={titleProblem}
              />
              <ItemsEditor
                draft={draft}
                onItemsChange={(items: FormItem[]) => change({ items })}
                fields={fieldsById}
                problems={problems.byItem}
                formProblems={problems.form}
                warnings={warnings.byItem}
                formWarnings={warnings.form}
                canEdit={canEdit}
                companionForms={companionForms}
                fieldsBase={`${base.slice(0, -"/forms".length)}/guests/fields`}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {/* Beside the items on a wide screen, the preview stays in view while the items scroll. */}
          <div
            style={
              isWide ? { position: "sticky", top: 16, maxHeight: "calc(100vh - 32px)", overflowY: "auto" } : undefined
            }
          >
            {/* The options exist once the form is saved; the preview keeps its answers while the tabs change. */}
            <Tabs defaultValue="preview">
              <Tabs.List mb="sm">
                <Tabs.Tab value="preview">{t("forms.preview.title")}</Tabs.Tab>
                <Tabs.Tab value="options" disabled={!saved} title={saved ? undefined : t("forms.options.saveFirst")}>
                  {t("forms.options.title")}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="preview">
                <FormPreview draft={draft} fields={fieldsById} />
              </Tabs.Panel>
              <Tabs.Panel value="options">
                {saved && (
                  <Paper withBorder p="md" data-testid="form-options">
                    <FormOptionsPanel form={saved} />
                  </Paper>
                )}
              </Tabs.Panel>
            </Tabs>
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import { Alert, Button, Group, Menu, Paper, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { checkCampaignContent } from "@tessera/shared/campaigns/check";
import { isApiError } from "@tessera/shared/client";
import {
  CAMPAIGN_FROM_NAME_MAX,
  CAMPAIGN_LANGUAGES,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_PREVIEW_TEXT_MAX,
  CAMPAIGN_SUBJECT_MAX,
  type CampaignLanguage,
  type CampaignType,
} from "@tessera/shared/rules/campaigns";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { UnsavedChangesGuard } from "@/components/UnsavedChangesGuard.tsx";
import { useChangeTemplate, useUpdateCampaign, type CampaignJson } from "@/queries/campaigns.ts";
import { useCampaignsArea } from "../campaignsBase.ts";
import { BlocksEditor } from "./BlocksEditor.tsx";
import { insertAtCaret } from "./caret.ts";
import { draftOf, isSameDraft, languagesOf, updateOf, type CampaignDraft } from "./draft.ts";
import { FromEmailSelect } from "./FromEmailSelect.tsx";
import { editorIssues, placeOfIssue, type IssueLike } from "./issues.ts";
import { MergeTagMenu } from "./MergeTagMenu.tsx";
import { TemplateMenu } from "./TemplateMenu.tsx";

/**
 * The campaign editor: its settings (name, subject with its 80-character counter, sender, reply address, inbox
 * preview text), a tab per language version, each version's blocks; a language added from its template; "change
 * template". Saved explicitly with Save (leaving with unsaved changes asks first); the content rules (shared
 * checkCampaignContent, the API's words) are shown at their field as the author writes.
 */
export function CampaignEditor({ campaign }: { campaign: CampaignJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, canEdit: mayEdit } = useCampaignsArea();
  const canEdit = mayEdit && campaign.state === "pending";
  const update = useUpdateCampaign(accountId, event.id);
  const changeTemplate = useChangeTemplate(accountId, event.id);
  const [saved, setSaved] = useState(() => draftOf(campaign));
  const [draft, setDraft] = useState(saved);
  const languages = languagesOf(draft);
  // ?field=content.fr.blocks.2.url (a link of the summary's issues): that language, that block.
  const [searchParams] = useSearchParams();
  const target = searchParams.get("field");
  const targetPlace = target ? placeOfIssue(target) : null;
  const [language, setLanguage] = useState<CampaignLanguage>(
    targetPlace?.language && languages.includes(targetPlace.language)
      ? targetPlace.language
      : languages.includes(campaign.language)
        ? campaign.language
        : (languages[0] ?? campaign.language),
  );
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [templateChoice, setTemplateChoice] = useState<{ type: CampaignType; language: CampaignLanguage } | null>(null);
  const subjectInput = useRef<HTMLInputElement>(null);
  const isDirty = !isSameDraft(draft, saved);
  const shownLanguage = languages.includes(language) ? language : languages[0];
  const blocks = shownLanguage ? (draft.content[shownLanguage]?.blocks ?? []) : [];

  const word = (issue: IssueLike) => t(`validation:${issue.code}` as "validation:required", issue.params ?? {});
  const issues = useMemo(
    () =>
      editorIssues(
        shownLanguage ? checkCampaignContent({ subject: draft.subject, content: { blocks } }) : [],
        blocks,
        shownLanguage ?? "en",
        word,
      ),
    // `word` reads the current language's catalogue; the issues follow the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft.subject, blocks, shownLanguage, t],
  );

  useEffect(() => {
    if (!targetPlace) return;
    const block = targetPlace.blockIndex !== null ? blocks[targetPlace.blockIndex] : undefined;
    const node =
      targetPlace.area === "subject"
        ? document.getElementById("campaign-subject")
        : target === "fromEmail"
          ? document.getElementById("campaign-from-email")
          : block
            ? document.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(block.id)}"]`)
            : document.getElementById("campaign-content-title");
    node?.scrollIntoView({ block: "center" });
    const field = node?.matches("input, textarea")
      ? node
      : (node?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        node?.querySelector<HTMLElement>("input, textarea"));
    field?.focus({ preventScroll: true });
    // Once, when the editor opens at a field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  const set = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  function keep(answer: CampaignJson) {
    const next = draftOf(answer);
    setSaved(next);
    setDraft(next);
  }

  async function save(): Promise<boolean> {
    setFailure(null);
    try {
      keep(await update.mutateAsync({ id: campaign.id, body: updateOf(draft) }));
      return true;
    } catch (error) {
      const fields = isApiError(error)
        ? Object.fromEntries(error.details.map((detail) => [detail.field, detail.message]))
        : {};
      setFailure({ message: errorMessage(error, t), fields });
      return false;
    }
  }

  /** A template in a language (a new language, or in place of its content); unsaved changes are saved first. */
  async function applyTemplate(choice: { type: CampaignType; language: CampaignLanguage }) {
    if (isDirty && !(await save())) throw new Error(t("campaigns.editor.saveFirst"));
    keep(await changeTemplate.mutateAsync({ id: campaign.id, body: choice }));
    setLanguage(choice.language);
  }

  const missingLanguages = CAMPAIGN_LANGUAGES.filter((candidate) => !languages.includes(candidate));
  const fieldError = (field: string) => failure?.fields[field];
  const subjectLength = [...draft.subject].length;

  return (
    <Stack gap="md">
      <UnsavedChangesGuard isDirty={isDirty} />
      <FailureAlert message={failure?.message} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="campaign-settings-title">
        <Title order={3} size="h5" id="campaign-settings-title" mb="sm">
          {t("campaigns.editor.settings")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t("campaigns.fields.name")}
            required
            maxLength={CAMPAIGN_NAME_MAX}
            value={draft.name}
            onChange={(changed) => set("name", changed.currentTarget.value)}
            error={fieldError("name")}
            disabled={!canEdit}
          />
          <Stack gap={2}>
            <TextInput
              ref={subjectInput}
              id="campaign-subject"
              label={t("campaigns.fields.subject")}
              required
              description={t("campaigns.fields.subjectCount", { count: subjectLength, max: CAMPAIGN_SUBJECT_MAX })}
              value={draft.subject}
              onChange={(changed) => set("subject", changed.currentTarget.value)}
              error={issues.subject.join(" ") || fieldError("subject")}
              disabled={!canEdit}
            />
            <Group justify="flex-end">
              <MergeTagMenu
                fieldLabel={t("campaigns.fields.subject")}
                disabled={!canEdit}
                onInsert={(tag) => insertAtCaret(subjectInput, draft.subject, tag, (value) => set("subject", value))}
              />
            </Group>
          </Stack>
          <TextInput
            label={t("campaigns.fields.fromName")}
            maxLength={CAMPAIGN_FROM_NAME_MAX}
            value={draft.fromName}
            onChange={(changed) => set("fromName", changed.currentTarget.value)}
            error={fieldError("fromName")}
            disabled={!canEdit}
          />
          <FromEmailSelect
            accountId={accountId}
            value={draft.fromEmail}
            onChange={(value) => set("fromEmail", value)}
            error={fieldError("fromEmail")}
            disabled={!canEdit}
          />
          <TextInput
            type="email"
            label={t("campaigns.fields.replyEmail")}
            value={draft.replyEmail}
            onChange={(changed) => set("replyEmail", changed.currentTarget.value)}
            error={fieldError("replyEmail")}
            disabled={!canEdit}
          />
          <TextInput
            label={t("campaigns.fields.previewText")}
            description={t("campaigns.fields.previewTextHelp")}
            maxLength={CAMPAIGN_PREVIEW_TEXT_MAX}
            value={draft.previewText}
            onChange={(changed) => set("previewText", changed.currentTarget.value)}
            error={fieldError("previewText")}
            disabled={!canEdit}
          />
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="campaign-content-title">
        <Group justify="space-between" mb="sm" gap="xs">
          <Title order={3} size="h5" id="campaign-content-title">
            {t("campaigns.editor.content")}
          </Title>
          {canEdit && (
            <Group gap="xs">
              {missingLanguages.length > 0 && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button variant="default" leftSection={<IconPlus size={14} />}>
                      {t("campaigns.editor.addLanguage")}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {missingLanguages.map((candidate) => (
                      <Menu.Item
                        key={candidate}
                        onClick={() =>
                          void applyTemplate({ type: campaign.type, language: candidate }).catch((error: unknown) =>
                            setFailure({ message: errorMessage(error, t), fields: {} }),
                          )
                        }
                      >
                        {t(`languages.${candidate}`)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )}
              <TemplateMenu onPick={setTemplateChoice} disabled={changeTemplate.isPending} />
            </Group>
          )}
        </Group>
        {languages.length === 0 ? (
          <Alert color="yellow" variant="light">
            {t("campaigns.editor.noLanguage")}
          </Alert>
        ) : (
          <Tabs value={shownLanguage ?? null} onChange={(value) => value && setLanguage(value as CampaignLanguage)}>
            <Tabs.List aria-label={t("campaigns.editor.languages")} mb="sm">
              {languages.map((candidate) => (
                <Tabs.Tab key={candidate} value={candidate}>
                  {t(`languages.${candidate}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {shownLanguage && (
              <Tabs.Panel value={shownLanguage}>
                <BlocksEditor
                  blocks={blocks}
                  issues={issues}
                  canEdit={canEdit}
                  onChange={(next) =>
                    setDraft((current) => ({
                      ...current,
                      content: { ...current.content, [shownLanguage]: { blocks: next } },
                    }))
                  }
                />
              </Tabs.Panel>
            )}
          </Tabs>
        )}
      </Paper>

      {canEdit && (
        <Group
          justify="flex-end"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 2, borderTop: "1px solid var(--mantine-color-default-border)" }}
        >
          {isDirty && (
            <Text size="sm" c="dimmed">
              {t("campaigns.editor.unsaved")}
            </Text>
          )}
          <Button variant="default" disabled={!isDirty || update.isPending} onClick={() => setDraft(saved)}>
            {t("campaigns.editor.discard")}
          </Button>
          <Button
            loading={update.isPending}
            disabled={!isDirty}
            onClick={() => void save().then((ok) => ok && notifySuccess(t("campaigns.editor.savedNotice")))}
          >
            {t("common.save")}
          </Button>
        </Group>
      )}

      {templateChoice && (
        <ConfirmModal
          title={t("campaigns.editor.changeTemplate")}
          message={t(
            draft.content[templateChoice.language]
              ? "campaigns.editor.templateConfirm"
              : "campaigns.editor.templateConfirmNew",
            {
              type: t(`campaigns.types.${templateChoice.type}`),
              language: t(`languages.${templateChoice.language}`),
            },
          )}
          confirmLabel={t("campaigns.editor.templateApply")}
          onConfirm={() => applyTemplate(templateChoice)}
          onClose={() => setTemplateChoice(null)}
        />
      )}
    </Stack>
  );
}

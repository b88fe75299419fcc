import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { checkCampaignContent } from "@tessera/shared/campaigns/check";
import type { CampaignBlock } from "@tessera/shared/campaigns/content";
import { isApiError } from "@tessera/shared/client";
import { CAMPAIGN_SUBJECT_MAX } from "@tessera/shared/rules/campaigns";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { UnsavedChangesGuard } from "@/components/UnsavedChangesGuard.tsx";
import { useResetAutoMail, useSaveAutoMail, type AutoMailJson } from "@/queries/autoMails.ts";
import { useCampaignsArea } from "../campaignsBase.ts";
import { BlocksEditor } from "../editor/BlocksEditor.tsx";
import { insertAtCaret } from "../editor/caret.ts";
import { editorIssues, type IssueLike } from "../editor/issues.ts";
import { MergeTagMenu } from "../editor/MergeTagMenu.tsx";
import { MergeTagsContext } from "../editor/mergeTagsContext.ts";
import { AutoMailPreview } from "./AutoMailPreview.tsx";

interface Draft {
  subject: string;
  blocks: CampaignBlock[];
}

const draftOf = (mail: AutoMailJson): Draft => ({ subject: mail.subject, blocks: mail.content.blocks });

/**
 * An automatic mail's wording in one language, written with the campaign editor's blocks and its kind's merge
 * tags; the content rules shown as the author writes (the API's words); Save, Reset to default (with a
 * confirmation), and the preview of the draft beside it.
 */
export function AutoMailEditor({ mail }: { mail: AutoMailJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, canEdit } = useCampaignsArea();
  const save = useSaveAutoMail(accountId, event.id, mail.kind, mail.language);
  const reset = useResetAutoMail(accountId, event.id, mail.kind, mail.language);
  const [saved, setSaved] = useState(() => draftOf(mail));
  const [draft, setDraft] = useState(saved);
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [isResetting, setResetting] = useState(false);
  const subjectInput = useRef<HTMLInputElement>(null);
  const vocabulary = useMemo(() => ({ tags: mail.tags, linkTags: mail.linkTags }), [mail.tags, mail.linkTags]);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const word = (issue: IssueLike) => t(`validation:${issue.code}` as "validation:required", issue.params ?? {});
  const issues = useMemo(
    () =>
      editorIssues(
        checkCampaignContent({ subject: draft.subject, content: { blocks: draft.blocks } }, vocabulary),
        draft.blocks,
        mail.language,
        word,
      ),
    // `word` reads the current language's catalogue; the issues follow the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft, vocabulary, mail.language, t],
  );

  function keep(answer: AutoMailJson) {
    const next = draftOf(answer);
    setSaved(next);
    setDraft(next);
  }

  async function saveDraft() {
    setFailure(null);
    try {
      keep(await save.mutateAsync({ subject: draft.subject, content: { blocks: draft.blocks } }));
      notifySuccess(t("autoMails.saved"));
    } catch (error) {
      const fields = isApiError(error)
        ? Object.fromEntries(error.details.map((detail) => [detail.field, detail.message]))
        : {};
      setFailure({ message: errorMessage(error, t), fields });
    }
  }

  async function resetWording() {
    keep(await reset.mutateAsync());
    notifySuccess(t("autoMails.resetDone"));
  }

  const subjectLength = [...draft.subject].length;
  const language = t(`languages.${mail.language}`);

  return (
    <MergeTagsContext.Provider value={vocabulary}>
      <UnsavedChangesGuard isDirty={isDirty} />
      <Stack gap="md">
        {!mail.enabled && (
          <Alert color="yellow" variant="light">
            {t("autoMails.off")}
          </Alert>
        )}
        <FailureAlert message={failure?.message} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="auto-mail-content-title">
            <Group justify="space-between" mb="sm" gap="xs">
              <Title order={3} size="h5" id="auto-mail-content-title">
                {t("campaigns.editor.content")}
              </Title>
              <Badge variant="light" color={mail.isCustomised ? "blue" : "gray"}>
                {mail.isCustomised ? t("autoMails.isOwn") : t("autoMails.isDefault")}
              </Badge>
            </Group>
            <Stack gap="sm">
              <Stack gap={2}>
                <TextInput
                  ref={subjectInput}
                  label={t("campaigns.fields.subject")}
                  required
                  description={t("campaigns.fields.subjectCount", { count: subjectLength, max: CAMPAIGN_SUBJECT_MAX })}
                  value={draft.subject}
                  onChange={(changed) => setDraft({ ...draft, subject: changed.currentTarget.value })}
                  error={issues.subject.join(" ") || failure?.fields.subject}
                  disabled={!canEdit}
                />
                <Group justify="flex-end">
                  <MergeTagMenu
                    fieldLabel={t("campaigns.fields.subject")}
                    disabled={!canEdit}
                    onInsert={(tag) =>
                      insertAtCaret(subjectInput, draft.subject, tag, (value) => setDraft({ ...draft, subject: value }))
                    }
                  />
                </Group>
              </Stack>
              <BlocksEditor
                blocks={draft.blocks}
                issues={issues}
                canEdit={canEdit}
                onChange={(blocks) => setDraft((current) => ({ ...current, blocks }))}
              />
            </Stack>
          </Paper>
          <AutoMailPreview mail={mail} draft={{ subject: draft.subject, content: { blocks: draft.blocks } }} />
        </SimpleGrid>
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
            {mail.isCustomised && (
              <Button variant="default" color="red" onClick={() => setResetting(true)}>
                {t("autoMails.reset")}
              </Button>
            )}
            <Button variant="default" disabled={!isDirty || save.isPending} onClick={() => setDraft(saved)}>
              {t("campaigns.editor.discard")}
            </Button>
            <Button loading={save.isPending} disabled={!isDirty} onClick={() => void saveDraft()}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </Stack>
      {isResetting && (
        <ConfirmModal
          title={t("autoMails.resetTitle")}
          message={t("autoMails.resetConfirm", { language })}
          confirmLabel={t("autoMails.reset")}
          onConfirm={resetWording}
          onClose={() => setResetting(false)}
        />
      )}
    </MergeTagsContext.Provider>
  );
}

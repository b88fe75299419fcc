import { Grid, Stack, Text } from "@mantine/core";
import { EBADGE_BLOCKS_MAX, type EbadgeBlockType } from "@tessera/shared/rules/ebadges";
import { isApiError } from "@tessera/shared/client";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { UnsavedChangesGuard } from "@/components/UnsavedChangesGuard.tsx";
import { useCustomFields } from "@/queries/customFields.ts";
import { ebadgeBackgroundUrl, useUpdateEbadge, type EbadgeBlockJson, type EbadgeJson } from "@/queries/ebadges.ts";
import { blockName, pageLabel, type QuestionRef } from "../ebadgeWords.ts";
import { useEbadgesArea } from "../EbadgesContext.ts";
import { AddBlockButtons } from "./AddBlockButtons.tsx";
import { BackgroundPanel } from "./BackgroundPanel.tsx";
import { BadgeCanvas, CANVAS_FOCUS } from "./BadgeCanvas.tsx";
import {
  draftFailureOf,
  draftOf,
  isDraftChanged,
  pageOf,
  updateBodyOf,
  withBlock,
  withoutBlock,
  withPage,
  type BadgeDraft,
  type DraftFailure,
} from "./badgeDraft.ts";
import { newBlock } from "./blockDefaults.ts";
import { BlockPropertiesPanel } from "./BlockPropertiesPanel.tsx";
import { EditorHeader } from "./EditorHeader.tsx";
import { applyKeyAction, type BlockKeyAction } from "./geometry.ts";
import { PreviewPanel } from "./PreviewPanel.tsx";

const NO_PROBLEMS: string[] = [];

/**
 * A template's editor: its page and blocks held as a draft until saved (leaving asks first while it differs),
 * the canvas, the selected block's properties, the background, and the PDF preview of the draft for a guest.
 */
export function EbadgeEditor({ saved }: { saved: EbadgeJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base } = useEbadgesArea();
  const update = useUpdateEbadge(accountId, event.id);
  const custom = useCustomFields(accountId, event.id);
  const [draft, setDraft] = useState<BadgeDraft>(() => draftOf(saved));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [failure, setFailure] = useState<DraftFailure | null>(null);
  const canEdit = saved.abilities.update;
  const page = pageOf(draft);
  const isDirty = isDraftChanged(draft, saved);
  const questions = useMemo<QuestionRef[]>(
    () => custom.fields.map((field) => ({ id: field.id, label: field.label, name: field.name })),
    [custom.fields],
  );
  const nameOf = useCallback(
    (block: EbadgeBlockJson) => blockName(t, block, questions, event.name),
    [t, questions, event.name],
  );
  const selected = draft.blocks.find((block) => block.id === selectedId) ?? null;
  const problemIds = useMemo(() => new Set(failure?.byBlock.keys() ?? []), [failure]);
  const onFocused = useCallback(() => setFocusId(null), []);

  const change = (block: EbadgeBlockJson) => setDraft((current) => withBlock(current, block));

  function add(type: EbadgeBlockType) {
    const block = newBlock(type, page, draft.blocks, t("ebadges.editor.newText"));
    setDraft((current) => withBlock(current, block));
    setSelectedId(block.id);
    setFocusId(block.id);
  }

  function remove(id: string) {
    const index = draft.blocks.findIndex((block) => block.id === id);
    const next = draft.blocks[index + 1] ?? draft.blocks[index - 1];
    setDraft((current) => withoutBlock(current, id));
    setSelectedId(next?.id ?? null);
    setFocusId(next?.id ?? CANVAS_FOCUS);
  }

  function keyAction(id: string, action: BlockKeyAction) {
    if (action.kind === "remove") return remove(id);
    setDraft((current) => {
      const block = current.blocks.find((candidate) => candidate.id === id);
      const changed = block && applyKeyAction(block, action, pageOf(current));
      return changed ? withBlock(current, changed) : current;
    });
  }

  async function save() {
    setFailure(null);
    try {
      const answer = await update.mutateAsync({ id: saved.id, body: updateBodyOf(draft) });
      setDraft(draftOf(answer));
      notifySuccess(t("ebadges.editor.savedNotice", { name: answer.name }));
    } catch (error) {
      setFailure(
        isApiError(error)
          ? draftFailureOf(error, draft.blocks)
          : { message: errorMessage(error, t), byBlock: new Map() },
      );
    }
  }

  return (
    <Stack gap="md">
      <UnsavedChangesGuard isDirty={isDirty} />
      <EditorHeader
        backTo={base}
        name={saved.name}
        format={draft.format}
        orientation={draft.orientation}
        canEdit={canEdit}
        isDirty={isDirty}
        isSaving={update.isPending}
        onPage={(format, orientation) => setDraft((current) => withPage(current, format, orientation))}
        onSave={() => void save()}
      />
      <FailureAlert message={failure?.message} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {canEdit && <AddBlockButtons isFull={draft.blocks.length >= EBADGE_BLOCKS_MAX} onAdd={add} />}
            {draft.blocks.length === 0 && (
              <Text size="sm" c="dimmed">
                {t("ebadges.editor.noBlocks")}
              </Text>
            )}
            <BadgeCanvas
              page={page}
              pageName={pageLabel(t, draft.format, draft.orientation)}
              blocks={draft.blocks}
              nameOf={nameOf}
              selectedId={selectedId}
              problemIds={problemIds}
              canEdit={canEdit}
              focusId={focusId}
              onFocused={onFocused}
              onSelect={setSelectedId}
              onChange={change}
              onKeyAction={keyAction}
              backgroundUrl={ebadgeBackgroundUrl(accountId, event.id, saved)}
              eventName={event.name}
              logoUrl={event.logo?.url ?? null}
              questions={questions}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <BlockPropertiesPanel
              block={selected}
              page={page}
              questions={questions}
              problems={(selected && failure?.byBlock.get(selected.id)) || NO_PROBLEMS}
              canEdit={canEdit}
              onChange={change}
              onRemove={() => selected && remove(selected.id)}
            />
            <BackgroundPanel ebadge={saved} canEdit={canEdit} />
          </Stack>
        </Grid.Col>
      </Grid>
      {canEdit && <PreviewPanel ebadgeId={saved.id} draft={updateBodyOf(draft)} />}
    </Stack>
  );
}

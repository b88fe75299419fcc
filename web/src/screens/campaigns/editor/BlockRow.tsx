import { ActionIcon, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { CampaignBlock } from "@tessera/shared/campaigns/content";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { IconGrip, IconTrash } from "@/components/icons.tsx";
import { isMovable } from "./blocks.ts";
import { BlockFields } from "./BlockFields.tsx";
import { messageAt, type ShownIssue } from "./issues.ts";

export interface BlockRowProps {
  block: CampaignBlock;
  position: number;
  count: number;
  moves: { up: boolean; down: boolean };
  issues: readonly ShownIssue[] | undefined;
  canEdit: boolean;
  onChange: (block: CampaignBlock) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

/** One block: its handle (pointer or keyboard drag), its move buttons, its fields and the rules' messages at it. */
export function BlockRow({
  block,
  position,
  count,
  moves,
  issues,
  canEdit,
  onChange,
  onMove,
  onRemove,
}: BlockRowProps) {
  const { t } = useTranslation("web");
  const movable = canEdit && isMovable(block);
  const sortable = useSortable({
    id: block.id,
    disabled: { draggable: !movable, droppable: !canEdit },
    attributes: { roleDescription: t("campaigns.editor.dnd.roleDescription") },
  });
  const name = t("campaigns.editor.blockName", { type: t(`campaigns.blocks.${block.type}`), position, count });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    position: "relative",
    zIndex: sortable.isDragging ? 1 : undefined,
    borderStyle: sortable.isDragging ? "dashed" : undefined,
  };
  const blockMessage = messageAt(issues, null);
  const hasIssues = Boolean(issues?.length);
  return (
    <Paper
      ref={sortable.setNodeRef}
      style={style}
      withBorder
      p="sm"
      radius="sm"
      data-testid="campaign-block"
      data-block-id={block.id}
      data-block-type={block.type}
      component="section"
      aria-label={name}
      bd={hasIssues ? "1px solid var(--mantine-color-red-6)" : undefined}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          {movable && (
            <ActionIcon
              ref={sortable.setActivatorNodeRef}
              {...sortable.attributes}
              {...sortable.listeners}
              variant="subtle"
              color="gray"
              aria-label={t("campaigns.editor.dragBlock", { name })}
              style={{ cursor: sortable.isDragging ? "grabbing" : "grab", touchAction: "none" }}
            >
              <IconGrip size={18} />
            </ActionIcon>
          )}
          <Badge variant="light" color={block.type === "footer" ? "gray" : "indigo"}>
            {t(`campaigns.blocks.${block.type}`)}
          </Badge>
          <Text size="xs" c="dimmed" style={{ flex: 1 }}>
            {block.type === "footer" ? t("campaigns.editor.footerHelp") : ""}
          </Text>
          {movable && (
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={!moves.up}
                aria-label={t("campaigns.editor.moveUp", { name })}
                onClick={() => onMove(-1)}
              >
                <Text span size="sm" aria-hidden>
                  ↑
                </Text>
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={!moves.down}
                aria-label={t("campaigns.editor.moveDown", { name })}
                onClick={() => onMove(1)}
              >
                <Text span size="sm" aria-hidden>
                  ↓
                </Text>
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("campaigns.editor.removeBlock", { name })}
                onClick={onRemove}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          )}
        </Group>
        {blockMessage && (
          <Text size="sm" c="red.8" role="note">
            {blockMessage}
          </Text>
        )}
        <BlockFields block={block} onChange={onChange} issues={issues} disabled={!canEdit} />
      </Stack>
    </Paper>
  );
}

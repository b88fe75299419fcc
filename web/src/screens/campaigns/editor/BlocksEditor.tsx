import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Button, Menu, Stack, Text } from "@mantine/core";
import type { CampaignBlock } from "@tessera/shared/campaigns/content";
import { useTranslation } from "react-i18next";
import { IconPlus } from "@/components/icons.tsx";
import {
  ADDABLE_BLOCK_TYPES,
  addBlock,
  canAddBlock,
  moveBlockBy,
  moveBlockOnto,
  movesOf,
  newBlock,
  removeBlock,
  updateBlock,
} from "./blocks.ts";
import { BlockRow } from "./BlockRow.tsx";
import type { EditorIssues } from "./issues.ts";

/**
 * A language version's blocks as one sortable list: dragged by their handle with the pointer or the keyboard
 * (space, arrows, space) or moved with their buttons, what happens read out to screen readers; the footer stays
 * last; the "add a block" menu puts new ones before it.
 */
export function BlocksEditor({
  blocks,
  onChange,
  issues,
  canEdit,
}: {
  blocks: readonly CampaignBlock[];
  onChange: (blocks: CampaignBlock[]) => void;
  issues: EditorIssues;
  canEdit: boolean;
}) {
  const { t } = useTranslation("web");
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const index = blocks.findIndex((block) => block.id === id);
    const block = blocks[index];
    return block
      ? t("campaigns.editor.blockName", {
          type: t(`campaigns.blocks.${block.type}`),
          position: index + 1,
          count: blocks.length,
        })
      : "";
  };
  const placeOf = (id: string | number) => blocks.findIndex((block) => block.id === id) + 1;

  function drop({ active, over }: DragEndEvent) {
    if (over) onChange(moveBlockOnto(blocks, String(active.id), String(over.id)));
  }

  return (
    <Stack gap="xs">
      {issues.content.map((message) => (
        <Text key={message} size="sm" c="red.8" data-testid="campaign-content-issue">
          {message}
        </Text>
      ))}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={drop}
        accessibility={{
          screenReaderInstructions: { draggable: t("campaigns.editor.dnd.instructions") },
          announcements: {
            onDragStart: ({ active }) => t("campaigns.editor.dnd.picked", { name: nameOf(active.id) }),
            onDragOver: ({ active, over }) =>
              over
                ? t("campaigns.editor.dnd.over", { name: nameOf(active.id), position: placeOf(over.id) })
                : undefined,
            onDragEnd: ({ active, over }) =>
              over
                ? t("campaigns.editor.dnd.dropped", { name: nameOf(active.id), position: placeOf(over.id) })
                : t("campaigns.editor.dnd.cancelled", { name: nameOf(active.id) }),
            onDragCancel: ({ active }) => t("campaigns.editor.dnd.cancelled", { name: nameOf(active.id) }),
          },
        }}
      >
        <SortableContext items={blocks.map((block) => block.id)} strategy={verticalListSortingStrategy}>
          <Stack gap="xs" data-testid="campaign-blocks">
            {blocks.map((block, index) => (
              <BlockRow
                key={block.id}
                block={block}
                position={index + 1}
                count={blocks.length}
                moves={movesOf(blocks, block.id)}
                issues={issues.blocks.get(block.id)}
                canEdit={canEdit}
                onChange={(next) => onChange(updateBlock(blocks, block.id, next))}
                onMove={(delta) => onChange(moveBlockBy(blocks, block.id, delta))}
                onRemove={() => onChange(removeBlock(blocks, block.id))}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {canEdit && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={!canAddBlock(blocks)}
              w="fit-content"
            >
              {t("campaigns.editor.addBlock")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {ADDABLE_BLOCK_TYPES.map((type) => (
              <Menu.Item key={type} onClick={() => onChange(addBlock(blocks, newBlock(blocks, type)))}>
                {t(`campaigns.blocks.${type}`)}
              </Menu.Item>
            ))}
            {!blocks.some((block) => block.type === "footer") && (
              <Menu.Item onClick={() => onChange(addBlock(blocks, newBlock(blocks, "footer")))}>
                {t("campaigns.blocks.footer")}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Stack>
  );
}

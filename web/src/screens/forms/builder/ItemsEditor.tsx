import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Stack, Text } from "@mantine/core";
import type { FormItem } from "@tessera/shared/rules/forms";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import { AddItemMenu } from "./AddItemMenu.tsx";
import type { BuilderDraft, BuilderProblem, PlacedProblem } from "./builderRules.ts";
import { dragAnnouncements, type DragSession } from "./dragWords.ts";
import { appendItem, findItem, flattenItems, groupOf, moveItem, removeItem, replaceItem } from "./formTree.ts";
import { GroupEndRow, ItemRow, ItemSummary, Warnings, type RowContext } from "./ItemRow.tsx";

interface ItemsEditorProps {
  draft: BuilderDraft;
  onItemsChange: (items: FormItem[]) => void;
  fields: ReadonlyMap<string, CustomFieldJson>;
  /** The problems of each item (by id), and those of the form as a whole ("You must add at least one item."). */
  problems: ReadonlyMap<string, PlacedProblem[]>;
  formProblems: readonly BuilderProblem[];
  /** The linter's warnings (they never stop a save), by item and for the form as a whole. */
  warnings: ReadonlyMap<string, PlacedProblem[]>;
  formWarnings: readonly BuilderProblem[];
  canEdit: boolean;
  /** The event's companion forms, for a companions item. */
  companionForms: readonly { value: string; label: string }[];
  /** Where the event's questions (custom fields) are managed. */
  fieldsBase: string;
}

const NO_PROBLEMS: PlacedProblem[] = [];

/**
 * The form's items as one sortable list (formTree.ts): dragged by their handle with the pointer or the
 * keyboard (space, arrows, space), into and out of conditional groups, with what happens read out to
 * screen readers; each item with its editor and its problems; the "add" menus.
 */
export function ItemsEditor({
  draft,
  onItemsChange,
  fields,
  problems,
  formProblems,
  warnings,
  formWarnings,
  canEdit,
  companionForms,
  fieldsBase,
}: ItemsEditorProps) {
  const { t, i18n } = useTranslation(["web", "validation"]);
  const { items } = draft;
  const [activeId, setActiveId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  // Remembered by the announcements across the renders of one move (mutated by them, never rendered).
  const [dragSession] = useState<DragSession>(() => ({ hasMoved: false }));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const activeItem = activeId ? findItem(items, activeId) : undefined;
  // While a group is dragged, every group shows as its header: a group never lands inside another.
  const rows = useMemo(() => flattenItems(items, activeItem?.kind === "group"), [items, activeItem?.kind]);
  const projection = activeId && overId ? moveItem(items, activeId, overId) : null;
  const projectedGroupId =
    activeId && projection && "items" in projection ? (groupOf(projection.items, activeId)?.id ?? null) : undefined;
  const context: RowContext = {
    fields,
    canEdit,
    companionForms,
    language: i18n.language,
    draft,
    fieldsBase,
    onChange: (id, next) => onItemsChange(replaceItem(items, id, next)),
    onRemove: (id) => onItemsChange(removeItem(items, id)),
    onAdd: (item, groupId) => {
      onItemsChange(appendItem(items, item, groupId));
      setFocusId(item.id);
    },
    focusId,
    onFocused: () => setFocusId(null),
  };
  const words = { fields, t, language: i18n.language };

  function drop({ active, over }: DragEndEvent) {
    setActiveId(null);
    setOverId(null);
    if (!over) return;
    const outcome = moveItem(items, String(active.id), String(over.id));
    if ("items" in outcome) onItemsChange(outcome.items);
  }

  return (
    <Stack gap="xs">
      <div>
        <Text fw={600} size="sm" component="h3" m={0}>
          {t("forms.builder.items")}
        </Text>
        {canEdit && items.length > 0 && (
          <Text size="xs" c="dimmed">
            {t("forms.builder.itemsHelp")}
          </Text>
        )}
      </div>
      {formProblems.map((problem) => (
        <Text key={problem.field + problem.code} size="sm" c="red.8" data-testid="builder-form-problem">
          {problem.message}
        </Text>
      ))}
      <Warnings warnings={formWarnings} />
      {items.length === 0 && (
        <Text size="sm" c="dimmed" py="sm">
          {t("forms.builder.noItems")}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragStart={({ active }) => {
          setActiveId(String(active.id));
          setOverId(String(active.id));
        }}
        onDragOver={({ over }) => setOverId(over ? String(over.id) : null)}
        onDragEnd={drop}
        onDragCancel={() => {
          setActiveId(null);
          setOverId(null);
        }}
        accessibility={{
          announcements: dragAnnouncements(items, words, dragSession),
          screenReaderInstructions: { draggable: t("forms.builder.dnd.instructions") },
        }}
      >
        <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
          <div data-testid="builder-items">
            {rows.map((row) =>
              row.type === "groupEnd" ? (
                <GroupEndRow
                  key={row.id}
                  row={row}
                  problems={problems.get(row.groupId) ?? NO_PROBLEMS}
                  context={context}
                />
              ) : (
                <ItemRow
                  key={row.id}
                  row={row}
                  isInGroup={
                    row.id === activeId && projectedGroupId !== undefined
                      ? projectedGroupId !== null
                      : row.groupId !== null
                  }
                  isRefused={row.id === activeId && projection !== null && "refused" in projection}
                  isCollapsed={activeItem?.kind === "group"}
                  problems={problems.get(row.id) ?? NO_PROBLEMS}
                  warnings={warnings.get(row.id) ?? NO_PROBLEMS}
                  context={context}
                />
              ),
            )}
          </div>
        </SortableContext>
        <DragOverlay>
          {activeItem ? <ItemSummary item={activeItem} fields={fields} language={i18n.language} /> : null}
        </DragOverlay>
      </DndContext>
      {canEdit && (
        <div>
          <AddItemMenu draft={draft} groupId={null} fields={fields} fieldsBase={fieldsBase} onAdd={context.onAdd} />
        </div>
      )}
    </Stack>
  );
}

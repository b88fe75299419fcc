import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import type { FormItem } from "@tessera/shared/rules/forms";
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { IconGrip, IconTrash } from "@/components/icons.tsx";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import { AddItemMenu } from "./AddItemMenu.tsx";
import type { BuilderDraft, PlacedProblem } from "./builderRules.ts";
import { itemName } from "./dragWords.ts";
import type { BuilderRow } from "./formTree.ts";
import { groupRuleInWords } from "./groupRule.ts";
import { GroupConditionEditor, ItemEditor, shownAt } from "./ItemEditors.tsx";

/** What every row of the list reads and does. */
export interface RowContext {
  fields: ReadonlyMap<string, CustomFieldJson>;
  canEdit: boolean;
  companionForms: readonly { value: string; label: string }[];
  language: string;
  draft: BuilderDraft;
  fieldsBase: string;
  onChange: (id: string, next: FormItem) => void;
  onRemove: (id: string) => void;
  onAdd: (item: FormItem, groupId: string | null) => void;
  /** An item just added: its row takes the focus once shown. */
  focusId: string | null;
  onFocused: () => void;
}

/** The colour of conditional groups: their header, the band along their items, their end. */
const GROUP_BORDER = "2px solid var(--mantine-color-violet-4)";
const GROUP_BACKGROUND = "var(--mantine-color-violet-0)";

/** Where a row sits, which says how it is drawn. */
type RowPlace = "alone" | "inGroup" | "groupHeader" | "groupCollapsed" | "groupEnd";

/**
 * How a row is drawn by its place: alone, in a group's band, a group's header, a whole group shown as its
 * header (while a group is dragged) or a group's end. `outer` is the row dnd-kit measures and moves: rows
 * have no margins and touch, so the list shifts them by exactly the height of the row dragged.
 */
function rowFrame(place: RowPlace): { outer: CSSProperties; inner?: CSSProperties } {
  const band = { background: GROUP_BACKGROUND, border: GROUP_BORDER };
  switch (place) {
    case "alone":
      return { outer: { paddingBottom: 8 } };
    case "inGroup":
      return { outer: { ...band, borderTop: 0, borderBottom: 0, padding: "0 12px 8px 28px" } };
    case "groupHeader":
      return { outer: { ...band, borderBottom: 0, borderRadius: "8px 8px 0 0", padding: "12px 12px 8px" } };
    case "groupCollapsed":
      return { outer: { paddingBottom: 8 }, inner: { ...band, borderRadius: 8, padding: 12 } };
    case "groupEnd":
      return {
        outer: { paddingBottom: 8 },
        inner: { ...band, borderTop: 0, borderRadius: "0 0 8px 8px", padding: "4px 12px 12px 28px" },
      };
  }
}

/** One item of the list: its handle, kind, name, editor and problems (a group: its header and rule). */
export function ItemRow({
  row,
  isInGroup,
  isRefused,
  isCollapsed,
  problems,
  warnings,
  context,
}: {
  row: Extract<BuilderRow, { type: "item" }>;
  /** In a group (for the item being dragged: where it would land). */
  isInGroup: boolean;
  /** The item being dragged would break a rule where it is. */
  isRefused: boolean;
  /** A group shown as its header alone (while a group is dragged). */
  isCollapsed: boolean;
  problems: readonly PlacedProblem[];
  /** The linter's warnings about the item (they never stop a save). */
  warnings: readonly PlacedProblem[];
  context: RowContext;
}) {
  const { t } = useTranslation("web");
  const { item } = row;
  const { canEdit, fields, focusId, onFocused } = context;
  const sortable = useSortable({
    id: row.id,
    disabled: !canEdit,
    attributes: { roleDescription: t("forms.builder.dnd.roleDescription") },
  });
  const [isConfirmingRemoval, setConfirmingRemoval] = useState(false);
  const node = useRef<HTMLDivElement | null>(null);
  const name = itemName(item, fields, t);
  const isGroup = item.kind === "group";

  useEffect(() => {
    if (focusId !== row.id || !node.current) return;
    // Its first field (a title, a group's question), else its handle (a question has no field).
    const target =
      node.current.querySelector<HTMLElement>("input:not([type=hidden]), textarea") ??
      node.current.querySelector<HTMLElement>("[data-drag-handle]");
    target?.focus();
    node.current.scrollIntoView({ block: "nearest" });
    onFocused();
  }, [focusId, row.id, onFocused]);

  function remove() {
    if (item.kind === "group" && item.items.length > 0) setConfirmingRemoval(true);
    else context.onRemove(item.id);
  }

  const frame = rowFrame(isGroup ? (isCollapsed ? "groupCollapsed" : "groupHeader") : isInGroup ? "inGroup" : "alone");
  const style: CSSProperties = {
    ...frame.outer,
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    position: "relative",
    zIndex: sortable.isDragging ? 1 : undefined,
  };
  const header = (
    <Group gap="xs" wrap="nowrap" align="center">
      {canEdit && (
        <ActionIcon
          ref={sortable.setActivatorNodeRef}
          {...sortable.attributes}
          {...sortable.listeners}
          data-drag-handle
          variant="subtle"
          color="gray"
          aria-label={t("forms.builder.moveItem", { name })}
          style={{ cursor: sortable.isDragging ? "grabbing" : "grab", touchAction: "none" }}
        >
          <IconGrip size={18} />
        </ActionIcon>
      )}
      {/* On a narrow screen the name goes under the kind rather than being squeezed beside it. */}
      <Group gap={6} wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
        <Badge variant="light" color={isGroup ? "violet" : "indigo"} style={{ flexShrink: 0 }}>
          {t(`forms.builder.kinds.${item.kind}`)}
        </Badge>
        <Text fw={500} size="sm" style={{ flex: "1 1 10rem", minWidth: 0, overflowWrap: "anywhere" }}>
          {item.kind === "group" ? groupRuleInWords(item.condition, fields, t, context.language) : name}
        </Text>
      </Group>
      {canEdit && (
        <ActionIcon variant="subtle" color="red" aria-label={t("forms.builder.removeItem", { name })} onClick={remove}>
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );
  const leftover = problems.filter((problem) => !shownAt(item).includes(problem.at));
  // The place the item dragged would take (in the band of a group when it would land in one): a dashed
  // outline, its text as readable as ever (a faded copy would not be).
  const placeholder: CSSProperties | undefined = sortable.isDragging
    ? {
        borderStyle: "dashed",
        borderColor: isRefused ? "var(--mantine-color-red-7)" : "var(--mantine-color-indigo-5)",
        background: isRefused ? "var(--mantine-color-red-0)" : "var(--mantine-color-indigo-0)",
      }
    : undefined;
  return (
    <div
      ref={(element) => {
        sortable.setNodeRef(element);
        node.current = element;
      }}
      style={style}
      data-testid={isGroup ? "builder-group" : "builder-item"}
      data-item-id={item.id}
      data-kind={item.kind}
    >
      {isGroup ? (
        <Stack gap="xs" style={{ ...frame.inner, ...placeholder }}>
          {header}
          <GroupConditionEditor item={item} problems={problems} context={context} />
          <Problems problems={leftover} />
          <Warnings warnings={warnings} />
        </Stack>
      ) : (
        <Paper withBorder p="xs" style={placeholder}>
          <Stack gap="xs">
            {header}
            <ItemEditor item={item} problems={problems} context={context} />
            <Problems problems={leftover} />
            <Warnings warnings={warnings} />
          </Stack>
        </Paper>
      )}
      {isConfirmingRemoval && item.kind === "group" && (
        <ConfirmModal
          title={t("forms.builder.group.removeTitle")}
          message={t("forms.builder.group.removeConfirm", { count: item.items.length })}
          confirmLabel={t("common.remove")}
          onConfirm={async () => context.onRemove(item.id)}
          onClose={() => setConfirmingRemoval(false)}
        />
      )}
    </div>
  );
}

/** The end of a group: where its items are added (or dropped when it has none), and its own problems. */
export function GroupEndRow({
  row,
  problems,
  context,
}: {
  row: Extract<BuilderRow, { type: "groupEnd" }>;
  problems: readonly PlacedProblem[];
  context: RowContext;
}) {
  const { t } = useTranslation("web");
  const sortable = useSortable({ id: row.id, disabled: { draggable: true, droppable: !context.canEdit } });
  const empty = problems.filter((problem) => problem.at === "items");
  return (
    <div
      ref={sortable.setNodeRef}
      style={{
        ...rowFrame("groupEnd").outer,
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
      }}
      data-testid="builder-group-end"
    >
      <Stack gap={6} style={rowFrame("groupEnd").inner}>
        {row.isEmpty && (
          <Text
            size="sm"
            c="dimmed"
            ta="center"
            py={6}
            style={{ border: "1px dashed var(--mantine-color-violet-4)", borderRadius: 6 }}
          >
            {t("forms.builder.group.empty")}
          </Text>
        )}
        <Problems problems={empty} />
        {context.canEdit && (
          <div>
            <AddItemMenu
              draft={context.draft}
              groupId={row.groupId}
              fields={context.fields}
              fieldsBase={context.fieldsBase}
              onAdd={context.onAdd}
            />
          </div>
        )}
      </Stack>
    </div>
  );
}

/** The problems of an item that no field of its editor shows. */
export function Problems({ problems }: { problems: readonly { field: string; message: string }[] }): ReactNode {
  if (!problems.length) return null;
  return (
    <Stack gap={2}>
      {problems.map((problem) => (
        <Text key={problem.field + problem.message} size="xs" c="red.8" data-testid="builder-problem">
          {problem.message}
        </Text>
      ))}
    </Stack>
  );
}

/** The linter's warnings about an item or the form: things that work against what was meant, saved anyway. */
export function Warnings({ warnings }: { warnings: readonly { field: string; message: string }[] }): ReactNode {
  if (!warnings.length) return null;
  return (
    <Stack gap={2}>
      {warnings.map((warning) => (
        <Text key={warning.field + warning.message} size="xs" c="orange.9" data-testid="builder-warning">
          {warning.message}
        </Text>
      ))}
    </Stack>
  );
}

/** What follows the pointer while an item is dragged: its kind and name (a group: its rule and size). */
export function ItemSummary({
  item,
  fields,
  language,
}: {
  item: FormItem;
  fields: ReadonlyMap<string, CustomFieldJson>;
  language: string;
}) {
  const { t } = useTranslation("web");
  const isGroup = item.kind === "group";
  return (
    <Paper
      withBorder
      shadow="md"
      p="xs"
      style={isGroup ? { borderColor: "var(--mantine-color-violet-4)", background: GROUP_BACKGROUND } : undefined}
    >
      <Group gap="xs" wrap="nowrap">
        <IconGrip size={18} style={{ flexShrink: 0 }} />
        <Badge variant="light" color={isGroup ? "violet" : "indigo"} style={{ flexShrink: 0 }}>
          {t(`forms.builder.kinds.${item.kind}`)}
        </Badge>
        <Text fw={500} size="sm" truncate>
          {item.kind === "group" ? groupRuleInWords(item.condition, fields, t, language) : itemName(item, fields, t)}
        </Text>
        {item.kind === "group" && (
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {t("forms.builder.group.count", { count: item.items.length })}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Box, Button, ColorSwatch, Group, Menu, Paper, Stack, Text, Title } from "@mantine/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionsMenu } from "@/components/ActionsMenu.tsx";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { IconGrip, IconPlus } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useRemoveTicketCategory, useReorderTicketCategories, type TicketCategoryJson } from "@/queries/ticketing.ts";
import { CategoryModal } from "./CategoryModal.tsx";
import { categoryBranches, movedCategoryIds, type CategoryBranch } from "./categoryTree.ts";
import { failureText } from "./failureText.ts";

type Editing = { kind: "create" } | { kind: "edit"; category: TicketCategoryJson } | null;

/**
 * The event's ticket categories: top-level ones ordered by dragging their handle (mouse, or Space and the arrows
 * on the keyboard), each with its subcategories; created, changed and deleted (asked first) from here.
 */
export function CategoriesPanel({
  accountId,
  eventId,
  categories,
  canEdit,
}: {
  accountId: string;
  eventId: string;
  categories: readonly TicketCategoryJson[];
  canEdit: boolean;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const reorder = useReorderTicketCategories(accountId, eventId);
  const remove = useRemoveTicketCategory(accountId, eventId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TicketCategoryJson | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Whether the category picked up has left its place once: dnd-kit says it is over itself as it is picked up.
  const hasMoved = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const branches = categoryBranches(categories);
  const parents = branches.map((branch) => branch.category);
  const nameOf = (id: string | number) => categories.find((category) => category.id === String(id))?.name ?? "";
  const placeOf = (id: string | number) => ({
    position: branches.findIndex((branch) => branch.category.id === String(id)) + 1,
    count: branches.length,
  });

  function drop(activeId: string, overId: string) {
    const ids = movedCategoryIds(branches, activeId, overId);
    if (!ids) return;
    setFailure(null);
    reorder.mutate(ids, { onError: (error) => setFailure(failureText(error, t)) });
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ticket-categories-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="ticket-categories-title">
            {t("ticketing.categories.title")}
          </Title>
          {canEdit && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ kind: "create" })}>
              {t("ticketing.categories.create")}
            </Button>
          )}
        </Group>
        <FailureAlert message={failure} />
        {branches.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("ticketing.categories.empty")}
          </Text>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
            onDragEnd={({ active, over }) => over && drop(String(active.id), String(over.id))}
            accessibility={{
              screenReaderInstructions: { draggable: t("ticketing.categories.dnd.instructions") },
              announcements: {
                onDragStart: ({ active }) => {
                  hasMoved.current = false;
                  return t("ticketing.categories.dnd.picked", { name: nameOf(active.id), ...placeOf(active.id) });
                },
                onDragOver: ({ active, over }) => {
                  if (over?.id === active.id && !hasMoved.current) return undefined;
                  hasMoved.current = true;
                  return over
                    ? t("ticketing.categories.dnd.over", { name: nameOf(active.id), ...placeOf(over.id) })
                    : undefined;
                },
                onDragEnd: ({ active, over }) =>
                  over
                    ? t("ticketing.categories.dnd.dropped", { name: nameOf(active.id), ...placeOf(over.id) })
                    : t("ticketing.categories.dnd.cancelled", { name: nameOf(active.id) }),
                onDragCancel: ({ active }) => t("ticketing.categories.dnd.cancelled", { name: nameOf(active.id) }),
              },
            }}
          >
            <SortableContext items={parents.map((parent) => parent.id)} strategy={verticalListSortingStrategy}>
              <Stack
                gap={6}
                component="ul"
                style={{ listStyle: "none", margin: 0, padding: 0 }}
                data-testid="ticket-categories"
              >
                {branches.map((branch) => (
                  <CategoryRow
                    key={branch.category.id}
                    branch={branch}
                    canEdit={canEdit}
                    onEdit={(category) => setEditing({ kind: "edit", category })}
                    onDelete={setDeleting}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        )}
      </Stack>
      {editing && (
        <CategoryModal
          accountId={accountId}
          eventId={eventId}
          category={editing.kind === "edit" ? editing.category : undefined}
          parents={
            editing.kind === "edit" &&
            branches.some((b) => b.category.id === editing.category.id && b.children.length > 0)
              ? []
              : parents
          }
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          title={t("ticketing.categories.deleteTitle", { name: deleting.name })}
          message={t(
            deleting.parentId ? "ticketing.categories.deleteSubMessage" : "ticketing.categories.deleteMessage",
          )}
          confirmLabel={t("common.delete")}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            notifySuccess(t("ticketing.categories.deleted", { name: deleting.name }));
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Paper>
  );
}

function CategoryRow({
  branch,
  canEdit,
  onEdit,
  onDelete,
}: {
  branch: CategoryBranch;
  canEdit: boolean;
  onEdit(category: TicketCategoryJson): void;
  onDelete(category: TicketCategoryJson): void;
}) {
  const { t } = useTranslation("web");
  const { category, children } = branch;
  const sortable = useSortable({ id: category.id, disabled: !canEdit });
  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      data-testid="ticket-category"
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        position: "relative",
        zIndex: sortable.isDragging ? 1 : undefined,
      }}
    >
      <Paper withBorder p={6} bg="var(--mantine-color-body)">
        <CategoryLine category={category} canEdit={canEdit} onEdit={onEdit} onDelete={onDelete}>
          {canEdit && (
            <ActionIcon
              ref={sortable.setActivatorNodeRef}
              {...sortable.attributes}
              {...sortable.listeners}
              variant="subtle"
              color="gray"
              aria-label={t("ticketing.categories.move", { name: category.name })}
              style={{ cursor: sortable.isDragging ? "grabbing" : "grab", touchAction: "none" }}
            >
              <IconGrip size={18} />
            </ActionIcon>
          )}
        </CategoryLine>
        {children.length > 0 && (
          <Stack gap={4} component="ul" pl="xl" mt={4} style={{ listStyle: "none", margin: 0 }}>
            {children.map((child) => (
              <li key={child.id} data-testid="ticket-subcategory">
                <CategoryLine category={child} canEdit={canEdit} onEdit={onEdit} onDelete={onDelete} />
              </li>
            ))}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}

function CategoryLine({
  category,
  canEdit,
  onEdit,
  onDelete,
  children,
}: {
  category: TicketCategoryJson;
  canEdit: boolean;
  onEdit(category: TicketCategoryJson): void;
  onDelete(category: TicketCategoryJson): void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("web");
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
      <ColorSwatch color={category.color} size={16} aria-hidden />
      <Text size="sm" fw={category.parentId ? 400 : 600} style={{ flex: 1, overflowWrap: "anywhere" }}>
        {category.name}
      </Text>
      {canEdit && (
        <ActionsMenu label={t("ticketing.categories.actions", { name: category.name })}>
          <Menu.Item onClick={() => onEdit(category)}>{t("common.edit")}</Menu.Item>
          <Menu.Item color="red" onClick={() => onDelete(category)}>
            {t("common.delete")}
          </Menu.Item>
        </ActionsMenu>
      )}
    </Group>
  );
}

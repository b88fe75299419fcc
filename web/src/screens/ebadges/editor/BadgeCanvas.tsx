import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { Box, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { EbadgeBlockJson } from "@/queries/ebadges.ts";
import type { QuestionRef } from "../ebadgeWords.ts";
import { BadgeBlockView } from "./BadgeBlockView.tsx";
import { BlockContent } from "./BlockContent.tsx";
import { mmToPx, moveBlock, pxToMm, scaleToFit, type BlockKeyAction, type PageSize } from "./geometry.ts";

export interface BadgeCanvasProps {
  page: PageSize;
  /** "A6 portrait". */
  pageName: string;
  blocks: readonly EbadgeBlockJson[];
  nameOf(block: EbadgeBlockJson): string;
  selectedId: string | null;
  problemIds: ReadonlySet<string>;
  canEdit: boolean;
  focusId: string | null;
  onFocused(): void;
  onSelect(id: string | null): void;
  onChange(block: EbadgeBlockJson): void;
  onKeyAction(id: string, action: BlockKeyAction): void;
  backgroundUrl: string | null;
  eventName: string;
  logoUrl: string | null;
  questions: readonly QuestionRef[];
}

const HELP_ID = "badge-canvas-help";
/** The `focusId` that puts the focus on the page itself (its last block was just removed); no block id has a "#". */
export const CANVAS_FOCUS = "#canvas";

/**
 * The badge's page drawn to scale (its width fits the room, millimetres to pixels), its background under the
 * blocks, each block where the PDF puts it. Blocks are dragged with the pointer (dnd-kit, a few pixels before a
 * drag starts so that a click selects); the help below says what the keyboard does.
 */
export function BadgeCanvas(props: BadgeCanvasProps) {
  const { page, blocks, selectedId, canEdit } = props;
  const { t } = useTranslation("web");
  const { ref, width } = useElementSize();
  const pxPerMm = scaleToFit(page, width);
  const pageRef = useRef<HTMLDivElement>(null);
  const { focusId, onFocused } = props;
  useEffect(() => {
    if (focusId !== CANVAS_FOCUS) return;
    pageRef.current?.focus();
    onFocused();
  }, [focusId, onFocused]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 3 } }));
  const nameById = (id: string | number) => {
    const block = blocks.find((candidate) => candidate.id === id);
    return block ? props.nameOf(block) : "";
  };

  function drop({ active, delta }: DragEndEvent) {
    const block = blocks.find((candidate) => candidate.id === active.id);
    if (!block) return;
    props.onSelect(block.id);
    props.onChange(moveBlock(block, pxToMm(delta.x, pxPerMm), pxToMm(delta.y, pxPerMm), page));
  }

  return (
    <Box ref={ref} w="100%">
      <div
        ref={pageRef}
        role="group"
        tabIndex={-1}
        aria-label={t("ebadges.editor.canvasLabel", { page: props.pageName })}
        aria-describedby={HELP_ID}
        data-testid="badge-canvas"
        onPointerDown={(event) => {
          if (event.target === event.currentTarget) props.onSelect(null);
        }}
        style={{
          position: "relative",
          width: mmToPx(page.width, pxPerMm),
          height: mmToPx(page.height, pxPerMm),
          margin: "0 auto",
          background: "white",
          boxShadow: "0 1px 4px rgba(0, 0, 0, 0.25)",
          outline: "1px solid var(--mantine-color-gray-4)",
          overflow: "visible",
        }}
      >
        {props.backgroundUrl && (
          <img
            src={props.backgroundUrl}
            alt=""
            draggable={false}
            style={{
              position: "absolute",
              inset: 0,
              width: "100%",
              height: "100%",
              objectFit: "cover",
              pointerEvents: "none",
            }}
          />
        )}
        <DndContext
          sensors={sensors}
          onDragStart={({ active }) => props.onSelect(String(active.id))}
          onDragEnd={drop}
          accessibility={{
            screenReaderInstructions: { draggable: t("ebadges.editor.keyboardHelp") },
            announcements: {
              onDragStart: ({ active }) => t("ebadges.editor.dnd.picked", { name: nameById(active.id) }),
              onDragOver: () => undefined,
              onDragMove: () => undefined,
              onDragEnd: ({ active }) => t("ebadges.editor.dnd.dropped", { name: nameById(active.id) }),
              onDragCancel: ({ active }) => t("ebadges.editor.dnd.cancelled", { name: nameById(active.id) }),
            },
          }}
        >
          {blocks.map((block) => (
            <BadgeBlockView
              key={block.id}
              block={block}
              name={props.nameOf(block)}
              pxPerMm={pxPerMm}
              page={page}
              isSelected={block.id === selectedId}
              hasProblem={props.problemIds.has(block.id)}
              canEdit={canEdit}
              shouldFocus={block.id === props.focusId}
              onFocused={props.onFocused}
              onSelect={() => props.onSelect(block.id)}
              onChange={props.onChange}
              onKeyAction={(action) => props.onKeyAction(block.id, action)}
            >
              <BlockContent
                block={block}
                pxPerMm={pxPerMm}
                eventName={props.eventName}
                logoUrl={props.logoUrl}
                questions={props.questions}
              />
            </BadgeBlockView>
          ))}
        </DndContext>
      </div>
      <Text id={HELP_ID} size="xs" c="dimmed" mt="sm" ta="center">
        {canEdit ? t("ebadges.editor.keyboardHelp") : t("ebadges.editor.readOnlyHelp")}
      </Text>
    </Box>
  );
}

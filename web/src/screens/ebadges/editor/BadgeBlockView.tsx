import { useDraggable } from "@dnd-kit/core";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { EbadgeBlockJson } from "@/queries/ebadges.ts";
import { BlockHandles } from "./BlockHandles.tsx";
import { blockKeyAction, mmToPx, type BlockKeyAction, type PageSize } from "./geometry.ts";

export interface BadgeBlockViewProps {
  block: EbadgeBlockJson;
  /** "Guest field: Full name". */
  name: string;
  pxPerMm: number;
  page: PageSize;
  isSelected: boolean;
  /** Refused by the last save (drawn in red). */
  hasProblem: boolean;
  canEdit: boolean;
  /** Take the focus once (a block just added, or the next one after a removal). */
  shouldFocus: boolean;
  onFocused(): void;
  onSelect(): void;
  onChange(block: EbadgeBlockJson): void;
  onKeyAction(action: BlockKeyAction): void;
  children: ReactNode;
}

/**
 * One block on the page, placed and turned as the PDF draws it: a button (focusable, named with its place and
 * size) that the pointer drags (dnd-kit) and the keyboard moves, resizes, turns and removes; its handles when
 * it is selected.
 */
export function BadgeBlockView(props: BadgeBlockViewProps) {
  const { block, name, pxPerMm, page, isSelected, hasProblem, canEdit, shouldFocus, onFocused, children } = props;
  const { t } = useTranslation("web");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: block.id,
    disabled: !canEdit,
    attributes: { roleDescription: t("ebadges.editor.blockRole") },
  });
  const frame = useRef<HTMLDivElement | null>(null);
  const button = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (!shouldFocus) return;
    button.current?.focus();
    onFocused();
  }, [shouldFocus, onFocused]);

  const rotation = block.rotation ?? 0;
  const moved = transform ? `translate3d(${transform.x}px, ${transform.y}px, 0) ` : "";
  const border = hasProblem
    ? "2px solid var(--mantine-color-red-7)"
    : isSelected
      ? "2px solid var(--mantine-color-blue-6)"
      : "1px dashed rgba(34, 84, 160, 0.55)";

  return (
    <div
      ref={(node) => {
        frame.current = node;
        setNodeRef(node);
      }}
      data-testid="badge-block"
      data-block-id={block.id}
      style={{
        position: "absolute",
        left: mmToPx(block.x, pxPerMm),
        top: mmToPx(block.y, pxPerMm),
        width: mmToPx(block.width, pxPerMm),
        height: mmToPx(block.height, pxPerMm),
        transform: `${moved}rotate(${rotation}deg)`,
        transformOrigin: "center",
        zIndex: isDragging ? 4 : isSelected ? 2 : 1,
      }}
    >
      <button
        type="button"
        ref={(node) => {
          button.current = node;
          setActivatorNodeRef(node);
        }}
        {...attributes}
        {...listeners}
        aria-label={t("ebadges.editor.blockLabel", {
          name,
          x: block.x,
          y: block.y,
          width: block.width,
          height: block.height,
          rotation,
        })}
        aria-pressed={isSelected}
        onFocus={props.onSelect}
        onClick={props.onSelect}
        onKeyDown={(event) => {
          if (!canEdit) return;
          const action = blockKeyAction(event);
          if (!action) return;
          event.preventDefault();
          props.onKeyAction(action);
        }}
        style={{
          position: "absolute",
          inset: 0,
          display: "block",
          padding: 0,
          margin: 0,
          border,
          background: isSelected ? "rgba(34, 139, 230, 0.08)" : "transparent",
          cursor: canEdit ? (isDragging ? "grabbing" : "move") : "default",
          font: "inherit",
          color: "inherit",
          touchAction: "none",
          overflow: "hidden",
        }}
      >
        {children}
      </button>
      {isSelected && canEdit && !isDragging && (
        <BlockHandles block={block} pxPerMm={pxPerMm} page={page} frame={frame} onChange={props.onChange} />
      )}
    </div>
  );
}

import { useRef, type PointerEvent, type RefObject } from "react";
import type { EbadgeBlockJson } from "@/queries/ebadges.ts";
import { intoBlockAxes, pxToMm, resizeBlock, rotationTowards, type PageSize } from "./geometry.ts";

type Gesture =
  | { kind: "resize"; pointerX: number; pointerY: number; block: EbadgeBlockJson }
  | { kind: "rotate"; centre: { x: number; y: number } };

const HANDLE = 12;

/**
 * The selected block's pointer handles: its bottom-right corner resizes it (along its own sides when it is
 * turned), the knob above it turns it towards the pointer (by 15° with Shift). The keyboard does the same with
 * Alt + arrows and [ ]; the handles are for the pointer only.
 */
export function BlockHandles({
  block,
  pxPerMm,
  page,
  frame,
  onChange,
}: {
  block: EbadgeBlockJson;
  pxPerMm: number;
  page: PageSize;
  /** The block's box on the screen (its centre is the rotation's). */
  frame: RefObject<HTMLDivElement | null>;
  onChange(block: EbadgeBlockJson): void;
}) {
  const gesture = useRef<Gesture | null>(null);

  function start(event: PointerEvent<HTMLDivElement>, next: Gesture) {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = next;
  }

  function move(event: PointerEvent<HTMLDivElement>) {
    const current = gesture.current;
    if (!current) return;
    if (current.kind === "resize") {
      const dx = pxToMm(event.clientX - current.pointerX, pxPerMm);
      const dy = pxToMm(event.clientY - current.pointerY, pxPerMm);
      const along = intoBlockAxes(dx, dy, current.block.rotation ?? 0);
      onChange(resizeBlock(current.block, along.dx, along.dy, page));
    } else {
      const pointer = { x: event.clientX, y: event.clientY };
      onChange({ ...block, rotation: rotationTowards(current.centre, pointer, event.shiftKey) });
    }
  }

  function end(event: PointerEvent<HTMLDivElement>) {
    gesture.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  }

  const knob = {
    position: "absolute",
    width: HANDLE,
    height: HANDLE,
    background: "var(--mantine-color-blue-6)",
    border: "2px solid white",
    boxShadow: "0 0 0 1px var(--mantine-color-blue-6)",
    touchAction: "none",
    zIndex: 3,
  } as const;

  return (
    <>
      <div
        aria-hidden
        data-testid="resize-handle"
        style={{ ...knob, right: -HANDLE / 2, bottom: -HANDLE / 2, cursor: "nwse-resize" }}
        onPointerDown={(event) =>
          start(event, { kind: "resize", pointerX: event.clientX, pointerY: event.clientY, block })
        }
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div
        aria-hidden
        style={{
          position: "absolute",
          left: "50%",
          top: -22,
          height: 22,
          borderLeft: "1px solid var(--mantine-color-blue-6)",
          pointerEvents: "none",
        }}
      />
      <div
        aria-hidden
        data-testid="rotate-handle"
        style={{ ...knob, left: `calc(50% - ${HANDLE / 2}px)`, top: -22 - HANDLE, borderRadius: "50%", cursor: "grab" }}
        onPointerDown={(event) => {
          const box = frame.current?.getBoundingClientRect();
          if (!box) return;
          start(event, { kind: "rotate", centre: { x: box.left + box.width / 2, y: box.top + box.height / 2 } });
        }}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
    </>
  );
}

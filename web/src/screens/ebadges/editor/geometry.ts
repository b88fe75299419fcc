/*
 * The badge editor's geometry, pure: the page is drawn to scale (millimetres to pixels), blocks move and resize
 * in millimetres inside the page, rotation is kept in whole degrees from 0 to 359 (clockwise, about the block's
 * centre, as the PDF draws it: shared/src/rules/ebadges.ts).
 */

export interface PageSize {
  /** mm */
  width: number;
  /** mm */
  height: number;
}

export interface BlockBox {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
}

/** The smallest block side the editor makes (mm): a handle still fits on it. */
export const MIN_BLOCK_MM = 3;
/** One arrow key press (mm); with Shift, BIG_STEP_MM. */
export const STEP_MM = 1;
export const BIG_STEP_MM = 10;
/** One press of [ or ] (degrees); with Shift, FINE_ROTATION_STEP. */
export const ROTATION_STEP = 15;
export const FINE_ROTATION_STEP = 1;

/** Positions are kept to a tenth of a millimetre (a dragged block lands on whole tenths). */
const roundMm = (mm: number) => Math.round(mm * 10) / 10;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Pixels per millimetre that fit a page into `availablePx` across (and at most `maxPxPerMm`). */
export function scaleToFit(page: PageSize, availablePx: number, maxPxPerMm = 4): number {
  if (availablePx <= 0) return 1;
  return Math.min(maxPxPerMm, availablePx / page.width);
}

export function mmToPx(mm: number, pxPerMm: number): number {
  return mm * pxPerMm;
}

export function pxToMm(px: number, pxPerMm: number): number {
  return px / pxPerMm;
}

/** A font size in points drawn at this scale (1 pt = 25.4 / 72 mm). */
export function ptToPx(points: number, pxPerMm: number): number {
  return ((points * 25.4) / 72) * pxPerMm;
}

/** Any angle as whole degrees from 0 to 359 (−90 is 270, 360 is 0). */
export function normaliseRotation(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  return ((Math.round(degrees) % 360) + 360) % 360;
}

/** The block within the page: no larger than it, its box wholly on it. */
export function clampToPage<T extends BlockBox>(block: T, page: PageSize): T {
  const width = roundMm(clamp(block.width, MIN_BLOCK_MM, page.width));
  const height = roundMm(clamp(block.height, MIN_BLOCK_MM, page.height));
  return {
    ...block,
    width,
    height,
    x: roundMm(clamp(block.x, 0, page.width - width)),
    y: roundMm(clamp(block.y, 0, page.height - height)),
  };
}

/** Moved by (dx, dy) mm, kept on the page. */
export function moveBlock<T extends BlockBox>(block: T, dx: number, dy: number, page: PageSize): T {
  return clampToPage({ ...block, x: block.x + dx, y: block.y + dy }, page);
}

/** Its width and height changed by (dw, dh) mm from its top-left corner, kept on the page. */
export function resizeBlock<T extends BlockBox>(block: T, dw: number, dh: number, page: PageSize): T {
  const width = clamp(block.width + dw, MIN_BLOCK_MM, page.width - block.x);
  const height = clamp(block.height + dh, MIN_BLOCK_MM, page.height - block.y);
  return clampToPage({ ...block, width, height }, page);
}

export function rotateBlock<T extends BlockBox>(block: T, delta: number): T {
  return { ...block, rotation: normaliseRotation((block.rotation ?? 0) + delta) };
}

/**
 * A pointer's movement (dx, dy on the screen, mm) in the block's own axes: dragging the corner handle of a
 * turned block stretches it along its own sides.
 */
export function intoBlockAxes(dx: number, dy: number, rotation: number): { dx: number; dy: number } {
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return { dx: dx * cos + dy * sin, dy: -dx * sin + dy * cos };
}

/**
 * The rotation that points the block's top towards the pointer (the rotate handle sits above the centre):
 * 0 straight up, 90 to the right. With `snap`, to the nearest ROTATION_STEP.
 */
export function rotationTowards(centre: { x: number; y: number }, pointer: { x: number; y: number }, snap = false) {
  const degrees = (Math.atan2(pointer.x - centre.x, centre.y - pointer.y) * 180) / Math.PI;
  return normaliseRotation(snap ? Math.round(degrees / ROTATION_STEP) * ROTATION_STEP : degrees);
}

export type BlockKeyAction =
  | { kind: "move"; dx: number; dy: number }
  | { kind: "resize"; dw: number; dh: number }
  | { kind: "rotate"; delta: number }
  | { kind: "remove" };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export interface KeyPress {
  key: string;
  code?: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/**
 * What a key does to the selected block: arrows move it (1 mm, Shift 10 mm), Alt + arrows resize it (right and
 * down grow it), [ and ] turn it (15°, Shift 1°), Delete or Backspace removes it. Anything else: null.
 */
export function blockKeyAction(press: KeyPress): BlockKeyAction | null {
  if (press.ctrlKey || press.metaKey) return null;
  const arrow = ARROWS[press.key];
  if (arrow) {
    const step = press.shiftKey ? BIG_STEP_MM : STEP_MM;
    const [x, y] = arrow;
    return press.altKey ? { kind: "resize", dw: x * step, dh: y * step } : { kind: "move", dx: x * step, dy: y * step };
  }
  const step = press.shiftKey ? FINE_ROTATION_STEP : ROTATION_STEP;
  if (press.key === "[" || press.key === "{" || press.code === "BracketLeft") return { kind: "rotate", delta: -step };
  if (press.key === "]" || press.key === "}" || press.code === "BracketRight") return { kind: "rotate", delta: step };
  if (press.key === "Delete" || press.key === "Backspace") return { kind: "remove" };
  return null;
}

/** A key's action applied to a block (null: it is removed). */
export function applyKeyAction<T extends BlockBox>(block: T, action: BlockKeyAction, page: PageSize): T | null {
  switch (action.kind) {
    case "move":
      return moveBlock(block, action.dx, action.dy, page);
    case "resize":
      return resizeBlock(block, action.dw, action.dh, page);
    case "rotate":
      return rotateBlock(block, action.delta);
    case "remove":
      return null;
  }
}

import { describe, expect, it } from "vitest";
import {
  applyKeyAction,
  type BlockBox,
  blockKeyAction,
  clampToPage,
  intoBlockAxes,
  mmToPx,
  moveBlock,
  normaliseRotation,
  ptToPx,
  pxToMm,
  resizeBlock,
  rotateBlock,
  rotationTowards,
  scaleToFit,
} from "./geometry.ts";

const A6 = { width: 105, height: 148 };
const block: BlockBox = { x: 10, y: 20, width: 40, height: 15 };
const press = (key: string, modifiers: { shiftKey?: boolean; altKey?: boolean; code?: string } = {}) => ({
  key,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe("the badge editor's scale", () => {
  it("turns millimetres into pixels and back", () => {
    expect(mmToPx(210, 2)).toBe(420);
    expect(pxToMm(420, 2)).toBe(210);
    expect(pxToMm(mmToPx(37.5, 3.2), 3.2)).toBeCloseTo(37.5, 10);
  });

  it("fits the page's width into the room there is, up to a largest scale", () => {
    expect(scaleToFit({ width: 210, height: 297 }, 630)).toBe(3);
    expect(scaleToFit({ width: 74, height: 105 }, 2000)).toBe(4);
    expect(scaleToFit(A6, 0)).toBe(1);
  });

  it("draws a font size in points at the page's scale", () => {
    // 72 pt is one inch: 25.4 mm.
    expect(ptToPx(72, 2)).toBeCloseTo(50.8, 10);
  });
});

describe("moving and resizing blocks", () => {
  it("moves a block and keeps it on the page", () => {
    expect(moveBlock(block, 5, -3, A6)).toMatchObject({ x: 15, y: 17 });
    expect(moveBlock(block, -50, -50, A6)).toMatchObject({ x: 0, y: 0 });
    expect(moveBlock(block, 500, 500, A6)).toMatchObject({ x: 65, y: 133 });
  });

  it("rounds positions to tenths of a millimetre", () => {
    expect(moveBlock(block, 0.123, 0.987, A6)).toMatchObject({ x: 10.1, y: 21 });
  });

  it("resizes a block from its top-left corner, neither smaller than 3 mm nor past the page", () => {
    expect(resizeBlock(block, 5, 2, A6)).toMatchObject({ x: 10, y: 20, width: 45, height: 17 });
    expect(resizeBlock(block, -100, -100, A6)).toMatchObject({ width: 3, height: 3 });
    expect(resizeBlock(block, 500, 500, A6)).toMatchObject({ x: 10, y: 20, width: 95, height: 128 });
  });

  it("brings a block back onto a smaller page", () => {
    expect(clampToPage({ x: 150, y: 250, width: 200, height: 30 }, A6)).toEqual({
      x: 0,
      y: 118,
      width: 105,
      height: 30,
    });
  });
});

describe("rotation", () => {
  it("is kept in whole degrees from 0 to 359", () => {
    expect(normaliseRotation(0)).toBe(0);
    expect(normaliseRotation(360)).toBe(0);
    expect(normaliseRotation(-90)).toBe(270);
    expect(normaliseRotation(725.4)).toBe(5);
    expect(normaliseRotation(-0.4)).toBe(0);
    expect(normaliseRotation(Number.NaN)).toBe(0);
    expect(rotateBlock({ ...block, rotation: 350 }, 15).rotation).toBe(5);
    expect(rotateBlock(block, -15).rotation).toBe(345);
  });

  it("points the block's top towards the rotate handle's pointer", () => {
    const centre = { x: 50, y: 50 };
    expect(rotationTowards(centre, { x: 50, y: 10 })).toBe(0);
    expect(rotationTowards(centre, { x: 90, y: 50 })).toBe(90);
    expect(rotationTowards(centre, { x: 50, y: 90 })).toBe(180);
    expect(rotationTowards(centre, { x: 10, y: 50 })).toBe(270);
    expect(rotationTowards(centre, { x: 60, y: 10 }, true)).toBe(15);
  });

  it("reads a pointer's movement along a turned block's own sides", () => {
    const turned = intoBlockAxes(0, 10, 90);
    expect(turned.dx).toBeCloseTo(10, 10);
    expect(turned.dy).toBeCloseTo(0, 10);
    expect(intoBlockAxes(4, 3, 0)).toEqual({ dx: 4, dy: 3 });
  });
});

describe("the keyboard", () => {
  it("moves with the arrows, 1 mm or 10 mm with Shift, clamped to the page", () => {
    expect(blockKeyAction(press("ArrowRight"))).toEqual({ kind: "move", dx: 1, dy: 0 });
    expect(blockKeyAction(press("ArrowUp", { shiftKey: true }))).toEqual({ kind: "move", dx: 0, dy: -10 });
    const moved = applyKeyAction(block, blockKeyAction(press("ArrowLeft", { shiftKey: true }))!, A6);
    expect(moved).toMatchObject({ x: 0, y: 20 });
  });

  it("resizes with Alt and the arrows", () => {
    expect(blockKeyAction(press("ArrowDown", { altKey: true }))).toEqual({ kind: "resize", dw: 0, dh: 1 });
    expect(applyKeyAction(block, blockKeyAction(press("ArrowLeft", { altKey: true }))!, A6)).toMatchObject({
      width: 39,
    });
  });

  it("turns with [ and ] (15°, 1° with Shift), whatever the layout names the key", () => {
    expect(blockKeyAction(press("]"))).toEqual({ kind: "rotate", delta: 15 });
    expect(blockKeyAction(press("{", { shiftKey: true }))).toEqual({ kind: "rotate", delta: -1 });
    expect(blockKeyAction(press("^", { code: "BracketLeft" }))).toEqual({ kind: "rotate", delta: -15 });
    expect(applyKeyAction(block, { kind: "rotate", delta: -15 }, A6)?.rotation).toBe(345);
  });

  it("removes with Delete or Backspace and leaves other keys alone", () => {
    expect(applyKeyAction(block, blockKeyAction(press("Delete"))!, A6)).toBeNull();
    expect(blockKeyAction(press("Backspace"))).toEqual({ kind: "remove" });
    expect(blockKeyAction(press("a"))).toBeNull();
    expect(blockKeyAction({ ...press("ArrowLeft"), ctrlKey: true })).toBeNull();
  });
});

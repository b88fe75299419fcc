import { describe, expect, it } from "vitest";
import type { EbadgeBlockJson } from "@/queries/ebadges.ts";
import {
  blockIndexOf,
  draftFailureOf,
  isDraftChanged,
  updateBodyOf,
  withBlock,
  withoutBlock,
  withPage,
  type BadgeDraft,
} from "./badgeDraft.ts";

const name: EbadgeBlockJson = { id: "n", type: "guestField", field: "fullName", x: 5, y: 5, width: 90, height: 20 };
const saved: BadgeDraft = { format: "a4", orientation: "portrait", blocks: [name] };

describe("the badge editor's draft", () => {
  it("adds a block, changes it in place and removes it, each kept on the page", () => {
    const qr: EbadgeBlockJson = { id: "q", type: "qrCode", x: 300, y: -4, width: 30, height: 30, rotation: -90 };
    const added = withBlock(saved, qr);
    expect(added.blocks.map((block) => block.id)).toEqual(["n", "q"]);
    expect(added.blocks[1]).toMatchObject({ x: 180, y: 0, rotation: 270 });
    const moved = withBlock(added, { ...added.blocks[1]!, x: 20 });
    expect(moved.blocks.map((block) => block.x)).toEqual([5, 20]);
    expect(withoutBlock(moved, "n").blocks.map((block) => block.id)).toEqual(["q"]);
  });

  it("brings the blocks onto a smaller page", () => {
    const small = withPage(saved, "a7", "portrait");
    expect(small.blocks[0]).toMatchObject({ x: 0, width: 74 });
  });

  it("knows when it differs from what was saved, and what saves it", () => {
    expect(isDraftChanged(saved, saved)).toBe(false);
    expect(isDraftChanged(withPage(saved, "a4", "landscape"), saved)).toBe(true);
    expect(updateBodyOf(saved)).toEqual({ format: "a4", orientation: "portrait", blocks: [name] });
  });

  it("finds the block an API problem is about", () => {
    expect(blockIndexOf("blocks.2.text")).toBe(2);
    expect(blockIndexOf("draft.blocks.0.x")).toBe(0);
    expect(blockIndexOf("name")).toBeNull();
  });

  it("gives each block the problems a refusal names at its place", () => {
    const failure = draftFailureOf(
      {
        message: "Some fields are invalid.",
        details: [
          { field: "draft.blocks.0.field", message: "Unknown field." },
          { field: "name", message: "Required." },
        ],
      },
      saved.blocks,
    );
    expect(failure.message).toBe("Some fields are invalid. Required.");
    expect([...failure.byBlock]).toEqual([["n", ["Unknown field."]]]);
  });
});

import { describe, expect, it } from "vitest";
import { checkCampaignContent } from "@tessera/shared/campaigns/check";
import { CAMPAIGN_BLOCKS_MAX, type CampaignBlock } from "@tessera/shared/campaigns/content";
import {
  addBlock,
  canAddBlock,
  freeBlockId,
  moveBlockBy,
  moveBlockOnto,
  moveBlockTo,
  movesOf,
  newBlock,
  removeBlock,
  updateBlock,
} from "./blocks.ts";

const text = (id: string): CampaignBlock => ({ id, type: "text", html: `<p>${id}</p>` });
const footer: CampaignBlock = { id: "footer", type: "footer", html: "<p>Bye</p>" };
const ids = (blocks: readonly CampaignBlock[]) => blocks.map((block) => block.id);

describe("campaign block list", () => {
  const blocks = [text("a"), text("b"), text("c"), footer];

  it("adds blocks before the footer, a footer only once and last", () => {
    const added = addBlock(blocks, newBlock(blocks, "button"));
    expect(ids(added)).toEqual(["a", "b", "c", "button-1", "footer"]);
    expect(ids(addBlock(added, newBlock(added, "button")))).toEqual(["a", "b", "c", "button-1", "button-2", "footer"]);
    expect(ids(addBlock(blocks, newBlock(blocks, "footer")))).toEqual(ids(blocks));
    const noFooter = [text("a")];
    expect(ids(addBlock(noFooter, newBlock(noFooter, "footer")))).toEqual(["a", "footer-1"]);
  });

  it("gives new blocks free ids and what each type starts with", () => {
    expect(freeBlockId([{ id: "text-1", type: "text", html: "" }], "text")).toBe("text-2");
    expect(newBlock([], "spacer")).toEqual({ id: "spacer-1", type: "spacer", height: 24 });
    expect(newBlock([], "button")).toMatchObject({ type: "button", label: "", url: "", backgroundColor: "#3b5bdb" });
    // A new button is a draft the rules still refuse (a label and a target url are needed).
    const draft = [newBlock([], "button"), footer];
    expect(checkCampaignContent({ subject: "Hi", content: { blocks: draft } }).map((i) => i.field)).toEqual([
      "content.blocks.0.label",
      "content.blocks.0.url",
    ]);
  });

  it("refuses blocks past the maximum", () => {
    const full = Array.from({ length: CAMPAIGN_BLOCKS_MAX }, (_, n) => text(`t${n}`));
    expect(canAddBlock(full)).toBe(false);
    expect(addBlock(full, text("more"))).toHaveLength(CAMPAIGN_BLOCKS_MAX);
  });

  it("moves a block by drag, by one place, never past the footer nor the footer itself", () => {
    expect(ids(moveBlockOnto(blocks, "a", "c"))).toEqual(["b", "c", "a", "footer"]);
    expect(ids(moveBlockOnto(blocks, "a", "footer"))).toEqual(["b", "c", "a", "footer"]);
    expect(ids(moveBlockOnto(blocks, "footer", "a"))).toEqual(ids(blocks));
    expect(ids(moveBlockBy(blocks, "b", -1))).toEqual(["b", "a", "c", "footer"]);
    expect(ids(moveBlockBy(blocks, "c", 1))).toEqual(ids(blocks));
    expect(ids(moveBlockBy(blocks, "a", -1))).toEqual(ids(blocks));
    expect(ids(moveBlockTo(blocks, "c", 0))).toEqual(["c", "a", "b", "footer"]);
    expect(movesOf(blocks, "a")).toEqual({ up: false, down: true });
    expect(movesOf(blocks, "c")).toEqual({ up: true, down: false });
    expect(movesOf(blocks, "footer")).toEqual({ up: false, down: false });
  });

  it("removes and changes blocks by id, the footer kept", () => {
    expect(ids(removeBlock(blocks, "b"))).toEqual(["a", "c", "footer"]);
    expect(ids(removeBlock(blocks, "footer"))).toEqual(ids(blocks));
    const changed = updateBlock(blocks, "a", { id: "a", type: "text", html: "<p>new</p>" });
    expect(changed[0]).toEqual({ id: "a", type: "text", html: "<p>new</p>" });
    expect(blocks[0]).toEqual(text("a"));
  });
});

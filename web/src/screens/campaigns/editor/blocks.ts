import {
  BUTTON_DEFAULT_COLORS,
  CAMPAIGN_BLOCKS_MAX,
  type CampaignBlock,
  type CampaignBlockType,
} from "@tessera/shared/campaigns/content";

/*
 * The block list of a campaign's content as the editor changes it (pure: each operation returns a new list).
 * The footer is required, once and last (shared check.ts): new blocks go before it, a move never passes it, and
 * it is neither removed nor moved.
 */

/** The blocks an author may add (the footer is always there). */
export const ADDABLE_BLOCK_TYPES = ["text", "image", "button", "divider", "spacer"] as const;
export type AddableBlockType = (typeof ADDABLE_BLOCK_TYPES)[number];

/** A block id not used in the list: its type and the next free number (`button-2`). */
export function freeBlockId(blocks: readonly CampaignBlock[], type: CampaignBlockType): string {
  const taken = new Set(blocks.map((block) => block.id));
  for (let n = 1; ; n += 1) {
    const id = `${type}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/** A new block of a type with what it starts with (an empty text, a button in the default colours …). */
export function newBlock(blocks: readonly CampaignBlock[], type: AddableBlockType | "footer"): CampaignBlock {
  const id = freeBlockId(blocks, type);
  switch (type) {
    case "text":
      return { id, type, html: "" };
    case "footer":
      return { id, type, html: "" };
    case "image":
      return { id, type, src: "https://", alt: "", url: "" };
    case "button":
      return { id, type, label: "", url: "", ...BUTTON_DEFAULT_COLORS };
    case "divider":
      return { id, type };
    case "spacer":
      return { id, type, height: 24 };
  }
}

/** Where the footer is (-1: none). */
function footerIndex(blocks: readonly CampaignBlock[]): number {
  return blocks.findIndex((block) => block.type === "footer");
}

/** Whether another block may be added (the content's maximum of blocks). */
export function canAddBlock(blocks: readonly CampaignBlock[]): boolean {
  return blocks.length < CAMPAIGN_BLOCKS_MAX;
}

/** Adds a block just before the footer (at the end when there is none); a footer is added last, once. */
export function addBlock(blocks: readonly CampaignBlock[], block: CampaignBlock): CampaignBlock[] {
  if (!canAddBlock(blocks)) return [...blocks];
  if (block.type === "footer") return footerIndex(blocks) >= 0 ? [...blocks] : [...blocks, block];
  const footer = footerIndex(blocks);
  if (footer < 0) return [...blocks, block];
  return [...blocks.slice(0, footer), block, ...blocks.slice(footer)];
}

/** Replaces a block by its id (its type kept). */
export function updateBlock(blocks: readonly CampaignBlock[], id: string, next: CampaignBlock): CampaignBlock[] {
  return blocks.map((block) => (block.id === id ? next : block));
}

/** Whether a block may be removed or moved: any but the footer. */
export function isMovable(block: CampaignBlock): boolean {
  return block.type !== "footer";
}

export function removeBlock(blocks: readonly CampaignBlock[], id: string): CampaignBlock[] {
  return blocks.filter((block) => block.id !== id || !isMovable(block));
}

/** The last place a movable block may take: before the footer when there is one. */
function lastPlace(blocks: readonly CampaignBlock[]): number {
  const footer = footerIndex(blocks);
  return footer >= 0 ? footer - 1 : blocks.length - 1;
}

/** Moves a block to a position (clamped to before the footer); the list as it was when the move is not allowed. */
export function moveBlockTo(blocks: readonly CampaignBlock[], id: string, position: number): CampaignBlock[] {
  const from = blocks.findIndex((block) => block.id === id);
  if (from < 0 || !isMovable(blocks[from]!)) return [...blocks];
  const to = Math.max(0, Math.min(position, lastPlace(blocks)));
  if (to === from) return [...blocks];
  const next = [...blocks];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Drag and drop: the block takes the place of the one it is dropped on. */
export function moveBlockOnto(blocks: readonly CampaignBlock[], id: string, overId: string): CampaignBlock[] {
  const to = blocks.findIndex((block) => block.id === overId);
  return to < 0 ? [...blocks] : moveBlockTo(blocks, id, to);
}

/** The move buttons and the keyboard: one place up (-1) or down (+1). */
export function moveBlockBy(blocks: readonly CampaignBlock[], id: string, delta: -1 | 1): CampaignBlock[] {
  const from = blocks.findIndex((block) => block.id === id);
  return from < 0 ? [...blocks] : moveBlockTo(blocks, id, from + delta);
}

/** Whether a block can go up or down one place. */
export function movesOf(blocks: readonly CampaignBlock[], id: string): { up: boolean; down: boolean } {
  const index = blocks.findIndex((block) => block.id === id);
  if (index < 0 || !isMovable(blocks[index]!)) return { up: false, down: false };
  return { up: index > 0, down: index < lastPlace(blocks) };
}

import { ebadgePageSize, type EbadgeFormat, type EbadgeOrientation } from "@tessera/shared/rules/ebadges";
import type { EbadgeBlockJson, EbadgeJson, EbadgeUpdateBody } from "@/queries/ebadges.ts";
import { clampToPage, normaliseRotation } from "./geometry.ts";

/*
 * What the badge editor changes before it saves: the page and the blocks. Every change keeps each block on the
 * page and its rotation in 0–359, so what is saved (or previewed) is what the canvas shows.
 */

export interface BadgeDraft {
  format: EbadgeFormat;
  orientation: EbadgeOrientation;
  blocks: EbadgeBlockJson[];
}

export function draftOf(ebadge: Pick<EbadgeJson, "format" | "orientation" | "blocks">): BadgeDraft {
  return { format: ebadge.format, orientation: ebadge.orientation, blocks: ebadge.blocks };
}

export function pageOf(draft: Pick<BadgeDraft, "format" | "orientation">) {
  return ebadgePageSize(draft.format, draft.orientation);
}

/** A block as the page allows it: on the page, its rotation in whole degrees from 0 to 359. */
export function settle(block: EbadgeBlockJson, draft: Pick<BadgeDraft, "format" | "orientation">): EbadgeBlockJson {
  return { ...clampToPage(block, pageOf(draft)), rotation: normaliseRotation(block.rotation ?? 0) };
}

export function withBlock(draft: BadgeDraft, block: EbadgeBlockJson): BadgeDraft {
  const settled = settle(block, draft);
  const exists = draft.blocks.some((candidate) => candidate.id === block.id);
  return {
    ...draft,
    blocks: exists
      ? draft.blocks.map((candidate) => (candidate.id === block.id ? settled : candidate))
      : [...draft.blocks, settled],
  };
}

export function withoutBlock(draft: BadgeDraft, id: string): BadgeDraft {
  return { ...draft, blocks: draft.blocks.filter((block) => block.id !== id) };
}

/** Another page size or orientation: the blocks are brought onto it. */
export function withPage(draft: BadgeDraft, format: EbadgeFormat, orientation: EbadgeOrientation): BadgeDraft {
  const next = { ...draft, format, orientation };
  return { ...next, blocks: draft.blocks.map((block) => settle(block, next)) };
}

export function isDraftChanged(draft: BadgeDraft, saved: BadgeDraft): boolean {
  return JSON.stringify(draft) !== JSON.stringify(draftOf(saved));
}

/** The update that saves the draft (and the preview's `draft`). */
export function updateBodyOf(draft: BadgeDraft): EbadgeUpdateBody {
  return { format: draft.format, orientation: draft.orientation, blocks: draft.blocks };
}

/** The index of a block in an API problem's field ("blocks.2.text", "draft.blocks.2.text"), if it names one. */
export function blockIndexOf(field: string): number | null {
  const match = /(?:^|\.)blocks\.(\d+)(?:\.|$)/.exec(field);
  return match ? Number(match[1]) : null;
}

/** What a refused save or preview says: its message, and each block's own problems by block id. */
export interface DraftFailure {
  message: string;
  byBlock: ReadonlyMap<string, string[]>;
}

export function draftFailureOf(
  error: { message: string; details?: readonly { field: string; message: string }[] },
  blocks: readonly EbadgeBlockJson[],
): DraftFailure {
  const byBlock = new Map<string, string[]>();
  const others: string[] = [];
  for (const detail of error.details ?? []) {
    const index = blockIndexOf(detail.field);
    const block = index === null ? undefined : blocks[index];
    if (block) byBlock.set(block.id, [...(byBlock.get(block.id) ?? []), detail.message]);
    else others.push(detail.message);
  }
  return { message: [error.message, ...others].join(" "), byBlock };
}

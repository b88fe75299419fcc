import type { EbadgeBlockType } from "@tessera/shared/rules/ebadges";
import type { EbadgeBlockJson } from "@/queries/ebadges.ts";
import { clampToPage, type PageSize } from "./geometry.ts";

/*
 * New blocks: each kind with a size and a font that suit it, placed near the page's centre (a little lower for
 * each block already there, so that a new one never hides under the last), with an id of its own.
 */

interface Look {
  width: number;
  height: number;
  font?: EbadgeBlockJson["font"];
  align?: EbadgeBlockJson["align"];
}

const LOOKS: Record<EbadgeBlockType, Look> = {
  text: { width: 80, height: 12, font: { size: 14 }, align: "center" },
  guestField: { width: 90, height: 16, font: { size: 22, weight: "bold" }, align: "center" },
  eventName: { width: 90, height: 12, font: { size: 16 }, align: "center" },
  date: { width: 80, height: 10, font: { size: 11 }, align: "center" },
  location: { width: 80, height: 14, font: { size: 10 }, align: "center" },
  logo: { width: 30, height: 20 },
  qrCode: { width: 35, height: 35 },
};

/** The first `<type>-<n>` no block has. */
function freeId(type: EbadgeBlockType, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) if (!taken.has(`${type}-${n}`)) return `${type}-${n}`;
}

/** What a block of this kind holds of its own: a text block's words, a guest field block's field. */
function ownProperties(type: EbadgeBlockType, text: string): Partial<EbadgeBlockJson> {
  if (type === "text") return { text };
  if (type === "guestField") return { field: "fullName" };
  return {};
}

export function newBlock(
  type: EbadgeBlockType,
  page: PageSize,
  existing: readonly EbadgeBlockJson[],
  text: string,
): EbadgeBlockJson {
  const look = LOOKS[type];
  const width = Math.min(look.width, page.width);
  const height = Math.min(look.height, page.height);
  const offset = (existing.length % 8) * 6;
  return clampToPage(
    {
      id: freeId(type, new Set(existing.map((block) => block.id))),
      type,
      x: (page.width - width) / 2,
      y: page.height / 3 + offset,
      width,
      height,
      rotation: 0,
      ...(look.font ? { font: look.font } : {}),
      ...(look.align ? { align: look.align } : {}),
      ...ownProperties(type, text),
    },
    page,
  );
}

/** The block turned into another kind: its place, size and rotation kept, its own properties those of the kind. */
export function withType(block: EbadgeBlockJson, type: EbadgeBlockType, text: string): EbadgeBlockJson {
  const { text: _text, field: _field, imageId: _imageId, font, align, ...place } = block;
  const look = LOOKS[type];
  const writes = look.font !== undefined;
  return {
    ...place,
    type,
    ...(writes ? { font: font ?? look.font, align: align ?? look.align } : {}),
    ...ownProperties(type, block.text?.trim() ? block.text : text),
  };
}

/** Whether a kind of block writes words (a font and an alignment mean something to it). */
export function writesText(type: EbadgeBlockType): boolean {
  return LOOKS[type].font !== undefined;
}

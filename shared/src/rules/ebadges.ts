/**
 * E-badges (spec §3 Ebadge, §5): the page formats, the block kinds and the rules a template keeps, shared by
 * the API (validation, PDF layout) and the web's badge editor.
 *
 * Units: every position and size is in MILLIMETRES from the page's top-left corner (x to the right, y down),
 * as printers and designers measure paper; font sizes are in POINTS (1 pt = 1/72 in = 0.3528 mm), as in
 * every text tool. Rotation is in degrees, clockwise, about the block's centre.
 */
import type { Rule } from "../conditions/schema.ts";

/** ISO 216 sizes in mm (portrait: width × height). */
export const EBADGE_FORMATS = ["a4", "a6", "a7"] as const;
export type EbadgeFormat = (typeof EBADGE_FORMATS)[number];
export const EBADGE_ORIENTATIONS = ["portrait", "landscape"] as const;
export type EbadgeOrientation = (typeof EBADGE_ORIENTATIONS)[number];

const PORTRAIT_MM: Record<EbadgeFormat, readonly [number, number]> = {
  a4: [210, 297],
  a6: [105, 148],
  a7: [74, 105],
};

/** The page of a template in mm, as its orientation turns it. */
export function ebadgePageSize(
  format: EbadgeFormat,
  orientation: EbadgeOrientation,
): { width: number; height: number } {
  const [short, long] = PORTRAIT_MM[format];
  return orientation === "portrait" ? { width: short, height: long } : { width: long, height: short };
}

/** Millimetres to PDF points. */
export const MM_TO_PT = 72 / 25.4;

/**
 * How a bulk PDF lays badges out on paper (pretix's sheet layouts): one badge per page at its own size, or
 * several on an A4 portrait sheet: 4 × A6 (2 × 2 portrait cells) or 8 × A7 (2 × 4 landscape cells). A badge
 * whose orientation differs from its cell's is turned a quarter; one of another size is scaled to fit.
 */
export const EBADGE_LAYOUTS = ["page", "a6x4", "a7x8"] as const;
export type EbadgeLayout = (typeof EBADGE_LAYOUTS)[number];

export interface SheetCell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The cells of one A4 sheet of a layout, in mm, in reading order ("page": none, the badge is the page). */
export function sheetCells(layout: Exclude<EbadgeLayout, "page">): SheetCell[] {
  const columns = 2;
  const rows = layout === "a6x4" ? 2 : 4;
  const width = 210 / columns;
  const height = 297 / rows;
  const cells: SheetCell[] = [];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++) cells.push({ x: column * width, y: row * height, width, height });
  return cells;
}

export const EBADGE_NAME_MAX = 100;
export const EBADGE_BLOCKS_MAX = 50;
export const EBADGE_TEXT_MAX = 500;
export const EBADGE_REASON_MAX = 500;
/** spec §5, §9: an e-badge background is a JPEG or PNG of at most 4 MB, with the shape of an A4 sheet. */
export const EBADGE_BACKGROUND_MAX_BYTES = 4 * 1024 * 1024;
export const EBADGE_BACKGROUND_MIME_TYPES = ["image/jpeg", "image/png"] as const;
/** How far the background's width:height may stray from the A series' 1:√2 (either way round). */
export const EBADGE_BACKGROUND_RATIO_TOLERANCE = 0.03;
/** The largest page side in mm (A4's long side): no block starts or reaches beyond it. */
export const EBADGE_MM_MAX = 297;

/** `qrCode` carries the guest's signed entry code (shared/src/checkin/guestCode.ts), which a desk verifies offline. */
export const EBADGE_BLOCK_TYPES = ["text", "logo", "date", "location", "guestField", "qrCode", "eventName"] as const;
export type EbadgeBlockType = (typeof EBADGE_BLOCK_TYPES)[number];

export const EBADGE_FONT_FAMILIES = ["sans", "serif", "mono"] as const;
export type EbadgeFontFamily = (typeof EBADGE_FONT_FAMILIES)[number];
export const EBADGE_FONT_WEIGHTS = ["normal", "bold"] as const;
export const EBADGE_ALIGNMENTS = ["left", "center", "right"] as const;
export const EBADGE_FONT_SIZE_MIN = 4;
export const EBADGE_FONT_SIZE_MAX = 200;
export const EBADGE_COLOR_PATTERN = "^#[0-9a-fA-F]{6}$";

/** The guest fields a `guestField` block may show; a custom field is `cf:<its id>`. */
export const EBADGE_GUEST_FIELDS = [
  "fullName",
  "firstName",
  "lastName",
  "civility",
  "company",
  "jobTitle",
  "email",
] as const;
export type EbadgeGuestField = (typeof EBADGE_GUEST_FIELDS)[number];
const CUSTOM_FIELD_REF = /^cf:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const EBADGE_FIELD_PATTERN = `^(${EBADGE_GUEST_FIELDS.join("|")}|cf:[0-9a-fA-F-]{36})$`;

export interface EbadgeFont {
  family: EbadgeFontFamily;
  /** Points. */
  size: number;
  weight: (typeof EBADGE_FONT_WEIGHTS)[number];
  /** #rrggbb. */
  color: string;
}

export const DEFAULT_EBADGE_FONT: EbadgeFont = { family: "sans", size: 14, weight: "normal", color: "#000000" };

export interface EbadgeBlock {
  id: string;
  type: EbadgeBlockType;
  /** Millimetres from the page's left edge. */
  x: number;
  /** Millimetres from the page's top edge. */
  y: number;
  width: number;
  height: number;
  /** Degrees, clockwise, about the block's centre. */
  rotation?: number;
  font?: Partial<EbadgeFont>;
  align?: (typeof EBADGE_ALIGNMENTS)[number];
  /** A text block's words. */
  text?: string;
  /** A guestField block's field. */
  field?: string;
  /** A logo block's image (an image of the account, JPEG or PNG); none: the event's logo. */
  imageId?: string;
}

export interface EbadgeIssue {
  field: string;
  code: "required" | "ebadge_block_outside_page" | "ebadge_block_id_taken" | "invalid_value";
  params?: Record<string, unknown>;
}

/**
 * What the schema cannot say about a template's blocks: each kind's own property (a text block's text, a guest
 * field block's field), ids told apart, and every block starting on the page. Paths are the body's
 * (`blocks.2.text`).
 */
export function checkEbadgeBlocks(
  blocks: readonly EbadgeBlock[],
  page: { width: number; height: number },
): EbadgeIssue[] {
  const issues: EbadgeIssue[] = [];
  const seen = new Set<string>();
  blocks.forEach((block, index) => {
    const at = (name: string) => `blocks.${index}.${name}`;
    if (seen.has(block.id)) issues.push({ field: at("id"), code: "ebadge_block_id_taken" });
    seen.add(block.id);
    if (block.type === "text" && !block.text?.trim()) issues.push({ field: at("text"), code: "required" });
    if (block.type === "guestField") {
      if (!block.field) issues.push({ field: at("field"), code: "required" });
      else if (!(EBADGE_GUEST_FIELDS as readonly string[]).includes(block.field) && !CUSTOM_FIELD_REF.test(block.field))
        issues.push({ field: at("field"), code: "invalid_value" });
    }
    if (block.x >= page.width || block.y >= page.height)
      issues.push({
        field: at(block.x >= page.width ? "x" : "y"),
        code: "ebadge_block_outside_page",
        params: { width: page.width, height: page.height },
      });
  });
  return issues;
}

/** The custom fields the blocks show (`cf:<id>`), to check they are the event's. */
export function ebadgeCustomFieldIds(blocks: readonly EbadgeBlock[]): string[] {
  return [
    ...new Set(
      blocks.flatMap((block) =>
        block.type === "guestField" && block.field?.startsWith("cf:") ? [block.field.slice(3)] : [],
      ),
    ),
  ];
}

/** Whether a template draws the guest's entry code (its QR block). */
export function ebadgeShowsCode(blocks: readonly EbadgeBlock[]): boolean {
  return blocks.some((block) => block.type === "qrCode");
}

/** A template as the choice of a guest's badge needs it. */
export interface EbadgeChoice<T> {
  template: T;
  isEnabled: boolean;
  conditions: Rule | null;
}

/**
 * Which templates a guest's facts would give them (spec §5: at most one). `holds` evaluates a rule; enabled
 * templates only. A template without conditions is the event's default badge: it goes to the guests no
 * conditioned template picks, so it never adds a second badge.
 */
export function matchingEbadges<T>(templates: readonly EbadgeChoice<T>[], holds: (rule: Rule) => boolean): T[] {
  const enabled = templates.filter((template) => template.isEnabled);
  const conditioned = enabled.filter((template) => template.conditions).filter((t) => holds(t.conditions!));
  if (conditioned.length) return conditioned.map((template) => template.template);
  return enabled.filter((template) => !template.conditions).map((template) => template.template);
}

import type { DeskBadgeTemplate } from "@tessera/shared/schemas/deskBadges";
import { isGuestColumn } from "@tessera/shared/rules/checkins";
import { MM_TO_PT } from "@tessera/shared/rules/ebadges";
import { badgeLabelForGuest, DEFAULT_LABEL_SIZE_MM, type BadgeLabel, type BadgeLine } from "./badgeLabel.ts";

/** Points to millimetres; a line's size is its capitals' height, about 0.72 of the font size. */
const PT_TO_MM = 1 / MM_TO_PT;
const CAP_HEIGHT = 0.72;
const SMALLEST_LINE_MM = 1.5;

/** The texts of a guest's fields by the template's field names (fullName, company, cf:<id> …). */
export type BadgeFieldTexts = Readonly<Record<string, string | null | undefined>>;

/**
 * A guest's field texts from the desk's snapshot, whose fields are the session's displayed ones (guest columns
 * by name, custom fields by id): renamed as templates name them, with fullName made of the first and last names.
 */
export function badgeFieldsFromSnapshot(fields: Readonly<Record<string, unknown>>): Record<string, string> {
  const texts: Record<string, string> = {};
  const textOf = (value: unknown): string =>
    Array.isArray(value)
      ? value.map(textOf).filter(Boolean).join(", ")
      : typeof value === "string" || typeof value === "number" || typeof value === "boolean"
        ? String(value)
        : "";
  for (const [field, value] of Object.entries(fields))
    texts[isGuestColumn(field) ? field : `cf:${field}`] = textOf(value);
  const fullName = [texts.firstName, texts.lastName].filter(Boolean).join(" ");
  if (fullName) texts.fullName = fullName;
  return texts;
}

/**
 * The label of a guest's badge from its template: the text and guest-field blocks as lines, top to bottom then
 * left to right, each as large as the template's font scaled from its page to the label (bold kept); the entry
 * code as the QR when the template shows one. Empty lines are left out. A label size not given is the template's
 * page.
 */
export function badgeForTemplate(
  template: DeskBadgeTemplate,
  fields: BadgeFieldTexts,
  entryCode: string | null,
  labelSize?: { widthMm: number; heightMm: number },
): BadgeLabel {
  const size = labelSize ?? { widthMm: template.page.width, heightMm: template.page.height };
  const scale = Math.min(size.widthMm / template.page.width, size.heightMm / template.page.height);
  const lines: BadgeLine[] = [];
  const blocks = [...template.blocks].sort((a, b) => a.y - b.y || a.x - b.x);
  for (const block of blocks) {
    if (block.type === "qrCode") continue;
    const text = (block.type === "text" ? block.text : fields[block.field ?? ""])?.trim();
    if (!text) continue;
    const lineSize = Math.max(SMALLEST_LINE_MM, block.fontSize * PT_TO_MM * CAP_HEIGHT * scale);
    lines.push({ text, size: Math.round(lineSize * 10) / 10, bold: block.bold });
  }
  const showsCode = template.blocks.some((block) => block.type === "qrCode");
  return { lines, qr: showsCode ? entryCode : null, ...size };
}

/** A badge when the event has no template the desk knows: the guest's name, company and code. */
export function badgeWithoutTemplate(
  fields: BadgeFieldTexts,
  entryCode: string | null,
  labelSize: { widthMm: number; heightMm: number } = DEFAULT_LABEL_SIZE_MM,
): BadgeLabel {
  const name = fields.fullName?.trim() || [fields.firstName, fields.lastName].filter(Boolean).join(" ") || "—";
  return badgeLabelForGuest({ name, company: fields.company, extraLines: [fields.jobTitle], entryCode }, labelSize);
}

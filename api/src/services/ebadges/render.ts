import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  DEFAULT_EBADGE_FONT,
  ebadgePageSize,
  MM_TO_PT,
  sheetCells,
  type EbadgeBlock,
  type EbadgeFont,
  type EbadgeLayout,
} from "@tessera/shared";
import PDFDocument from "pdfkit";
import type { CustomField } from "../../models/CustomField.ts";
import type { Ebadge } from "../../models/Ebadge.ts";
import type { Event } from "../../models/Event.ts";
import type { Guest } from "../../models/Guest.ts";
import { QR_QUIET_ZONE, qrModules } from "../checkin-codes/qr.ts";

/*
 * Drawing badges with pdfkit. A template's page is in millimetres (shared/src/rules/ebadges.ts), turned into
 * PDF points here (MM_TO_PT). Texts use the DejaVu fonts (sans, serif, mono, each normal and bold: Latin,
 * Greek, Cyrillic and more), embedded as subsets of the glyphs used. A background or logo is opened ONCE per
 * document and drawn on every page from that one copy (pdfkit embeds an image it is given as bytes again
 * each time), so a PDF of 1,000 badges holds one background. Pages are written out as they end: a document
 * streamed to storage holds one page at a time.
 */

type Doc = PDFKit.PDFDocument;
/** pdfkit's opened image (its `openImage` is not in the type definitions). */
export interface OpenedImage {
  width: number;
  height: number;
}
type WithOpenImage = Doc & { openImage(src: Buffer): OpenedImage };

const require = createRequire(import.meta.url);
const FONT_FILES: Record<string, string> = {
  "sans-normal": "DejaVuSans.ttf",
  "sans-bold": "DejaVuSans-Bold.ttf",
  "serif-normal": "DejaVuSerif.ttf",
  "serif-bold": "DejaVuSerif-Bold.ttf",
  "mono-normal": "DejaVuSansMono.ttf",
  "mono-bold": "DejaVuSansMono-Bold.ttf",
};
const fontBytes = new Map<string, Buffer>();
function fontFile(name: string): Buffer {
  let bytes = fontBytes.get(name);
  if (!bytes) {
    bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${FONT_FILES[name]}`));
    fontBytes.set(name, bytes);
  }
  return bytes;
}

/** A new PDF document with the badge fonts registered; pages are added by the callers. */
export function newBadgeDocument(title: string): Doc {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: title, Producer: "Tessera" } });
  for (const name of Object.keys(FONT_FILES)) doc.registerFont(name, fontFile(name));
  return doc;
}

export function openImage(doc: Doc, bytes: Buffer): OpenedImage {
  return (doc as WithOpenImage).openImage(bytes);
}

/** What a badge shows besides the guest: the event, its custom fields, the images opened in this document. */
export interface BadgeContext {
  event: Event;
  fields: ReadonlyMap<string, CustomField>;
  language: string;
  /** Backgrounds by template id, logos by image id ("event": the event's logo), opened in this document. */
  backgrounds: ReadonlyMap<string, OpenedImage>;
  logos: ReadonlyMap<string, OpenedImage>;
}

const pt = (mm: number) => mm * MM_TO_PT;

export function dateText(event: Event, language: string): string {
  if (!event.startsAt) return "";
  const options: Intl.DateTimeFormatOptions = event.isAllDay
    ? { dateStyle: "long", timeZone: event.timezone }
    : { dateStyle: "long", timeStyle: "short", timeZone: event.timezone };
  const format = new Intl.DateTimeFormat(language, options);
  if (!event.endsAt) return format.format(event.startsAt);
  return format.formatRange(event.startsAt, event.endsAt);
}

function locationText(event: Event): string {
  return [event.venueName, event.address, event.country].filter((part) => part && part.trim()).join("\n");
}

/** A custom field's answer as words: option labels for choices, a file's name, values joined. */
function answerText(field: CustomField | undefined, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  const labels = new Map((field?.options ?? []).map((option) => [option.id, option.label]));
  const one = (item: unknown): string => {
    if (typeof item === "string") return labels.get(item) ?? item;
    if (typeof item === "number" || typeof item === "boolean") return String(item);
    if (item && typeof item === "object" && "name" in item) return String((item as { name: unknown }).name);
    return "";
  };
  return Array.isArray(value) ? value.map(one).filter(Boolean).join(", ") : one(value);
}

export function guestFieldText(guest: Guest, field: string, fields: ReadonlyMap<string, CustomField>): string {
  if (field.startsWith("cf:")) return answerText(fields.get(field.slice(3)), guest.answers?.[field.slice(3)]);
  switch (field) {
    case "fullName":
      return [guest.firstName, guest.lastName].filter(Boolean).join(" ");
    case "firstName":
      return guest.firstName ?? "";
    case "lastName":
      return guest.lastName ?? "";
    case "civility":
      return guest.civility ?? "";
    case "company":
      return guest.company ?? "";
    case "jobTitle":
      return guest.jobTitle ?? "";
    case "email":
      return guest.email ?? "";
    default:
      return "";
  }
}

function blockText(block: EbadgeBlock, guest: Guest, context: BadgeContext): string {
  switch (block.type) {
    case "text":
      return block.text ?? "";
    case "eventName":
      return context.event.name;
    case "date":
      return dateText(context.event, guest.language ?? context.language);
    case "location":
      return locationText(context.event);
    case "guestField":
      return guestFieldText(guest, block.field ?? "", context.fields);
    default:
      return "";
  }
}

/**
 * A text in its box: the block's font, shrunk (down to half its size) until its longest word line fits the
 * width, wrapped within the height, cut with an ellipsis past it.
 */
function drawText(doc: Doc, text: string, block: EbadgeBlock, width: number, height: number): void {
  if (!text) return;
  const font: EbadgeFont = { ...DEFAULT_EBADGE_FONT, ...block.font };
  doc.font(`${font.family}-${font.weight}`);
  let size = font.size;
  doc.fontSize(size);
  const widest = Math.max(...text.split("\n").map((line) => doc.widthOfString(line)));
  if (widest > width) size = Math.max(font.size / 2, (size * width) / widest);
  doc.fontSize(size).fillColor(font.color);
  doc.text(text, 0, 0, { width, height, align: block.align ?? "left", ellipsis: true, lineGap: 0 });
}

/**
 * The guest's signed entry code as a QR code: vector squares (sharp at any size and printer), the entry codes'
 * symbol (checkin-codes/qr.ts) with its quiet zone on white, centred in the block's square.
 */
function drawQrCode(doc: Doc, code: string | null, width: number, height: number): void {
  if (!code) return;
  const modules = qrModules(code);
  const side = Math.min(width, height);
  const cell = side / (modules.size + 2 * QR_QUIET_ZONE);
  const left = (width - side) / 2;
  const top = (height - side) / 2;
  doc.rect(left, top, side, side).fill("#ffffff");
  // One rectangle per run of dark modules in a row: a third of the drawing operations of one per module.
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      let end = column;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end++;
      doc.rect(
        left + (column + QR_QUIET_ZONE) * cell,
        top + (row + QR_QUIET_ZONE) * cell,
        (end - column + 1) * cell,
        cell,
      );
      column = end;
    }
  }
  doc.fill("#000000");
}

function drawImage(doc: Doc, image: OpenedImage | undefined, width: number, height: number): void {
  if (!image) return;
  doc.image(image as never, 0, 0, { fit: [width, height], align: "center", valign: "center" });
}

/**
 * One badge drawn with its top-left corner at the current origin, in the template's own size (points). `code` is
 * the guest's signed entry code for a QR block (null: none in force, the block stays empty).
 */
export function drawBadge(doc: Doc, template: Ebadge, guest: Guest, context: BadgeContext, code: string | null): void {
  const page = ebadgePageSize(template.format, template.orientation);
  const width = pt(page.width);
  const height = pt(page.height);
  const background = context.backgrounds.get(template.id);
  if (background) {
    doc.save();
    doc.rect(0, 0, width, height).clip();
    doc.image(background as never, 0, 0, { cover: [width, height], align: "center", valign: "center" });
    doc.restore();
  }
  for (const block of template.blocks) {
    const w = pt(block.width);
    const h = pt(block.height);
    doc.save();
    doc.translate(pt(block.x), pt(block.y));
    if (block.rotation) doc.rotate(block.rotation, { origin: [w / 2, h / 2] });
    if (block.type === "logo") drawImage(doc, context.logos.get(block.imageId ?? "event"), w, h);
    else if (block.type === "qrCode") drawQrCode(doc, code, w, h);
    else drawText(doc, blockText(block, guest, context), block, w, h);
    doc.restore();
  }
}

/**
 * Where badges go on paper: each on a page of its own size ("page"), or in the cells of A4 sheets, a badge
 * turned a quarter when its orientation is not its cell's and scaled to fit it.
 */
export class BadgeSheets {
  private placed = 0;
  constructor(
    private readonly doc: Doc,
    private readonly layout: EbadgeLayout,
  ) {}

  add(template: Ebadge, draw: () => void): void {
    const page = ebadgePageSize(template.format, template.orientation);
    if (this.layout === "page") {
      this.doc.addPage({ size: [pt(page.width), pt(page.height)], margin: 0 });
      draw();
      this.placed++;
      return;
    }
    const cells = sheetCells(this.layout);
    const index = this.placed % cells.length;
    if (index === 0) this.doc.addPage({ size: "A4", margin: 0 });
    const cell = cells[index]!;
    const turn = page.width > page.height !== cell.width > cell.height;
    const [badgeWidth, badgeHeight] = turn ? [page.height, page.width] : [page.width, page.height];
    const scale = Math.min(cell.width / badgeWidth, cell.height / badgeHeight);
    const offsetX = (cell.width - badgeWidth * scale) / 2;
    const offsetY = (cell.height - badgeHeight * scale) / 2;
    this.doc.save();
    this.doc.translate(pt(cell.x + offsetX), pt(cell.y + offsetY));
    this.doc.scale(scale);
    if (turn) {
      // A quarter turn clockwise: the badge's top-left corner goes to the cell's top-right.
      this.doc.translate(pt(badgeWidth), 0);
      this.doc.rotate(90);
    }
    draw();
    this.doc.restore();
    this.placed++;
  }
}

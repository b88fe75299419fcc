import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Readable } from "node:stream";
import { createI18n, type Language, type TFunction } from "@tessera/shared";
import PDFDocument from "pdfkit";
import { AppError } from "../../errors.ts";
import type { Invoice, InvoiceLine, InvoiceSnapshot } from "../../models/Invoice.ts";

/*
 * An invoice or credit note as a PDF (A4, pdfkit), drawn only from its snapshot: what was frozen when it was issued,
 * whatever changed since. Labels come from shared's i18n (the `documents` namespace), numbers, amounts and dates are
 * formatted for the language, dates read in the event's time zone. A credit note prints its amounts negative.
 *
 * What it prints (CGI annexe II art. 242 nonies A; Code de commerce L441-9): the seller's corporate name, legal
 * structure, share capital, SIRET, RCS, address, VAT number and legal mentions; the buyer (name, company or
 * individual, SIRET, address); the number and date (and for a credit note, the invoice it corrects); each line's
 * quantity, unit price, VAT rate, discount and amounts; the VAT breakdown per rate and the totals. An organizer
 * under the VAT-on-margin scheme shows no VAT (it may not: CGI art. 297 E) and prints the mention instead. A company
 * buyer's document carries the late-payment mentions of L441-10.
 */

type Doc = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
const FONTS = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf" } as const;
const fontBytes = new Map<string, Buffer>();
function fontFile(file: string): Buffer {
  let bytes = fontBytes.get(file);
  if (!bytes) {
    bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fontBytes.set(file, bytes);
  }
  return bytes;
}

const translations = createI18n();

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 45;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 20;
const GREY = "#555555";

/** How one document is written out: its labels and formats in one language. */
class Formats {
  readonly t: TFunction;
  private readonly money: Intl.NumberFormat;
  private readonly percent: Intl.NumberFormat;
  private readonly date: Intl.DateTimeFormat;

  constructor(
    readonly language: Language,
    snapshot: InvoiceSnapshot,
  ) {
    this.t = translations.getFixedT(language, "documents");
    this.money = new Intl.NumberFormat(language, { style: "currency", currency: snapshot.currency });
    this.percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 });
    let timeZone = snapshot.timeZone;
    try {
      new Intl.DateTimeFormat(language, { timeZone });
    } catch {
      timeZone = "UTC";
    }
    this.date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone });
  }

  amount(cents: number, sign: 1 | -1 = 1): string {
    return this.money.format((sign * cents) / 100);
  }

  rate(taxRateBp: number | null): string {
    return taxRateBp === null ? this.t("invoice.no_vat") : this.percent.format(taxRateBp / 10_000);
  }

  day(iso: string): string {
    return this.date.format(new Date(iso));
  }
}

/** A table column: its share of the width, its alignment, its header. */
interface Column {
  header: string;
  width: number;
  align: "left" | "right";
}

class InvoiceWriter {
  private y = MARGIN;
  private readonly sign: 1 | -1;
  private readonly isMargin: boolean;

  constructor(
    private readonly doc: Doc,
    private readonly s: InvoiceSnapshot,
    private readonly f: Formats,
  ) {
    this.sign = s.kind === "credit_note" ? -1 : 1;
    this.isMargin = s.seller.vatStatus === "margin";
  }

  private get t(): TFunction {
    return this.f.t;
  }

  /** A new page when `height` points do not fit on this one. */
  private room(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage({ size: "A4", margin: 0 });
    this.y = MARGIN;
  }

  private text(
    text: string,
    x: number,
    width: number,
    options: { bold?: boolean; size?: number; align?: "left" | "right"; color?: string } = {},
  ): number {
    const doc = this.doc;
    doc
      .font(options.bold ? "bold" : "regular")
      .fontSize(options.size ?? 9)
      .fillColor(options.color ?? "#000000");
    const height = doc.heightOfString(text, { width });
    doc.text(text, x, this.y, { width, align: options.align ?? "left", lineGap: 1 });
    return height;
  }

  /** Lines of text one under the other in a box at `x`; returns the height used. */
  private block(lines: readonly (string | null)[], x: number, width: number, top: number, boldFirst: boolean): number {
    this.y = top;
    let first = true;
    for (const line of lines) {
      if (!line) continue;
      this.y += this.text(line, x, width, { bold: boldFirst && first, size: boldFirst && first ? 10 : 9 }) + 1;
      first = false;
    }
    return this.y - top;
  }

  private sellerLines(): string[] {
    const seller = this.s.seller;
    const t = this.t;
    const lines = [
      seller.corporateName,
      seller.legalStructure ?? "",
      seller.shareCapitalCents !== null
        ? t("invoice.share_capital", { amount: this.f.amount(seller.shareCapitalCents) })
        : "",
      seller.street ?? "",
      [seller.zip, seller.city].filter(Boolean).join(" "),
      t("invoice.siret", { siret: seller.siret }),
      seller.rcsNumber ? t("invoice.rcs", { rcs: seller.rcsNumber }) : "",
      seller.vatNumber ? t("invoice.vat_number", { number: seller.vatNumber }) : "",
    ];
    return lines.filter(Boolean);
  }

  private buyerLines(): string[] {
    const buyer = this.s.buyer;
    const t = this.t;
    return [
      buyer.name,
      buyer.isCompany ? t("invoice.company") : t("invoice.individual"),
      buyer.siret ? t("invoice.siret", { siret: buyer.siret }) : "",
      buyer.address ?? "",
      [buyer.zip, buyer.city].filter(Boolean).join(" "),
      buyer.email ? t("invoice.email", { email: buyer.email }) : "",
    ].filter(Boolean);
  }

  private header(): void {
    const s = this.s;
    const t = this.t;
    const title = s.kind === "credit_note" ? t("invoice.title_credit_note") : t("invoice.title_invoice");
    const half = CONTENT_WIDTH / 2 - 10;
    const top = this.y;
    const left = this.block(this.sellerLines(), MARGIN, half, top, true);
    this.y = top;
    this.y += this.text(title, MARGIN + half + 20, half, { bold: true, size: 18, align: "right" }) + 2;
    this.y += this.text(t("invoice.number", { number: s.number }), MARGIN + half + 20, half, {
      bold: true,
      size: 11,
      align: "right",
    });
    this.y += this.text(t("invoice.issued_on", { date: this.f.day(s.issuedAt) }), MARGIN + half + 20, half, {
      align: "right",
    });
    const right = this.y - top;
    this.y = top + Math.max(left, right) + 8;
    if (s.refersTo) {
      this.y += this.text(
        t("invoice.refers_to", { number: s.refersTo.number, date: this.f.day(s.refersTo.issuedAt) }),
        MARGIN,
        CONTENT_WIDTH,
        { bold: true, align: "right" },
      );
    }
    this.y += 10;

    const buyerTop = this.y;
    this.y += this.text(t("invoice.buyer"), MARGIN + half + 20, half, { bold: true, color: GREY }) + 2;
    const buyer = this.block(this.buyerLines(), MARGIN + half + 20, half, this.y, true);
    const orderLines = [
      t("invoice.event", { name: s.event.name }),
      t("invoice.order", { reference: s.order.reference ?? "", date: this.f.day(s.order.orderedAt) }).replace(
        /\s+/g,
        " ",
      ),
      s.order.paymentMethod
        ? t("invoice.payment_method", {
            method: t(`invoice.payment_methods.${s.order.paymentMethod}`, { defaultValue: s.order.paymentMethod }),
          })
        : null,
    ];
    const order = this.block(orderLines, MARGIN, half, buyerTop + 14, false);
    this.y = buyerTop + 14 + Math.max(buyer, order) + 18;
  }

  private columns(): Column[] {
    const t = this.t;
    if (this.isMargin) {
      return [
        { header: t("invoice.column_description"), width: 0.46, align: "left" },
        { header: t("invoice.column_quantity"), width: 0.08, align: "right" },
        { header: t("invoice.column_unit_price_margin"), width: 0.16, align: "right" },
        { header: t("invoice.column_discount"), width: 0.14, align: "right" },
        { header: t("invoice.column_total"), width: 0.16, align: "right" },
      ];
    }
    return [
      { header: t("invoice.column_description"), width: 0.28, align: "left" },
      { header: t("invoice.column_quantity"), width: 0.06, align: "right" },
      { header: t("invoice.column_unit_price"), width: 0.13, align: "right" },
      { header: t("invoice.column_vat_rate"), width: 0.09, align: "right" },
      { header: t("invoice.column_discount"), width: 0.12, align: "right" },
      { header: t("invoice.column_total_excl_tax"), width: 0.16, align: "right" },
      { header: t("invoice.column_total_incl_tax"), width: 0.16, align: "right" },
    ];
  }

  private cells(line: InvoiceLine): string[] {
    const f = this.f;
    const sign = this.sign;
    const discount = line.discountInclTaxCents ? f.amount(line.discountInclTaxCents, -1) : "";
    const quantity = String(sign * line.quantity);
    if (this.isMargin) {
      return [
        line.description,
        quantity,
        f.amount(line.unitInclTaxCents),
        discount,
        f.amount(line.includingCents, sign),
      ];
    }
    return [
      line.description,
      quantity,
      f.amount(line.unitInclTaxCents),
      f.rate(line.taxRateBp),
      discount,
      f.amount(line.excludingCents, sign),
      f.amount(line.includingCents, sign),
    ];
  }

  /** One row of a table; returns its height. */
  private row(columns: readonly Column[], cells: readonly string[], options: { bold?: boolean; width?: number } = {}) {
    const total = options.width ?? CONTENT_WIDTH;
    const left = MARGIN + CONTENT_WIDTH - total;
    this.doc.font(options.bold ? "bold" : "regular").fontSize(8.5);
    const height = Math.max(
      ...columns.map((column, i) => this.doc.heightOfString(cells[i] ?? "", { width: column.width * total - 6 })),
    );
    this.room(height + 6);
    let x = left;
    columns.forEach((column, i) => {
      const width = column.width * total;
      this.text(cells[i] ?? "", x + 3, width - 6, { bold: options.bold, size: 8.5, align: column.align });
      x += width;
    });
    this.y += height + 4;
    this.doc
      .moveTo(left, this.y - 2)
      .lineTo(left + total, this.y - 2)
      .lineWidth(0.5)
      .strokeColor("#bbbbbb")
      .stroke();
    return height;
  }

  private lines(): void {
    const columns = this.columns();
    this.row(
      columns,
      columns.map((column) => column.header),
      { bold: true },
    );
    for (const line of this.s.lines) this.row(columns, this.cells(line));
    this.y += 12;
  }

  private vatBreakdown(): void {
    if (this.isMargin) return;
    const t = this.t;
    const f = this.f;
    const width = CONTENT_WIDTH * 0.6;
    this.room(30);
    this.y += this.text(t("invoice.vat_breakdown"), MARGIN + CONTENT_WIDTH - width + 3, width, { bold: true }) + 4;
    const columns: Column[] = [
      { header: t("invoice.column_rate"), width: 0.25, align: "left" },
      { header: t("invoice.column_base"), width: 0.25, align: "right" },
      { header: t("invoice.column_vat"), width: 0.25, align: "right" },
      { header: t("invoice.column_total_incl_tax"), width: 0.25, align: "right" },
    ];
    this.row(
      columns,
      columns.map((column) => column.header),
      { bold: true, width },
    );
    for (const rate of this.s.totals.vatBreakdown) {
      this.row(
        columns,
        [
          f.rate(rate.taxRateBp),
          f.amount(rate.baseCents, this.sign),
          f.amount(rate.taxCents, this.sign),
          f.amount(rate.totalCents, this.sign),
        ],
        { width },
      );
    }
    this.y += 12;
  }

  private totals(): void {
    const t = this.t;
    const f = this.f;
    const totals = this.s.totals;
    const width = CONTENT_WIDTH * 0.45;
    const columns: Column[] = [
      { header: "", width: 0.6, align: "left" },
      { header: "", width: 0.4, align: "right" },
    ];
    if (this.isMargin) {
      this.row(columns, [t("invoice.total"), f.amount(totals.includingCents, this.sign)], { bold: true, width });
    } else {
      this.row(columns, [t("invoice.total_excl_tax"), f.amount(totals.excludingCents, this.sign)], { width });
      this.row(columns, [t("invoice.total_vat"), f.amount(totals.taxCents, this.sign)], { width });
      this.row(columns, [t("invoice.total_incl_tax"), f.amount(totals.includingCents, this.sign)], {
        bold: true,
        width,
      });
    }
    this.y += 16;
  }

  private mentions(): void {
    const t = this.t;
    const paragraphs = [
      this.isMargin ? t("invoice.vat_margin") : null,
      this.s.buyer.isCompany ? t("invoice.late_payment") : null,
      this.s.seller.legalMentions,
    ];
    for (const paragraph of paragraphs) {
      if (!paragraph?.trim()) continue;
      this.doc.font("regular").fontSize(8);
      this.room(this.doc.heightOfString(paragraph, { width: CONTENT_WIDTH }) + 6);
      this.y += this.text(paragraph.trim(), MARGIN, CONTENT_WIDTH, { size: 8, color: GREY }) + 6;
    }
  }

  /** "Page n of m" at the foot of every page (the pages are buffered until then). */
  private pageNumbers(): void {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      this.doc
        .font("regular")
        .fontSize(7.5)
        .fillColor(GREY)
        .text(
          `${this.s.number} · ${this.t("invoice.page", { page: i + 1, pages: range.count })}`,
          MARGIN,
          PAGE.height - MARGIN,
          { width: CONTENT_WIDTH, align: "right", lineBreak: false },
        );
    }
  }

  write(): void {
    this.header();
    this.lines();
    this.vatBreakdown();
    this.totals();
    this.mentions();
    this.pageNumbers();
  }
}

/** The PDF's file name: its number (the characters a file name cannot hold replaced). */
export function invoiceFileName(invoice: Pick<Invoice, "number">): string {
  return `${invoice.number.replace(/[\\/:*?"<>|\p{Cc}]/gu, "-")}.pdf`;
}

/**
 * The document as a PDF stream in `language`, drawn from its snapshot. Drawing happens before the stream is
 * returned: a failure is a 500 invoices_not_generated ('Invoices could not be generated.') before the first byte.
 */
export function renderInvoicePdf(invoice: Pick<Invoice, "snapshot">, language: Language): Readable {
  try {
    const snapshot = invoice.snapshot;
    const formats = new Formats(language, snapshot);
    const title = `${snapshot.kind === "credit_note" ? formats.t("invoice.title_credit_note") : formats.t("invoice.title_invoice")} ${snapshot.number}`;
    const doc = new PDFDocument({
      size: "A4",
      margin: 0,
      bufferPages: true,
      compress: true,
      info: { Title: title, Author: snapshot.seller.corporateName, Producer: "Tessera" },
      lang: language,
    });
    doc.registerFont("regular", fontFile(FONTS.regular));
    doc.registerFont("bold", fontFile(FONTS.bold));
    new InvoiceWriter(doc, snapshot, formats).write();
    doc.end();
    return doc as unknown as Readable;
  } catch (error) {
    const failure = new AppError("invoices_not_generated", 500);
    failure.cause = error; // for the log, never for the answer
    throw failure;
  }
}

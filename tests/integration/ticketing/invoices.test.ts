import type { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lineAmounts, orderTotals, refundAmounts, splitIncluding } from "@tessera/shared/ticketing/money";
import type { Db } from "../../../api/src/db/knex.ts";
import { AppError } from "../../../api/src/errors.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { Invoice } from "../../../api/src/models/Invoice.ts";
import { issueCreditNote, issueInvoice } from "../../../api/src/services/invoicing/issue.ts";
import { renderInvoicePdf } from "../../../api/src/services/invoicing/pdf.ts";
import { listedUser } from "../../helpers/actors.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { fetchPdf, pdfText } from "../../helpers/ebadges.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { billEventBy, buildOrganizer, buildRefund, setItemDiscount } from "../../helpers/invoices.ts";
import { buildOrder, buildTicket } from "../../helpers/orders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Ticketing's invoices and credit notes (issue 14 item 6): numbered per organizer without gaps even when issuers
 * run at once and some of their transactions roll back; an order invoiced once; a credit note refers to its
 * invoice and gives back what shared's refundAmounts says; the PDF (read back with poppler's pdftotext) prints
 * the seller's legal mentions, the VAT breakdown and the buyer's SIRET, in French; a document never changes once
 * issued; the routes list an order's documents and download their PDFs, named after their numbers.
 */

/** Spaces as pdftotext gives them (no-break and narrow no-break spaces between digits and before €) made plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\u2212/g, "-");

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe.each(databaseKinds())("ticketing invoices on %s", (kind) => {
  const suite = useTestServer(kind);

  /** An event of a fresh account billed by a fresh organizer (overrides for it), with its buyer. */
  async function billedEvent(organizerOverrides: Parameters<typeof buildOrganizer>[2] = {}) {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { timezone: "Europe/Paris" });
    const organizer = await buildOrganizer(db, account.id, organizerOverrides);
    await billEventBy(db, event, organizer);
    const buyer = await buildGuest(db, event, {
      firstName: "Camille",
      lastName: "Martin",
      email: "camille@example.org",
    });
    return { db, account, event, organizer, buyer };
  }

  /**
   * A completed order of two lines: 2 × 120.00 € at 20 % with 10.00 € off (a coupon), 1 × 45.00 € at 5.5 %; billed
   * to a company with its SIRET.
   */
  async function companyOrder(db: Db, event: Event, buyerId: string) {
    const full = await buildTicket(db, event, { caption: "Pass 3 jours", taxPercent: 20 });
    const dinner = await buildTicket(db, event, { caption: "Dîner de gala", taxPercent: 5.5 });
    const { order, items } = await buildOrder(db, event, {
      guestId: buyerId,
      items: [
        { ticket: full, quantity: 2, unitPriceInclTaxCents: 12_000 },
        { ticket: dinner, quantity: 1, unitPriceInclTaxCents: 4_500 },
      ],
      overrides: {
        billingName: "Atelier Lumière SARL",
        isCompany: true,
        siret: "44306184100047",
        address: "5 quai Saint-Antoine",
        zip: "69002",
        city: "Lyon",
        reference: "K7Q2MX",
      },
    });
    // 10.00 € off the first line, including tax; its amount excluding tax derived again from what is left.
    const before = lineAmounts({ unitIncludingCents: 12_000, taxRateBp: 2000, quantity: 2 });
    const after = splitIncluding(before.includingCents - 1_000, 2000);
    await setItemDiscount(db, items[0]!.id, 1_000, before.excludingCents - after.excludingCents);
    return { order, items, full, dinner };
  }

  /** The paid lines of companyOrder as money.ts computes them. */
  function expectedLines() {
    const first = splitIncluding(24_000 - 1_000, 2000);
    const second = lineAmounts({ unitIncludingCents: 4_500, taxRateBp: 550, quantity: 1 });
    return [
      { ...first, taxRateBp: 2000, quantity: 2 },
      { ...second, taxRateBp: 550, quantity: 1 },
    ];
  }

  it("numbers invoices 1…n without gap or duplicate per organizer when 60 issuers run at once and some roll back", async () => {
    const { db, account, event, buyer } = await billedEvent();
    // A second organizer of the same account bills another event: its own series.
    const otherEvent = await buildEvent(db, account.id);
    const otherOrganizer = await buildOrganizer(db, account.id, { corporateName: "Autre Organisateur SARL" });
    await billEventBy(db, otherEvent, otherOrganizer);
    const otherBuyer = await buildGuest(db, otherEvent, { firstName: "Noa" });
    const ticket = await buildTicket(db, event);
    const otherTicket = await buildTicket(db, otherEvent);
    const orders: { id: string; isOther: boolean }[] = [];
    for (let i = 0; i < 50; i++) {
      const { order } = await buildOrder(db, event, { guestId: buyer.id, items: [{ ticket }] });
      orders.push({ id: order.id, isOther: false });
    }
    for (let i = 0; i < 10; i++) {
      const { order } = await buildOrder(db, otherEvent, { guestId: otherBuyer.id, items: [{ ticket: otherTicket }] });
      orders.push({ id: order.id, isOther: true });
    }
    const now = new Date("2026-12-03T10:00:00.000Z");
    class RolledBack extends Error {}
    const results = await Promise.allSettled(
      orders.map((order, i) =>
        db.transaction(async (trx) => {
          const invoice = await issueInvoice(trx, order.id, now);
          // Hold the counter's lock a moment so the others queue behind it.
          await new Promise((resolve) => setTimeout(resolve, i % 3));
          if (i % 7 === 3) throw new RolledBack(`order ${i} rolled back on purpose`);
          return invoice;
        }),
      ),
    );
    const failures = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
    // Only the transactions rolled back on purpose failed: no duplicate number, no deadlock.
    expect(failures.filter((reason) => !(reason instanceof RolledBack)).map(String)).toEqual([]);
    const rolledBack = orders.filter((_order, i) => i % 7 === 3);
    expect(failures).toHaveLength(rolledBack.length);

    for (const [organizerEvent, count] of [
      [event, 50 - rolledBack.filter((o) => !o.isOther).length],
      [otherEvent, 10 - rolledBack.filter((o) => o.isOther).length],
    ] as const) {
      const issued = await Invoice.query(db).where({ eventId: organizerEvent.id }).orderBy("sequence");
      expect(issued.map((invoice) => invoice.sequence)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(issued.map((invoice) => invoice.number)).toEqual(
        Array.from({ length: count }, (_, i) => `F-2026-${String(i + 1).padStart(6, "0")}`),
      );
      expect(new Set(issued.map((invoice) => invoice.orderId)).size).toBe(count);
    }
    // The rolled-back orders have no invoice; issued later, they take the next numbers.
    expect(
      await Invoice.query(db)
        .whereIn(
          "orderId",
          rolledBack.map((o) => o.id),
        )
        .resultSize(),
    ).toBe(0);
    const late = await db.transaction((trx) => issueInvoice(trx, rolledBack.find((o) => !o.isOther)!.id, now));
    expect(late.sequence).toBe(50 - rolledBack.filter((o) => !o.isOther).length + 1);
  });

  it("issues an order's invoice once: a second call returns it and takes no number", async () => {
    const { db, event, buyer } = await billedEvent();
    const { order } = await companyOrder(db, event, buyer.id);
    const now = new Date("2026-12-03T10:00:00.000Z");
    const first = await db.transaction((trx) => issueInvoice(trx, order.id, now));
    const again = await db.transaction((trx) => issueInvoice(trx, order.id, new Date()));
    expect(again.id).toBe(first.id);
    expect(again.number).toBe("F-2026-000001");
    expect(await Invoice.query(db).where({ orderId: order.id }).resultSize()).toBe(1);

    // The amounts are money.ts's: each line as paid, the totals and the VAT breakdown per rate.
    const lines = expectedLines();
    const totals = orderTotals(lines);
    expect(first.snapshot.lines.map((l) => [l.quantity, l.excludingCents, l.taxCents, l.includingCents])).toEqual(
      lines.map((l) => [l.quantity, l.excludingCents, l.taxCents, l.includingCents]),
    );
    expect(first.snapshot.totals).toEqual(totals);
    expect([first.totalExclTaxCents, first.totalTaxCents, first.totalInclTaxCents]).toEqual([
      totals.excludingCents,
      totals.taxCents,
      totals.includingCents,
    ]);
    expect(first.snapshot.totals.includingCents).toBe(27_500);

    const { order: next } = await buildOrder(db, event, {
      guestId: buyer.id,
      items: [{ ticket: await buildTicket(db, event) }],
    });
    expect((await db.transaction((trx) => issueInvoice(trx, next.id, now))).number).toBe("F-2026-000002");
  });

  it("refuses to invoice when the event has no organizer ('Invoices could not be generated.'), writing nothing", async () => {
    const { db, event, organizer, buyer } = await billedEvent();
    await billEventBy(db, event, null);
    const { order } = await companyOrder(db, event, buyer.id);
    const error = await db.transaction((trx) => issueInvoice(trx, order.id, new Date())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("invoices_not_generated");
    expect(await Invoice.query(db).where({ orderId: order.id }).resultSize()).toBe(0);
    expect(await db("invoiceCounters").where({ organizerId: organizer.id })).toEqual([]);
  });

  it("issues a credit note per refund that refers to the invoice (issued first when missing), its amounts refundAmounts'", async () => {
    const { db, event, buyer } = await billedEvent();
    const { order, items } = await companyOrder(db, event, buyer.id);
    const now = new Date("2026-12-04T09:00:00.000Z");
    // One of the two passes first: the order had no invoice yet, so it is issued with the credit note.
    const partial = await buildRefund(db, order, [{ itemId: items[0]!.id, quantity: 1 }]);
    const note = (await db.transaction((trx) => issueCreditNote(trx, partial.id, now)))!;
    const invoice = await Invoice.query(db).findOne({ orderId: order.id, kind: "invoice" });
    expect(invoice?.number).toBe("F-2026-000001");
    expect(note).toMatchObject({
      kind: "credit_note",
      number: "AV-2026-000001",
      sequence: 1,
      refundId: partial.id,
      refersToInvoiceId: invoice!.id,
    });
    expect(note.snapshot.refersTo).toEqual({
      id: invoice!.id,
      number: "F-2026-000001",
      issuedAt: invoice!.issuedAt.toISOString(),
    });
    const lines = expectedLines();
    const first = refundAmounts(lines, [{ line: 0, quantity: 1 }]);
    expect(note.snapshot.totals).toEqual({
      excludingCents: first.excludingCents,
      taxCents: first.taxCents,
      includingCents: first.includingCents,
      vatBreakdown: first.vatBreakdown,
    });
    expect(note.totalInclTaxCents).toBe(11_500);
    // Idempotent too.
    expect((await db.transaction((trx) => issueCreditNote(trx, partial.id, new Date())))!.id).toBe(note.id);

    // The rest: the credit notes add up to the invoice exactly.
    const rest = await buildRefund(db, order, [
      { itemId: items[0]!.id, quantity: 1 },
      { itemId: items[1]!.id, quantity: 1 },
    ]);
    const second = (await db.transaction((trx) => issueCreditNote(trx, rest.id, now)))!;
    expect(second.number).toBe("AV-2026-000002");
    expect(second.refersToInvoiceId).toBe(invoice!.id);
    const expected = refundAmounts(
      lines.map((line, i) => ({ ...line, refundedQuantity: i === 0 ? 1 : 0 })),
      [
        { line: 0, quantity: 1 },
        { line: 1, quantity: 1 },
      ],
    );
    expect(second.snapshot.totals.includingCents).toBe(expected.includingCents);
    expect(second.snapshot.totals.taxCents).toBe(expected.taxCents);
    for (const key of ["totalExclTaxCents", "totalTaxCents", "totalInclTaxCents"] as const)
      expect(note[key] + second[key]).toBe(invoice![key]);

    // Nothing left to give back: a further refund of the same items is refused, and rolls back.
    const tooMuch = await buildRefund(db, order, [{ itemId: items[1]!.id, quantity: 1 }]);
    await expect(db.transaction((trx) => issueCreditNote(trx, tooMuch.id, now))).rejects.toThrow(RangeError);
    // A payment given back whole (no item) undoes no sale: no credit note.
    const whole = await buildRefund(db, order, [], 27_500);
    expect(await db.transaction((trx) => issueCreditNote(trx, whole.id, now))).toBeNull();
    expect(await Invoice.query(db).where({ orderId: order.id }).resultSize()).toBe(3);
  });

  it("prints the seller's legal mentions, the VAT breakdown and the buyer's SIRET in French, frozen when issued", async () => {
    const { db, event, organizer, buyer } = await billedEvent();
    const { order, items } = await companyOrder(db, event, buyer.id);
    const { http } = await listedUser(suite.server, event, { role: "reader" });
    const invoice = await db.transaction((trx) => issueInvoice(trx, order.id, new Date("2026-12-03T10:00:00.000Z")));
    // Later changes of the organizer and the order do not alter the issued document.
    await db("organizers")
      .where({ id: organizer.id })
      .update({ corporateName: "Renamed SAS", siret: "35600000000048" });
    await db("orders").where({ id: order.id }).update({ billingName: "Someone Else", siret: null });

    const response = await fetchPdf(http, `${eventBase(event)}/invoices/${invoice.id}/pdf?language=fr`);
    expect(response.status).toBe(200);
    expect(response.type).toBe("application/pdf");
    const text = plain(await pdfText(response.bytes));
    for (const expected of [
      "Facture",
      "N° F-2026-000001",
      "Date d'émission : 3 décembre 2026",
      // The seller as it was.
      "Festival des Lumières SAS",
      "Capital social : 10 000,00 €",
      "SIRET : 73282932000074",
      "RCS : Lyon B 732 829 320",
      "12 rue de la République",
      "69002 Lyon",
      "N° de TVA intracommunautaire : FR44732829320",
      "Billets ni repris ni échangés.",
      // The buyer as it was.
      "Atelier Lumière SARL",
      "Professionnel",
      "SIRET : 44306184100047",
      "5 quai Saint-Antoine",
      "Commande K7Q2MX",
      // Lines: quantity, unit price, rate, discount, amounts.
      "Pass 3 jours",
      "Dîner de gala",
      "120,00 €",
      "-10,00 €",
      "5,5 %",
      "Détail de la TVA",
      "Total HT",
      "Total TVA",
      "Total TTC",
      "275,00 €",
      "pénalités",
      "40 €",
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain("Renamed SAS");
    expect(text).not.toContain("Someone Else");
    // The VAT breakdown per rate: base, VAT and total of each, as money.ts computes them.
    const [first, second] = expectedLines();
    const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")} €`;
    expect(text).toMatch(
      new RegExp(`5,5 %\\s+${euros(second!.excludingCents)}\\s+${euros(second!.taxCents)}\\s+45,00 €`),
    );
    expect(text).toMatch(
      new RegExp(`20 %\\s+${euros(first!.excludingCents)}\\s+${euros(first!.taxCents)}\\s+230,00 €`),
    );
    expect(response.bytes.subarray(0, 5).toString()).toBe("%PDF-");

    // The credit note prints its amounts negative and the invoice it corrects.
    const refund = await buildRefund(db, order, [{ itemId: items[1]!.id, quantity: 1 }]);
    const note = (await db.transaction((trx) => issueCreditNote(trx, refund.id, new Date("2026-12-05T10:00:00Z"))))!;
    const noteText = plain(await pdfText(await bytesOf(renderInvoicePdf(note, "fr"))));
    for (const expected of ["Avoir", "N° AV-2026-000001", "Avoir sur la facture F-2026-000001 du 3 décembre 2026"])
      expect(noteText).toContain(expected);
    expect(noteText).toContain("-45,00 €");
    expect(noteText).toContain("Festival des Lumières SAS");
    expect(noteText).toContain("SIRET : 44306184100047");
  });

  it("prints the VAT-on-margin mention and no VAT for an organizer under that scheme; English and Spanish labels", async () => {
    const { db, event, buyer } = await billedEvent({ vatStatus: "margin", vatNumber: null });
    const { order } = await companyOrder(db, event, buyer.id);
    await db("orders").where({ id: order.id }).update({ isCompany: false, siret: null, billingName: null });
    const invoice = await db.transaction((trx) => issueInvoice(trx, order.id, new Date("2026-12-03T10:00:00Z")));
    const fr = plain(await pdfText(await bytesOf(renderInvoicePdf(invoice, "fr"))));
    expect(fr).toContain("TVA sur la marge");
    expect(fr).toContain("Particulier");
    expect(fr).toContain("Camille Martin");
    expect(fr).not.toContain("Détail de la TVA");
    expect(fr).not.toContain("Total TTC");
    expect(fr).not.toContain("pénalités");
    expect(fr).toContain("275,00 €");
    const en = plain(await pdfText(await bytesOf(renderInvoicePdf(invoice, "en"))));
    expect(en).toContain("Invoice");
    expect(en).toContain("VAT on margin");
    expect(en).toContain("€275.00");
    const es = plain(await pdfText(await bytesOf(renderInvoicePdf(invoice, "es"))));
    expect(es).toContain("Factura");
    expect(es).toContain("IVA sobre el margen");
  });

  it("lists an order's documents and downloads them named after their numbers; other events' stay hidden", async () => {
    const { db, account, event, buyer } = await billedEvent();
    const { order, items } = await companyOrder(db, event, buyer.id);
    const invoice = await db.transaction((trx) => issueInvoice(trx, order.id, new Date("2026-12-03T10:00:00Z")));
    const refund = await buildRefund(db, order, [{ itemId: items[1]!.id, quantity: 1 }]);
    const note = (await db.transaction((trx) => issueCreditNote(trx, refund.id, new Date("2026-12-04T10:00:00Z"))))!;
    const { http } = await listedUser(suite.server, event, { role: "reader" });

    const list = await http.get(`${eventBase(event)}/orders/${order.id}/invoices`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: invoice.id,
        eventId: event.id,
        orderId: order.id,
        refundId: null,
        kind: "invoice",
        number: "F-2026-000001",
        refersToInvoiceId: null,
        issuedAt: "2026-12-03T10:00:00.000Z",
        currency: "EUR",
        totalExclTaxCents: invoice.totalExclTaxCents,
        totalTaxCents: invoice.totalTaxCents,
        totalInclTaxCents: 27_500,
      },
      expect.objectContaining({ id: note.id, kind: "credit_note", number: "AV-2026-000001", refundId: refund.id }),
    ]);

    const pdf = await fetch(`${suite.server.baseUrl}${eventBase(event)}/invoices/${note.id}/pdf`, {
      headers: http.authHeaders(),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="AV-2026-000001.pdf"');
    expect(pdf.headers.get("content-type")).toBe("application/pdf");

    // Another event of the same account: its path does not reach this event's documents.
    const other = await buildEvent(db, account.id);
    const { http: otherReader } = await listedUser(suite.server, other, { role: "reader" });
    expect((await otherReader.get(`${eventBase(other)}/invoices/${invoice.id}/pdf`)).status).toBe(404);
    expect((await otherReader.get(`${eventBase(other)}/orders/${order.id}/invoices`)).status).toBe(404);
    expect((await http.get(`${eventBase(event)}/orders/${other.id}/invoices`)).status).toBe(404);
  });
});

import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { Invoice } from "../../../api/src/models/Invoice.ts";
import { issueOwedDocuments } from "../../../api/src/services/orders/orderDocuments.ts";
import { listedUser } from "../../helpers/actors.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { billEventBy, buildOrganizer } from "../../helpers/invoices.ts";
import { buildOfflinePayment, buildOrder, buildTicket, writeTicketingParams } from "../../helpers/orders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * The organizer's orders through the API (issue 14 items 3 and 7, spec §4 actions, §7 `orders`): the Order
 * history filtered by status with its counts, searched and paged; the organizer's "create order" under the same
 * quotas as buyers; confirm, await, cancel and refund, each allowed only in its statuses and moving the places
 * the event counts; an invoice for every paid order and a credit note for every refund, issued by the job or the
 * sweep; the billing address; the export, one line an item, with formulas neutralised; messages in the caller's
 * language.
 */
describe.each(databaseKinds())("ticketing orders routes on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp(options: { places?: number | null; billed?: boolean } = {}) {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { http } = await listedUser(suite.server, event, { role: "editor", firstName: "Eddie", lastName: "Tor" });
    await writeTicketingParams(db, event, { terms: "Terms", paymentMethods: ["card", "transfer", "desk"] });
    if (options.billed ?? true) await billEventBy(db, event, await buildOrganizer(db, account.id));
    const ticket = await buildTicket(db, event, { caption: "Day pass", maxQuantity: options.places ?? null });
    const buyer = await buildGuest(db, event, {
      firstName: "Camille",
      lastName: "Martin",
      email: "camille@example.org",
    });
    const base = `${eventBase(event)}/orders`;
    const livePlaces = async () =>
      Number((await db("tickets").where({ id: ticket.id }).first("livePlaces")).livePlaces);
    return { db, event, http, ticket, buyer, base, livePlaces };
  }

  it("lists the orders by status with the filter's counts, searched and paged, newest first", async () => {
    const { db, event, http, ticket, buyer, base } = await setUp();
    const other = await buildGuest(db, event, { firstName: "Zoé", lastName: "Durand", email: "zoe@example.org" });
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
    for (const [n, status, guest] of [
      [1, "completed", buyer],
      [2, "completed", other],
      [3, "awaiting_payment", buyer],
      [4, "cancelled", other],
    ] as const)
      await buildOrder(db, event, {
        guestId: guest.id,
        status,
        orderedAt: day(n),
        items: [{ ticket, holderId: null }],
      });
    // Another event's order never shows.
    const elsewhere = await buildEvent(db, event.accountId);
    await buildOrder(db, elsewhere, {
      guestId: (await buildGuest(db, elsewhere)).id,
      items: [{ ticket: await buildTicket(db, elsewhere), holderId: null }],
    });

    const all = await http.get(base);
    expect(all.status).toBe(200);
    expect(all.body.data.map((order: { status: string }) => order.status)).toEqual([
      "cancelled",
      "awaiting_payment",
      "completed",
      "completed",
    ]);
    expect(all.body.counts).toMatchObject({ completed: 2, awaiting_payment: 1, cancelled: 1, in_cart: 0 });
    // The order's own email, else the buyer's.
    expect(all.body.data[1]).toMatchObject({
      orderedBy: "Camille Martin",
      email: "camille@example.org",
      units: 1,
      totalInclTaxCents: 12_000,
    });

    const completed = await http.get(`${base}?status=completed&perPage=1&page=2`);
    expect(completed.body.pagination).toEqual({ page: 2, perPage: 1, total: 2 });
    expect(completed.body.data[0].orderedBy).toBe("Camille Martin");
    // The counts are the filter's whatever the status asked.
    expect(completed.body.counts).toMatchObject({ completed: 2, awaiting_payment: 1 });

    const searched = await http.get(`${base}?search=zoé`);
    expect(searched.body.data.map((order: { orderedBy: string }) => order.orderedBy)).toEqual([
      "Zoé Durand",
      "Zoé Durand",
    ]);
    expect(searched.body.counts).toMatchObject({ completed: 1, cancelled: 1, awaiting_payment: 0 });

    const ranged = await http.get(`${base}?from=${day(2).toISOString()}&to=${day(3).toISOString()}`);
    expect(ranged.body.data).toHaveLength(2);

    const wrong = await http.get(`${base}?status=paid`, { lang: "fr" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details[0]).toMatchObject({ field: "status", code: "invalid_value" });
  });

  it("creates an order for a guest: paid (completed, invoiced) or awaiting its payment, under the ticket's quota", async () => {
    const { db, http, ticket, buyer, base, livePlaces } = await setUp({ places: 3 });
    const paid = await http.post(base, {
      guestId: buyer.id,
      items: [{ ticketId: ticket.id, quantity: 2 }],
      paymentMethod: "cash",
      paid: true,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({
      status: "completed",
      paymentMethod: "cash",
      totalInclTaxCents: 24_000,
      units: 2,
      actions: ["refund"],
    });
    expect(paid.body.payments).toEqual([expect.objectContaining({ provider: "offline", capturedCents: 24_000 })]);
    await suite.server.deps.jobs.drain();
    expect(await Invoice.query(db).where({ orderId: paid.body.id, kind: "invoice" })).toHaveLength(1);

    const awaiting = await http.post(base, {
      guestId: buyer.id,
      items: [{ ticketId: ticket.id, quantity: 1 }],
      paymentMethod: "transfer",
      paid: false,
    });
    expect(awaiting.body).toMatchObject({ status: "awaiting_payment", actions: ["confirm", "cancel"] });
    expect(await livePlaces()).toBe(3);

    const full = await http.post(
      base,
      { guestId: buyer.id, items: [{ ticketId: ticket.id, quantity: 1 }], paymentMethod: "cash", paid: true },
      { lang: "fr" },
    );
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: "ticket_unavailable", message: "Ce billet n'est plus disponible." });

    const empty = await http.post(
      base,
      { guestId: buyer.id, items: [], paymentMethod: "cash", paid: true },
      { lang: "fr" },
    );
    expect(empty.status).toBe(422);
    expect(empty.body.error.details[0]).toMatchObject({
      field: "items",
      code: "at_least_one_item",
      message: "Vous devez ajouter au moins un élément.",
    });
    expect(await db("orders").where({ guestId: buyer.id })).toHaveLength(2);
  });

  it("confirms, awaits and cancels only in their statuses, holding and releasing the places", async () => {
    const { db, event, http, ticket, buyer, base, livePlaces } = await setUp();
    const { order: cart } = await buildOrder(db, event, {
      guestId: buyer.id,
      status: "in_cart",
      items: [{ ticket, holderId: null, quantity: 2 }],
      overrides: { holdExpiresAt: new Date(Date.now() + 600_000), paymentMethod: null },
    });
    expect(await livePlaces()).toBe(0);
    const confirmCart = await http.post(`${base}/${cart.id}/confirm`, {});
    expect(confirmCart.status).toBe(409);
    expect(confirmCart.body.error.code).toBe("order_action_not_allowed");

    const awaited = await http.post(`${base}/${cart.id}/await`, { paymentMethod: "desk" });
    expect(awaited.body).toMatchObject({ status: "awaiting_payment", paymentMethod: "desk", holdExpiresAt: null });
    expect(await livePlaces()).toBe(2);

    const confirmed = await http.post(`${base}/${cart.id}/confirm`, {
      name: "Acme SAS",
      isCompany: true,
      siret: "732 829 320 00074",
      city: "Lyon",
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: "completed",
      billing: { name: "Acme SAS", isCompany: true, siret: "73282932000074", city: "Lyon" },
    });
    expect(confirmed.body.timeline.map((entry: { kind: string }) => entry.kind)).toContain("payment_succeeded");
    expect(await livePlaces()).toBe(2);
    expect((await http.post(`${base}/${cart.id}/cancel`)).status).toBe(409);

    const { order: unpaid } = await buildOrder(db, event, {
      guestId: buyer.id,
      status: "awaiting_payment",
      items: [{ ticket, holderId: null }],
    });
    expect(await livePlaces()).toBe(3);
    const cancelled = await http.post(`${base}/${unpaid.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: "cancelled", actions: [] });
    expect(await livePlaces()).toBe(2);
    const history = await db("auditLogs").where({ eventId: event.id }).whereLike("action", "order.%").pluck("action");
    expect(history.sort()).toEqual(["order.awaiting", "order.cancelled", "order.confirmed"]);
  });

  it("refunds by items (at least one, never more than left), gives the places back and issues a credit note", async () => {
    const { db, event, http, ticket, buyer, base, livePlaces } = await setUp();
    const { order, items } = await buildOrder(db, event, {
      guestId: buyer.id,
      items: [{ ticket, holderId: null, quantity: 3 }],
      overrides: { paymentMethod: "transfer" },
    });
    await buildOfflinePayment(db, order);
    expect(await livePlaces()).toBe(3);
    const none = await http.post(`${base}/${order.id}/refund`, { items: [] }, { lang: "es" });
    expect(none.status).toBe(422);
    expect(none.body.error.details[0]).toMatchObject({
      field: "items",
      code: "at_least_one_item",
      message: "Debe añadir al menos un elemento.",
    });

    const partial = await http.post(`${base}/${order.id}/refund`, { items: [{ itemId: items[0]!.id, quantity: 2 }] });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body).toMatchObject({ status: "partially_refunded", refundedCents: 24_000, actions: ["refund"] });
    expect(partial.body.items[0]).toMatchObject({ quantity: 3, refundedQuantity: 2 });
    expect(await livePlaces()).toBe(1);
    await suite.server.deps.jobs.drain();
    const documents = await Invoice.query(db).where({ orderId: order.id }).orderBy("sequence");
    expect(documents.map((document) => document.kind)).toEqual(["invoice", "credit_note"]);
    expect(documents[1]!.refersToInvoiceId).toBe(documents[0]!.id);

    const tooMany = await http.post(`${base}/${order.id}/refund`, { items: [{ itemId: items[0]!.id, quantity: 2 }] });
    expect(tooMany.status).toBe(422);
    const rest = await http.post(`${base}/${order.id}/refund`, {});
    expect(rest.body).toMatchObject({ status: "refunded", refundedCents: 36_000, actions: [] });
    expect(await livePlaces()).toBe(0);
  });

  it("names each line's holder, and offers actions only to those who may edit the event", async () => {
    const { db, event, http, ticket, buyer, base } = await setUp();
    const friend = await buildGuest(db, event, { firstName: "Ada", lastName: "Lovelace" });
    const { order } = await buildOrder(db, event, {
      guestId: buyer.id,
      items: [{ ticket }, { ticket, holderId: friend.id }, { ticket, holderId: null, quantity: 2 }],
    });
    const seen = await http.get(`${base}/${order.id}`);
    expect(seen.body.items.map((item: { holderName: string | null }) => item.holderName)).toEqual([
      "Camille Martin",
      "Ada Lovelace",
      null,
    ]);
    expect(seen.body.actions).toEqual(["refund"]);
    const { http: reader } = await listedUser(suite.server, event, { role: "reader" });
    const read = await reader.get(`${base}/${order.id}`);
    expect(read.status).toBe(200);
    expect(read.body.actions).toEqual([]);
  });

  it("keeps the billing address, refusing a company without a valid SIRET, and tells it", async () => {
    const { db, event, http, ticket, buyer, base } = await setUp();
    const { order } = await buildOrder(db, event, { guestId: buyer.id, items: [{ ticket }] });
    const refused = await http.post(
      `${base}/${order.id}`,
      { isCompany: true, siret: "12345678901234" },
      { lang: "fr" },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.details[0]).toMatchObject({
      field: "siret",
      message: "Ce numéro SIRET n'est pas valide : il doit comporter 14 chiffres et une clé de contrôle valide.",
    });
    const saved = await http.post(`${base}/${order.id}`, {
      name: "Camille Martin",
      address: "3 rue Oberkampf",
      zip: "75011",
      city: "Paris",
      email: "billing@example.org",
    });
    expect(saved.status).toBe(200);
    const address = await http.get(`${base}/${order.id}/billingaddress`);
    expect(address.body).toEqual({
      name: "Camille Martin",
      address: "3 rue Oberkampf",
      zip: "75011",
      city: "Paris",
      isCompany: false,
      siret: null,
      email: "billing@example.org",
      phone: null,
    });
    const other = await buildEvent(db, event.accountId);
    expect((await http.get(`${eventBase(other)}/orders/${order.id}`)).status).toBe(404);
  });

  it("exports one line an item as CSV and XLSX, with formula cells neutralised, in the caller's language", async () => {
    const { db, event, http, ticket, buyer, base } = await setUp();
    const sneaky = await buildGuest(db, event, { firstName: '=HYPERLINK("x")', lastName: "Evil" });
    const second = await buildTicket(db, event, { caption: "Dinner" });
    await buildOrder(db, event, {
      guestId: buyer.id,
      items: [{ ticket }, { ticket: second, holderId: null, quantity: 2 }],
    });
    await buildOrder(db, event, { guestId: sneaky.id, status: "awaiting_payment", items: [{ ticket }] });

    const csv = await http.get(`${base}/export?status=completed,awaiting_payment`, { lang: "fr" });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = String(csv.body)
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Référence;Date;Statut");
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => line.includes("Day pass"))).toHaveLength(2);
    expect(lines.find((line) => line.includes("Dinner"))).toContain(";2;");
    expect(lines.find((line) => line.includes("Evil"))).toContain("'=HYPERLINK");

    const xlsx = await fetch(`${suite.server.baseUrl}${base}/export?format=xlsx`, { headers: http.authHeaders() });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
  });

  it("issues what a crash left owed: the sweep invoices paid orders and credits refunds, once", async () => {
    const { db, event, ticket, buyer } = await setUp();
    const { order } = await buildOrder(db, event, { guestId: buyer.id, items: [{ ticket }] });
    const unbilled = await setUp({ billed: false });
    await buildOrder(unbilled.db, unbilled.event, { guestId: unbilled.buyer.id, items: [{ ticket: unbilled.ticket }] });
    await issueOwedDocuments(suite.server.deps);
    await issueOwedDocuments(suite.server.deps);
    expect(await Invoice.query(db).where({ orderId: order.id })).toHaveLength(1);
    expect(await Invoice.query(db).where({ eventId: unbilled.event.id })).toHaveLength(0);
  });
});

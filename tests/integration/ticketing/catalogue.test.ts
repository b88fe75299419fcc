import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { listedUser } from "../../helpers/actors.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildOrder } from "../../helpers/orders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Ticketing's catalogue (issue 14 item 1): categories and subcategories with their colour and positions, tickets
 * with their tax rate in basis points and their price periods (one price given, the other derived, in cents),
 * periods that end before they start or overlap refused at their place with a message (in French here), a
 * category holding tickets or a ticket ordered refused deletion with a message, every change in the event's
 * history, and nothing of another event reachable through this one's address.
 */
describe.each(databaseKinds())("ticketing catalogue on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { http } = await listedUser(suite.server, event, { role: "editor" });
    const base = eventBase(event);
    return { db, http, event, categories: `${base}/categories`, tickets: `${base}/tickets` };
  }

  it("creates, reads, changes and deletes categories and subcategories, each change in the event's history", async () => {
    const { db, http, event, categories } = await setUp();
    const talks = await http.post(categories, { name: " Talks ", color: "#3366FF" });
    expect(talks.status, JSON.stringify(talks.body)).toBe(201);
    expect(talks.body).toMatchObject({ name: "Talks", color: "#3366ff", parentId: null, position: 0 });
    const workshops = await http.post(categories, { name: "Workshops", color: "#00aa00" });
    expect(workshops.body.position).toBe(1);
    const morning = await http.post(categories, { name: "Morning", color: "#aa0000", parentId: workshops.body.id });
    expect(morning.status).toBe(201);
    expect(morning.body).toMatchObject({ parentId: workshops.body.id, position: 0 });
    // A subcategory of a subcategory is refused: one level only.
    const deeper = await http.post(categories, { name: "Early", color: "#aa0000", parentId: morning.body.id });
    expect(deeper.status).toBe(422);
    expect(deeper.body.error.details[0].field).toBe("parentId");
    // A category with subcategories cannot become one.
    const nested = await http.post(`${categories}/${workshops.body.id}`, { parentId: talks.body.id });
    expect(nested.status).toBe(422);

    const list = await http.get(categories);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(["Talks", "Workshops", "Morning"]);
    expect((await http.get(`${categories}/${morning.body.id}`)).body.name).toBe("Morning");

    const renamed = await http.post(`${categories}/${talks.body.id}`, { name: "Keynotes", color: "#112233" });
    expect(renamed.body).toMatchObject({ name: "Keynotes", color: "#112233" });

    expect((await http.delete(`${categories}/${workshops.body.id}`)).body).toEqual({ ok: true });
    expect(await db("ticketCategories").where({ eventId: event.id }).pluck("name")).toEqual(["Keynotes"]);
    expect((await http.get(`${categories}/${morning.body.id}`)).status).toBe(404);

    const entries = await AuditLog.query(db).where({ eventId: event.id, subjectType: "ticket_category" });
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "ticket_category.created",
      "ticket_category.created",
      "ticket_category.created",
      "ticket_category.deleted",
      "ticket_category.updated",
    ]);
    const change = entries.find((entry) => entry.action === "ticket_category.updated")!;
    expect(change.before).toEqual({ name: "Talks", color: "#3366ff" });
    expect(change.after).toEqual({ name: "Keynotes", color: "#112233" });
    expect(change.metadata).toEqual({ subject: "Keynotes" });
  });

  it("reorders the categories with a positions call: each subcategory among its siblings", async () => {
    const { db, http, event, categories } = await setUp();
    const make = async (name: string, parentId?: string) =>
      (await http.post(categories, { name, color: "#123456", ...(parentId ? { parentId } : {}) })).body.id as string;
    const a = await make("A");
    const b = await make("B");
    const c = await make("C");
    const b1 = await make("B1", b);
    const b2 = await make("B2", b);

    const moved = await http.post(`${categories}/positions`, { ids: [c, b2, a, b, b1] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.map((x: { name: string }) => x.name)).toEqual(["C", "A", "B", "B2", "B1"]);
    expect(moved.body.data.map((x: { position: number }) => x.position)).toEqual([0, 1, 2, 0, 1]);
    expect((await http.get(categories)).body.data.map((x: { name: string }) => x.name)).toEqual([
      "C",
      "A",
      "B",
      "B2",
      "B1",
    ]);
    const entry = await AuditLog.query(db).findOne({ eventId: event.id, action: "ticket_category.reordered" });
    expect(entry?.after).toEqual({ order: [c, a, b, b2, b1] });

    // Every category once each, or nothing moves.
    const missing = await http.post(`${categories}/positions`, { ids: [c, b2, a, b] });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details[0].field).toBe("ids");
    const other = await buildEvent(db, event.accountId);
    await db("ticketCategories").insert({
      id: "00000000-0000-4000-8000-000000000001",
      accountId: event.accountId,
      eventId: other.id,
      parentId: null,
      name: "Elsewhere",
      color: "#000000",
      position: 0,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const stranger = await http.post(`${categories}/positions`, {
      ids: [c, b2, a, b, "00000000-0000-4000-8000-000000000001"],
    });
    expect(stranger.status).toBe(422);
    expect((await http.get(categories)).body.data.map((x: { name: string }) => x.name)).toEqual([
      "C",
      "A",
      "B",
      "B2",
      "B1",
    ]);
  });

  it("creates a ticket with its price periods, one price derived from the other with the tax rate", async () => {
    const { db, http, event, categories, tickets } = await setUp();
    const workshops = (await http.post(categories, { name: "Workshops", color: "#00aa00" })).body;
    const morning = (await http.post(categories, { name: "Morning", color: "#aa0000", parentId: workshops.id })).body;
    const created = await http.post(tickets, {
      caption: "Full pass",
      description: "Both days",
      taxRateBp: 2000,
      maxQuantity: 100,
      isOnSale: true,
      categoryId: morning.id,
      pricePeriods: [
        { startsAt: "2027-03-01T00:00:00.000Z", endsAt: "2027-04-01T00:00:00.000Z", priceInclTaxCents: 12000 },
        { startsAt: "2027-01-01T00:00:00.000Z", endsAt: "2027-03-01T00:00:00.000Z", priceExclTaxCents: 8333 },
        { startsAt: "2027-04-01T00:00:00.000Z", priceInclTaxCents: 999 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      caption: "Full pass",
      description: "Both days",
      taxRateBp: 2000,
      maxQuantity: 100,
      isOption: false,
      isOnSale: true,
      categoryId: morning.id,
      position: 0,
    });
    // By start; 83.33 € + 20 % = 100.00 € (rounded half up), 120.00 € / 1.2 = 100.00 €, 9.99 € / 1.2 = 8.33 €.
    expect(created.body.pricePeriods).toMatchObject([
      {
        startsAt: "2027-01-01T00:00:00.000Z",
        endsAt: "2027-03-01T00:00:00.000Z",
        priceExclTaxCents: 8333,
        priceInclTaxCents: 10000,
      },
      {
        startsAt: "2027-03-01T00:00:00.000Z",
        endsAt: "2027-04-01T00:00:00.000Z",
        priceExclTaxCents: 10000,
        priceInclTaxCents: 12000,
      },
      { startsAt: "2027-04-01T00:00:00.000Z", endsAt: null, priceExclTaxCents: 833, priceInclTaxCents: 999 },
    ]);
    expect(await db("tickets").where({ id: created.body.id }).first("categoryId")).toEqual({ categoryId: morning.id });

    // No VAT: both prices the same; max quantity empty: unlimited; an option.
    const option = await http.post(tickets, {
      caption: "Dinner",
      taxRateBp: null,
      isOption: true,
      pricePeriods: [{ startsAt: "2027-01-01T00:00:00.000Z", priceExclTaxCents: 4500 }],
    });
    expect(option.status).toBe(201);
    expect(option.body).toMatchObject({ taxRateBp: null, maxQuantity: null, isOption: true, position: 1 });
    expect(option.body.pricePeriods[0]).toMatchObject({ priceExclTaxCents: 4500, priceInclTaxCents: 4500 });

    // A new tax rate alone derives the prices after taxes again from those before: 5.5 %.
    const retaxed = await http.post(`${tickets}/${created.body.id}`, { taxRateBp: 550 });
    expect(retaxed.status, JSON.stringify(retaxed.body)).toBe(200);
    expect(retaxed.body.taxRateBp).toBe(550);
    expect(retaxed.body.pricePeriods.map((p: { priceInclTaxCents: number }) => p.priceInclTaxCents)).toEqual([
      8791, 10550, 879,
    ]);
    // New periods replace the list; other fields change alone.
    const changed = await http.post(`${tickets}/${created.body.id}`, {
      caption: "Pass",
      maxQuantity: null,
      categoryId: null,
      pricePeriods: [{ startsAt: "2027-01-01T00:00:00.000Z", priceInclTaxCents: 10550 }],
    });
    expect(changed.body).toMatchObject({ caption: "Pass", maxQuantity: null, categoryId: null });
    expect(changed.body.pricePeriods).toMatchObject([
      { endsAt: null, priceExclTaxCents: 10000, priceInclTaxCents: 10550 },
    ]);
    expect(await db("ticketPricePeriods").where({ ticketId: created.body.id })).toHaveLength(1);

    const list = await http.get(tickets);
    expect(list.body.data.map((t: { caption: string }) => t.caption)).toEqual(["Pass", "Dinner"]);
    expect((await http.get(`${tickets}/${option.body.id}`)).body.caption).toBe("Dinner");

    expect((await http.delete(`${tickets}/${option.body.id}`)).body).toEqual({ ok: true });
    expect((await http.get(`${tickets}/${option.body.id}`)).status).toBe(404);
    expect(await db("ticketPricePeriods").where({ ticketId: option.body.id })).toEqual([]);

    const entries = await AuditLog.query(db).where({ eventId: event.id, subjectType: "ticket" });
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "ticket.created",
      "ticket.created",
      "ticket.deleted",
      "ticket.updated",
      "ticket.updated",
    ]);
    const retax = entries.find((entry) => entry.action === "ticket.updated" && entry.after?.taxRateBp === 550)!;
    expect(retax.before).toMatchObject({ taxRateBp: 2000 });
    expect(retax.metadata).toEqual({ subject: "Full pass" });
  });

  it("refuses overlapping periods, a period ending before it starts and a period with no price or two, in French at their place", async () => {
    const { db, http, event, tickets } = await setUp();
    const refused = await http.post(
      tickets,
      {
        caption: "Pass",
        taxRateBp: 2000,
        pricePeriods: [
          { startsAt: "2027-01-01T00:00:00.000Z", endsAt: "2027-02-01T00:00:00.000Z", priceInclTaxCents: 100 },
          { startsAt: "2027-01-15T00:00:00.000Z", endsAt: "2027-03-01T00:00:00.000Z", priceInclTaxCents: 100 },
          { startsAt: "2027-05-01T00:00:00.000Z", endsAt: "2027-04-01T00:00:00.000Z", priceInclTaxCents: 100 },
          { startsAt: "2027-06-01T00:00:00.000Z", priceInclTaxCents: 100, priceExclTaxCents: 80 },
          { startsAt: "2027-07-01T00:00:00.000Z" },
        ],
      },
      { lang: "fr" },
    );
    expect(refused.status).toBe(422);
    const details = (refused.body.error.details as { field: string; message: string }[]).map((d) => [
      d.field,
      d.message,
    ]);
    expect(details).toEqual(
      expect.arrayContaining([
        ["pricePeriods.1.startsAt", "Les périodes de prix ne doivent pas se chevaucher."],
        ["pricePeriods.2.endsAt", "La fin doit être postérieure au début."],
        ["pricePeriods.3", "Indiquez le prix HT ou le prix TTC, pas les deux."],
        ["pricePeriods.4", "Indiquez le prix HT ou le prix TTC, pas les deux."],
      ]),
    );
    // An open-ended period overlaps every later one; periods touching end to start do not overlap.
    const open = await http.post(tickets, {
      caption: "Pass",
      pricePeriods: [
        { startsAt: "2027-01-01T00:00:00.000Z", priceInclTaxCents: 100 },
        { startsAt: "2028-01-01T00:00:00.000Z", priceInclTaxCents: 100 },
      ],
    });
    expect(open.status).toBe(422);
    expect(open.body.error.details[0]).toMatchObject({
      field: "pricePeriods.1.startsAt",
      message: "Price periods must not overlap.",
    });
    expect(await db("tickets").where({ eventId: event.id })).toEqual([]);
    const touching = await http.post(tickets, {
      caption: "Pass",
      pricePeriods: [
        { startsAt: "2027-01-01T00:00:00.000Z", endsAt: "2027-02-01T00:00:00.000Z", priceInclTaxCents: 100 },
        { startsAt: "2027-02-01T00:00:00.000Z", priceInclTaxCents: 200 },
      ],
    });
    expect(touching.status).toBe(201);
    // An update's periods are checked the same way, and the ticket stays as it was.
    const overlapping = await http.post(
      `${tickets}/${touching.body.id}`,
      {
        pricePeriods: [
          { startsAt: "2027-01-01T00:00:00.000Z", endsAt: "2027-03-01T00:00:00.000Z", priceInclTaxCents: 100 },
          { startsAt: "2027-02-01T00:00:00.000Z", priceInclTaxCents: 200 },
        ],
      },
      { lang: "fr" },
    );
    expect(overlapping.status).toBe(422);
    expect(overlapping.body.error.details[0].message).toBe("Les périodes de prix ne doivent pas se chevaucher.");
    expect(await db("ticketPricePeriods").where({ ticketId: touching.body.id })).toHaveLength(2);
    // Schema limits in French too: an empty caption, a tax rate above 100 %.
    const invalid = await http.post(tickets, { caption: "", taxRateBp: 10001 }, { lang: "fr" });
    expect(invalid.status).toBe(422);
    expect((invalid.body.error.details as { field: string }[]).map((d) => d.field).sort()).toEqual([
      "caption",
      "taxRateBp",
    ]);
  });

  it("refuses deleting a category that holds tickets (or whose subcategory does) and a ticket that was ordered, with a message", async () => {
    const { db, http, event, categories, tickets } = await setUp();
    const parent = (await http.post(categories, { name: "Passes", color: "#00aa00" })).body;
    const child = (await http.post(categories, { name: "Students", color: "#aa0000", parentId: parent.id })).body;
    const ticket = (await http.post(tickets, { caption: "Student pass", categoryId: child.id })).body;
    const messages = {
      en: "This category could not be deleted: it holds tickets.",
      fr: "Cette catégorie ne peut pas être supprimée : elle contient des billets.",
      es: "Esta categoría no se puede eliminar: contiene entradas.",
    };
    for (const [lang, message] of Object.entries(messages)) {
      for (const id of [parent.id, child.id]) {
        const refused = await http.delete(`${categories}/${id}`, { lang });
        expect(refused.status).toBe(409);
        expect(refused.body.error).toMatchObject({ code: "category_has_tickets", message });
      }
    }
    expect(await db("ticketCategories").where({ eventId: event.id })).toHaveLength(2);
    // A category of another event is refused as a ticket's.
    const otherEvent = await buildEvent(db, event.accountId);
    const { http: otherHttp } = await listedUser(suite.server, otherEvent, { role: "editor" });
    const foreign = (await otherHttp.post(`${eventBase(otherEvent)}/categories`, { name: "X", color: "#000000" })).body;
    const misplaced = await http.post(`${tickets}/${ticket.id}`, { categoryId: foreign.id });
    expect(misplaced.status).toBe(422);
    expect(misplaced.body.error.details[0].field).toBe("categoryId");

    const guest = await buildGuest(db, event);
    await buildOrder(db, event, { guestId: guest.id, items: [{ ticket: { id: ticket.id, taxPercent: null } }] });
    const ordered = await http.delete(`${tickets}/${ticket.id}`, { lang: "fr" });
    expect(ordered.status).toBe(409);
    expect(ordered.body.error).toMatchObject({
      code: "ticket_has_orders",
      message: "Ce billet ne peut pas être supprimé : il a déjà été commandé.",
    });
    expect(await db("tickets").where({ id: ticket.id })).toHaveLength(1);

    // Moved out of the category, the ticket no longer holds it back.
    await http.post(`${tickets}/${ticket.id}`, { categoryId: null });
    expect((await http.delete(`${categories}/${parent.id}`)).status).toBe(200);
    expect(await db("ticketCategories").where({ eventId: event.id })).toEqual([]);
  });

  it("finds no category or ticket of another event through this event's address (404, nothing changes)", async () => {
    const mine = await setUp();
    const other = await setUp();
    const category = (await other.http.post(other.categories, { name: "Theirs", color: "#000000" })).body;
    const ticket = (await other.http.post(other.tickets, { caption: "Theirs" })).body;
    expect((await mine.http.get(`${mine.categories}/${category.id}`)).status).toBe(404);
    expect((await mine.http.post(`${mine.categories}/${category.id}`, { name: "Mine" })).status).toBe(404);
    expect((await mine.http.delete(`${mine.categories}/${category.id}`)).status).toBe(404);
    expect((await mine.http.get(`${mine.tickets}/${ticket.id}`)).status).toBe(404);
    expect((await mine.http.post(`${mine.tickets}/${ticket.id}`, { caption: "Mine" })).status).toBe(404);
    expect((await mine.http.delete(`${mine.tickets}/${ticket.id}`)).status).toBe(404);
    const parented = await mine.http.post(mine.categories, { name: "Sub", color: "#000000", parentId: category.id });
    expect(parented.status).toBe(422);
    expect((await mine.http.get(mine.tickets)).body.data).toEqual([]);
    expect((await other.http.get(`${other.categories}/${category.id}`)).body.name).toBe("Theirs");
    expect((await other.http.get(`${other.tickets}/${ticket.id}`)).body.caption).toBe("Theirs");
  });
});

import { normalizeGuestEmail, validateAnswer } from "@tessera/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { CustomField } from "../../../api/src/models/CustomField.ts";
import { Event } from "../../../api/src/models/Event.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { User } from "../../../api/src/models/User.ts";
import { DEMO_EMAIL, DEMO_EVENT_SLUG, seedDemo } from "../../../api/src/seed/demo.ts";
import { listDuplicatePairs } from "../../../api/src/services/guests/duplicates.ts";
import { guestNameKey } from "../../../api/src/services/guests/prepare.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { sessionTokenFor } from "../../helpers/factories.ts";
import { startTestServer } from "../../helpers/server.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** The demo event's sample guests (issue 4 item 9). */
describe.each(databaseKinds())("demo guests on %s", (kind) => {
  const suite = useTestServer(kind);
  let event: Event;
  let guests: Guest[];
  let fields: CustomField[];

  beforeAll(async () => {
    await seedDemo(suite.server.db, "Demo-Password-2026", {
      passwordHashCost: suite.server.config.passwordHashCost,
      now: new Date("2026-11-21T10:00:00Z"),
    });
    event = (await Event.query(suite.server.db).findOne({ slug: DEMO_EVENT_SLUG }))!;
    guests = await Guest.query(suite.server.db).where({ eventId: event.id });
    fields = await CustomField.query(suite.server.db).where({ eventId: event.id }).orderBy("position");
  });

  it("has about 250 guests in every status, with plausible mail statuses and sources", () => {
    expect(guests.length).toBe(250);
    expect(new Set(guests.map((guest) => guest.status))).toEqual(
      new Set(["unanswered", "refused", "pending_approval", "rejected", "confirmed", "cancelled", "to_be_seen"]),
    );
    expect(new Set(guests.map((guest) => guest.mailStatus)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(guests.map((guest) => guest.createdSource))).toEqual(
      new Set(["import", "manual", "registration", "api", "companion"]),
    );
    expect(new Set(guests.map((guest) => guest.accountId))).toEqual(new Set([event.accountId]));
    // French, English and Spanish names, accents included.
    expect(guests.map((guest) => `${guest.firstName} ${guest.lastName}`)).toContainEqual(
      expect.stringMatching(/[éèêëàçñíóú]/i),
    );
    expect(guests.map((guest) => guest.email)).toContainEqual(expect.stringMatching(/\.es$/));
  });

  it("sets the derived columns of every guest", () => {
    for (const guest of guests) {
      expect(guest.emailNormalized).toBe(normalizeGuestEmail(guest.email));
      expect(guest.nameKey).toBe(guestNameKey(guest.firstName, guest.lastName));
      expect(guest.searchText.length).toBeGreaterThan(0);
    }
  });

  it("links companions to a confirmed godfather who expects them, within the event's maximum", () => {
    const companions = guests.filter((guest) => guest.godfatherId);
    expect(companions.length).toBeGreaterThanOrEqual(10);
    const byId = new Map(guests.map((guest) => [guest.id, guest]));
    for (const companion of companions) {
      const godfather = byId.get(companion.godfatherId!)!;
      expect(godfather.status).toBe("confirmed");
      expect(godfather.companionsExpected).toBeGreaterThanOrEqual(1);
      expect(godfather.companionsExpected).toBeLessThanOrEqual(event.maxCompanions ?? 1);
      expect(companion.createdSource).toBe("companion");
    }
  });

  it("has six custom fields of different types, and every answer passes its field's rules", () => {
    expect(fields.map((field) => field.type)).toEqual([
      "dropdown",
      "multiple_choice",
      "date",
      "phone",
      "number",
      "rating",
    ]);
    const byId = new Map(fields.map((field) => [field.id, field]));
    let answers = 0;
    for (const guest of guests) {
      for (const [fieldId, value] of Object.entries(guest.answers)) {
        const field = byId.get(fieldId);
        expect(field).toBeDefined();
        const result = validateAnswer(field!, value);
        expect({ fieldId, value, result }).toEqual({ fieldId, value, result: { ok: true, value } });
        answers++;
      }
    }
    expect(answers).toBeGreaterThan(500);
  });

  it("has six duplicate pairs to merge: three by email written differently, three by name", async () => {
    const { rows, pagination } = await listDuplicatePairs(suite.server.db, event.id, { perPage: 50 });
    expect(pagination.total).toBe(6);
    expect(rows.filter((pair) => pair.reason === "email")).toHaveLength(3);
    expect(rows.filter((pair) => pair.reason === "name")).toHaveLength(3);
    // The same address written differently in each pair.
    const emailPairs = rows.filter((pair) => pair.reason === "email");
    const writtenAlike = emailPairs.filter((pair) => pair.guests[0].email === pair.guests[1].email);
    expect(writtenAlike.map((pair) => pair.guests.map((guest) => guest.email))).toEqual([]);
  });

  it("sells tickets: orders in every status whose totals add up, companions holding passes", async () => {
    const orders: Array<{ id: string; guestId: string; status: string; totalInclTaxCents: number }> = await suite.server
      .db("orders")
      .where({ eventId: event.id });
    expect(orders.length).toBe(30);
    expect(new Set(orders.map((order) => order.status))).toEqual(
      new Set(["in_cart", "completed", "awaiting_payment", "partially_refunded", "refunded", "cancelled"]),
    );
    const items: Array<{ orderId: string; holderGuestId: string; quantity: number; unitPriceInclTaxCents: number }> =
      await suite.server.db("orderItems").whereIn(
        "orderId",
        orders.map((order) => order.id),
      );
    for (const order of orders) {
      const lines = items.filter((item) => item.orderId === order.id);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.reduce((sum, item) => sum + item.quantity * item.unitPriceInclTaxCents, 0)).toBe(
        order.totalInclTaxCents,
      );
    }
    const byId = new Map(guests.map((guest) => [guest.id, guest]));
    const buyerOf = new Map(orders.map((order) => [order.id, order.guestId]));
    const heldByCompanionOfBuyer = items.filter(
      (item) => byId.get(item.holderGuestId)?.godfatherId === buyerOf.get(item.orderId),
    );
    expect(heldByCompanionOfBuyer.length, "passes held by a companion of the buyer").toBeGreaterThan(0);
  });

  it("refuses to delete a demo guest who holds a ticket, with the spec's message", async () => {
    const holder: { guestId: string } = await suite.server
      .db("orders")
      .where({ eventId: event.id, status: "completed" })
      .first("guestId");
    const demoUser = await User.query(suite.server.db).findOne({ email: DEMO_EMAIL });
    const http = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, demoUser!));
    const response = await http.delete(`/api/v1/events/${event.accountId}/${event.id}/users/${holder.guestId}`);
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(
      "Guest could not be deleted. Reason: Guests could not be deleted: they may have a ticket.",
    );
  });

  it("is the same on every seed (fixed seed)", async () => {
    const other = await startTestServer({ kind });
    try {
      await seedDemo(other.db, "Demo-Password-2026", {
        passwordHashCost: other.config.passwordHashCost,
        now: new Date("2026-11-21T10:00:00Z"),
      });
      const otherEvent = (await Event.query(other.db).findOne({ slug: DEMO_EVENT_SLUG }))!;
      const names = async (db: typeof suite.server.db, eventId: string) =>
        (await Guest.query(db).where({ eventId }).select("email", "status"))
          .map((g) => `${g.email}:${g.status}`)
          .sort();
      expect(await names(other.db, otherEvent.id)).toEqual(await names(suite.server.db, event.id));
    } finally {
      await other.close();
    }
  });
});

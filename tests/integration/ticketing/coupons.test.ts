import { describe, expect, it } from "vitest";
import { applyDiscounts, type PricedLine } from "@tessera/shared/ticketing/money";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { listedUser } from "../../helpers/actors.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildOrder, buildTicket } from "../../helpers/orders.ts";

const coupons_ = (event: { id: string; accountId: string }) => `${eventBase(event)}/coupons`;
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Ticketing's coupons (issue 14 item 1, spec §3 Coupon, §5 coupon code): created, read, changed and deleted; a
 * code outside the rule (1 to 15 characters, no whitespace) refused with its message (in French here); a code
 * already used in the event, whatever its case, refused; an amount off and a percent off together (or neither)
 * refused; a ticket of another event refused; a redeem-by date in the past refused; what is stored is what
 * shared's applyDiscounts reads.
 */
describe.each(databaseKinds())("ticketing coupons on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { http } = await listedUser(suite.server, event, { role: "editor" });
    const ticket = await buildTicket(db, event);
    const other = await buildTicket(db, event);
    return { db, http, event, account, ticket, other, coupons: `${eventBase(event)}/coupons` };
  }

  it("creates, reads, changes and deletes coupons, with the tickets they apply to, each change in the event's history", async () => {
    const { db, http, event, ticket, other, coupons } = await setUp();
    const created = await http.post(coupons, {
      code: "Early-Bird",
      percentOffBp: 1500,
      maxRedemptions: 100,
      combinable: true,
      redeemBy: "2099-01-01T00:00:00.000Z",
      ticketIds: [ticket.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      eventId: event.id,
      code: "Early-Bird",
      amountOffCents: null,
      percentOffBp: 1500,
      maxRedemptions: 100,
      combinable: true,
      redeemBy: "2099-01-01T00:00:00.000Z",
      ticketIds: [ticket.id],
    });
    const plain = await http.post(coupons, { code: "ALL5", amountOffCents: 500 });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body).toMatchObject({ maxRedemptions: null, combinable: false, redeemBy: null, ticketIds: [] });

    const list = await http.get(coupons);
    expect(list.body.data.map((c: { code: string }) => c.code)).toEqual(["ALL5", "Early-Bird"]);
    expect((await http.get(`${coupons}/${created.body.id}`)).body).toEqual(created.body);

    // Switching the kind: the percent off goes, the amount off comes; the list of tickets is replaced.
    const changed = await http.post(`${coupons}/${created.body.id}`, {
      percentOffBp: null,
      amountOffCents: 1000,
      maxRedemptions: null,
      ticketIds: [other.id, ticket.id],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ amountOffCents: 1000, percentOffBp: null, maxRedemptions: null });
    expect([...changed.body.ticketIds].sort()).toEqual([other.id, ticket.id].sort());
    // An update keeping its old redeem-by date is accepted; the code can change its own case.
    const recased = await http.post(`${coupons}/${created.body.id}`, { code: "EARLY-BIRD" });
    expect(recased.status, JSON.stringify(recased.body)).toBe(200);
    expect(recased.body.code).toBe("EARLY-BIRD");

    // What is stored feeds shared's discount arithmetic: 10 euros off the first ticket's line only.
    const lines: PricedLine[] = [
      { ticketId: ticket.id, taxRateBp: null, quantity: 1, excludingCents: 3000, taxCents: 0, includingCents: 3000 },
    ];
    const c = recased.body as { amountOffCents: number; combinable: boolean; ticketIds: string[] };
    const result = applyDiscounts(lines, [
      { kind: "amount_off", amountCents: c.amountOffCents, combinable: c.combinable, ticketIds: c.ticketIds },
    ]);
    expect(result.discountCents).toBe(1000);

    expect((await http.delete(`${coupons}/${plain.body.id}`)).body).toEqual({ ok: true });
    expect((await http.get(`${coupons}/${plain.body.id}`)).status).toBe(404);
    expect(await db("coupons").where({ eventId: event.id }).pluck("code")).toEqual(["EARLY-BIRD"]);

    const entries = await AuditLog.query(db).where({ eventId: event.id, subjectType: "coupon" });
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "coupon.created",
      "coupon.created",
      "coupon.deleted",
      "coupon.updated",
      "coupon.updated",
    ]);
    const switched = entries.find((e) => e.action === "coupon.updated" && e.after?.amountOffCents === 1000)!;
    expect(switched.before).toMatchObject({ amountOffCents: null, percentOffBp: 1500, maxRedemptions: 100 });
    expect(switched.metadata).toEqual({ subject: "Early-Bird" });
    const deleted = entries.find((e) => e.action === "coupon.deleted")!;
    expect(deleted.before).toMatchObject({ code: "ALL5", amountOffCents: 500, ticketIds: [] });
    // A refused change records nothing.
    expect((await http.post(`${coupons}/${created.body.id}`, { code: "all 5" })).status).toBe(422);
    expect(await AuditLog.query(db).where({ eventId: event.id, subjectType: "coupon" })).toHaveLength(5);

    // Deleting a ticket drops it from the coupons' lists.
    await db("tickets").where({ id: other.id }).delete();
    expect((await http.get(`${coupons}/${created.body.id}`)).body.ticketIds).toEqual([ticket.id]);
  });

  it("counts a coupon's redemptions: live orders and carts holding their places, not cancelled orders or expired carts", async () => {
    const { db, http, event, ticket } = await setUp();
    const created = await http.post(coupons_(event), { code: "COUNTED", percentOffBp: 1000, maxRedemptions: 5 });
    expect(created.body.redemptions).toBe(0);
    const redeem = async (status: "completed" | "cancelled" | "in_cart", holdExpiresAt: Date | null = null) => {
      const guest = await buildGuest(db, event);
      const { order } = await buildOrder(db, event, {
        guestId: guest.id,
        status,
        items: [{ ticket }],
        overrides: { holdExpiresAt },
      });
      await db("orderCoupons").insert({ orderId: order.id, couponId: created.body.id, amountCents: 100 });
    };
    await redeem("completed");
    await redeem("in_cart", new Date(Date.now() + 600_000));
    await redeem("in_cart", new Date(Date.now() - 60_000));
    await redeem("cancelled");
    const listed = (await http.get(coupons_(event))).body.data.find((c: { id: string }) => c.id === created.body.id);
    expect(listed).toMatchObject({ code: "COUNTED", redemptions: 2, maxRedemptions: 5 });
    expect((await http.get(`${coupons_(event)}/${created.body.id}`)).body.redemptions).toBe(2);
  });

  it("refuses a code outside the rule, with its message in French, and accepts 15 characters", async () => {
    const { db, http, event, coupons } = await setUp();
    for (const code of ["", "WITH SPACE", "ABCDEFGHIJKLMNOP", " LEAD", "TAB\t"]) {
      const refused = await http.post(coupons, { code, amountOffCents: 100 }, { lang: "fr" });
      expect(refused.status, code).toBe(422);
      expect(refused.body.error.details[0], code).toMatchObject({
        field: "code",
        message: "Le code promo doit comporter de 1 à 15 caractères, sans espace.",
      });
    }
    expect(await db("coupons").where({ eventId: event.id })).toEqual([]);
    expect((await http.post(coupons, { code: "ABCDEFGHIJKLMNO", amountOffCents: 100 })).status).toBe(201);
    expect((await http.post(coupons, { code: "🎟️É", amountOffCents: 100 })).status).toBe(201);
  });

  it("refuses a code already used in the event whatever its case, but not in another event", async () => {
    const { db, http, account, coupons } = await setUp();
    expect((await http.post(coupons, { code: "Summer", amountOffCents: 100 })).status).toBe(201);
    const dup = await http.post(coupons, { code: "SUMMER", percentOffBp: 100 }, { lang: "fr" });
    expect(dup.status).toBe(422);
    expect(dup.body.error.details[0]).toMatchObject({
      field: "code",
      message: "Ce code promo est déjà utilisé dans cet événement.",
    });
    const second = await http.post(coupons, { code: "Winter", amountOffCents: 100 });
    const renamed = await http.post(`${coupons}/${second.body.id}`, { code: "summer" });
    expect(renamed.status).toBe(422);
    expect((await http.get(`${coupons}/${second.body.id}`)).body.code).toBe("Winter");

    const elsewhere = await buildEvent(db, account.id);
    const { http: there } = await listedUser(suite.server, elsewhere, { role: "editor" });
    expect((await there.post(`${eventBase(elsewhere)}/coupons`, { code: "Summer", amountOffCents: 1 })).status).toBe(
      201,
    );
  });

  it("refuses both an amount and a percent off, or neither, and values out of bounds", async () => {
    const { db, http, event, coupons } = await setUp();
    const both = await http.post(coupons, { code: "BOTH", amountOffCents: 100, percentOffBp: 100 }, { lang: "fr" });
    expect(both.status).toBe(422);
    expect(both.body.error.details[0]).toMatchObject({
      field: "amountOffCents",
      message: "Indiquez un montant ou un pourcentage de réduction, pas les deux.",
    });
    expect((await http.post(coupons, { code: "NONE" })).status).toBe(422);
    const created = await http.post(coupons, { code: "PCT", percentOffBp: 100 });
    // An update adding an amount off to a percent off is refused too.
    expect((await http.post(`${coupons}/${created.body.id}`, { amountOffCents: 100 })).status).toBe(422);
    const bounds = await http.post(coupons, { code: "BIG", percentOffBp: 10001, maxRedemptions: 0 });
    expect(bounds.status).toBe(422);
    expect((bounds.body.error.details as { field: string }[]).map((d) => d.field).sort()).toEqual([
      "maxRedemptions",
      "percentOffBp",
    ]);
    expect(await db("coupons").where({ eventId: event.id }).pluck("code")).toEqual(["PCT"]);
  });

  it("refuses a ticket of another event, of another account, or unknown", async () => {
    const { db, http, event, account, ticket, coupons } = await setUp();
    const sibling = await buildTicket(db, await buildEvent(db, account.id));
    const foreignAccount = await buildAccount(db);
    const foreign = await buildTicket(db, await buildEvent(db, foreignAccount.id));
    for (const id of [sibling.id, foreign.id, "00000000-0000-4000-8000-000000000000"]) {
      const refused = await http.post(coupons, { code: "X", amountOffCents: 100, ticketIds: [ticket.id, id] });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details[0].field).toBe("ticketIds.1");
    }
    const created = await http.post(coupons, { code: "X", amountOffCents: 100, ticketIds: [ticket.id] });
    expect((await http.post(`${coupons}/${created.body.id}`, { ticketIds: [sibling.id] })).status).toBe(422);
    expect(await db("couponTickets").where({ couponId: created.body.id }).select("ticketId")).toEqual([
      { ticketId: ticket.id },
    ]);
    expect(await db("coupons").where({ eventId: event.id })).toHaveLength(1);
  });

  it("refuses a redeem-by date in the past when it is given", async () => {
    const { db, http, event, coupons } = await setUp();
    const past = await http.post(
      coupons,
      { code: "LATE", amountOffCents: 100, redeemBy: "2020-01-01T00:00:00.000Z" },
      { lang: "fr" },
    );
    expect(past.status).toBe(422);
    expect(past.body.error.details[0]).toMatchObject({
      field: "redeemBy",
      message: "La date limite d'utilisation ne peut pas être dans le passé.",
    });
    const created = await http.post(coupons, { code: "LATE", amountOffCents: 100 });
    const moved = await http.post(`${coupons}/${created.body.id}`, { redeemBy: "2020-01-01T00:00:00.000Z" });
    expect(moved.status).toBe(422);
    expect((await http.post(`${coupons}/${created.body.id}`, { redeemBy: null })).status).toBe(200);
    expect(await db("coupons").where({ eventId: event.id }).select("redeemBy")).toEqual([{ redeemBy: null }]);
  });
});

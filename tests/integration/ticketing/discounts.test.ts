import { describe, expect, it } from "vitest";
import { discountsFor, type AutomaticDiscount } from "@tessera/shared/ticketing/discountsFor";
import { applyDiscounts, lineAmounts } from "@tessera/shared/ticketing/money";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { listedUser } from "../../helpers/actors.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildTicket } from "../../helpers/orders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Ticketing's automatic discounts (issue 14, spec §7 `discounts`): created, read, changed and deleted, each change
 * in the event's history; a name, an amount off and a percent off together (or neither), a window ending before it
 * starts and values out of bounds refused with their messages (in English and French); a ticket of another event
 * refused; what is stored is what shared's discountsFor and applyDiscounts read.
 */
describe.each(databaseKinds())("ticketing automatic discounts on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { http } = await listedUser(suite.server, event, { role: "editor" });
    const ticket = await buildTicket(db, event);
    const other = await buildTicket(db, event);
    return { db, http, event, account, ticket, other, discounts: `${eventBase(event)}/discounts` };
  }

  it("creates, reads, changes and deletes discounts, with the tickets they apply to, each change in the event's history", async () => {
    const { db, http, event, ticket, other, discounts } = await setUp();
    const created = await http.post(discounts, {
      name: "  Group of 5 ",
      percentOffBp: 1000,
      ticketIds: [ticket.id],
      minQuantity: 5,
      validFrom: "2026-01-01T00:00:00.000Z",
      validUntil: "2099-01-01T00:00:00.000Z",
      maxUses: 100,
      combinableWithCoupons: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      eventId: event.id,
      name: "Group of 5",
      amountOffCents: null,
      percentOffBp: 1000,
      ticketIds: [ticket.id],
      minQuantity: 5,
      validFrom: "2026-01-01T00:00:00.000Z",
      validUntil: "2099-01-01T00:00:00.000Z",
      maxUses: 100,
      isActive: true,
      combinableWithCoupons: true,
      position: 0,
    });
    // The defaults: every ticket, one unit, no window, unlimited, active, not combinable, after the last one.
    const plain = await http.post(discounts, { name: "Five off", amountOffCents: 500 });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body).toMatchObject({
      ticketIds: [],
      minQuantity: 1,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      isActive: true,
      combinableWithCoupons: false,
      position: 1,
    });
    const first = await http.post(discounts, { name: "Applied first", percentOffBp: 500, position: 0 });
    expect(first.status).toBe(201);

    const list = await http.get(discounts);
    expect(list.body.data.map((d: { name: string }) => d.name)).toEqual(["Applied first", "Group of 5", "Five off"]);
    expect((await http.get(`${discounts}/${created.body.id}`)).body).toEqual(created.body);

    // Switching the kind: the percent off goes, the amount off comes; the list of tickets is replaced.
    const changed = await http.post(`${discounts}/${created.body.id}`, {
      percentOffBp: null,
      amountOffCents: 1000,
      maxUses: null,
      isActive: false,
      position: 7,
      ticketIds: [other.id, ticket.id],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      amountOffCents: 1000,
      percentOffBp: null,
      maxUses: null,
      isActive: false,
      position: 7,
      minQuantity: 5,
      validUntil: "2099-01-01T00:00:00.000Z",
    });
    expect([...changed.body.ticketIds].sort()).toEqual([other.id, ticket.id].sort());
    const reopened = await http.post(`${discounts}/${created.body.id}`, { isActive: true, validFrom: null });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body).toMatchObject({ isActive: true, validFrom: null });

    // What is stored feeds shared's discountsFor, then applyDiscounts: 5 passes, 10 euros off them.
    const d = reopened.body as Omit<AutomaticDiscount, "validFrom" | "validUntil" | "usedCount"> & {
      validFrom: string | null;
      validUntil: string | null;
    };
    const automatic: AutomaticDiscount = {
      ...d,
      validFrom: d.validFrom ? new Date(d.validFrom) : null,
      validUntil: d.validUntil ? new Date(d.validUntil) : null,
      usedCount: 0,
    };
    const lines = [
      { ...lineAmounts({ unitIncludingCents: 3000, taxRateBp: null, quantity: 5 }), taxRateBp: null, quantity: 5 },
    ].map((line) => ({ ...line, ticketId: ticket.id }));
    const now = new Date("2027-01-01T00:00:00.000Z");
    expect(discountsFor([automatic], lines, now)).toHaveLength(1);
    expect(applyDiscounts(lines, discountsFor([automatic], lines, now)).discountCents).toBe(1000);
    expect(discountsFor([automatic], [{ ...lines[0]!, quantity: 4 }], now)).toEqual([]);

    expect((await http.delete(`${discounts}/${plain.body.id}`)).body).toEqual({ ok: true });
    expect((await http.get(`${discounts}/${plain.body.id}`)).status).toBe(404);
    expect(await db("discounts").where({ eventId: event.id }).orderBy("name").pluck("name")).toEqual([
      "Applied first",
      "Group of 5",
    ]);

    const entries = await AuditLog.query(db).where({ eventId: event.id, subjectType: "discount" });
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "discount.created",
      "discount.created",
      "discount.created",
      "discount.deleted",
      "discount.updated",
      "discount.updated",
    ]);
    const switched = entries.find((e) => e.action === "discount.updated" && e.after?.amountOffCents === 1000)!;
    expect(switched.before).toMatchObject({ amountOffCents: null, percentOffBp: 1000, maxUses: 100, isActive: true });
    expect(switched.metadata).toEqual({ subject: "Group of 5" });
    const deleted = entries.find((e) => e.action === "discount.deleted")!;
    expect(deleted.before).toMatchObject({ name: "Five off", amountOffCents: 500, ticketIds: [] });
    // A refused change records nothing.
    expect((await http.post(`${discounts}/${created.body.id}`, { percentOffBp: 100 })).status).toBe(422);
    expect(await AuditLog.query(db).where({ eventId: event.id, subjectType: "discount" })).toHaveLength(6);

    // Deleting a ticket drops it from the discounts' lists; deleting the event removes its discounts.
    await db("tickets").where({ id: other.id }).delete();
    expect((await http.get(`${discounts}/${created.body.id}`)).body.ticketIds).toEqual([ticket.id]);
  });

  it("refuses a missing, blank or too long name, with its message in English and in French", async () => {
    const { db, http, event, discounts } = await setUp();
    const missing = await http.post(discounts, { amountOffCents: 100 });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details[0]).toMatchObject({ field: "name", message: "This field is required." });
    const blank = await http.post(discounts, { name: "   ", amountOffCents: 100 }, { lang: "fr" });
    expect(blank.status).toBe(422);
    expect(blank.body.error.details[0]).toMatchObject({ field: "name", message: "Ce champ est obligatoire." });
    const long = await http.post(discounts, { name: "x".repeat(101), amountOffCents: 100 }, { lang: "fr" });
    expect(long.status).toBe(422);
    expect(long.body.error.details[0]).toMatchObject({
      field: "name",
      message: "Ce champ doit contenir au plus 100 caractères.",
    });
    expect(await db("discounts").where({ eventId: event.id })).toEqual([]);
    expect((await http.post(discounts, { name: "x".repeat(100), amountOffCents: 100 })).status).toBe(201);
  });

  it("refuses both an amount and a percent off, or neither, and values out of bounds", async () => {
    const { db, http, event, discounts } = await setUp();
    const both = await http.post(discounts, { name: "Both", amountOffCents: 100, percentOffBp: 100 }, { lang: "fr" });
    expect(both.status).toBe(422);
    expect(both.body.error.details[0]).toMatchObject({
      field: "amountOffCents",
      message: "Indiquez un montant ou un pourcentage de réduction, pas les deux.",
    });
    const neither = await http.post(discounts, { name: "None" });
    expect(neither.status).toBe(422);
    expect(neither.body.error.details[0]).toMatchObject({
      field: "amountOffCents",
      message: "Give an amount off or a percent off, not both.",
    });
    const created = await http.post(discounts, { name: "Pct", percentOffBp: 100 });
    // An update adding an amount off to a percent off is refused too.
    expect((await http.post(`${discounts}/${created.body.id}`, { amountOffCents: 100 })).status).toBe(422);
    const bounds = await http.post(
      discounts,
      { name: "Big", percentOffBp: 10001, maxUses: 0, minQuantity: 0, position: -1 },
      { lang: "fr" },
    );
    expect(bounds.status).toBe(422);
    const details = bounds.body.error.details as { field: string; message: string }[];
    expect(details.map((d) => d.field).sort()).toEqual(["maxUses", "minQuantity", "percentOffBp", "position"]);
    expect(details.find((d) => d.field === "percentOffBp")!.message).toBe("Ce nombre est trop grand.");
    expect(details.find((d) => d.field === "minQuantity")!.message).toBe("Ce nombre est trop petit.");
    const zero = await http.post(discounts, { name: "Zero", amountOffCents: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.error.details[0]).toMatchObject({ field: "amountOffCents", message: "This number is too small." });
    expect(await db("discounts").where({ eventId: event.id }).pluck("name")).toEqual(["Pct"]);
  });

  it("refuses a validity window that ends before it starts, on creation and on update", async () => {
    const { db, http, event, discounts } = await setUp();
    const reversed = await http.post(
      discounts,
      {
        name: "Late",
        amountOffCents: 100,
        validFrom: "2027-02-01T00:00:00.000Z",
        validUntil: "2027-01-01T00:00:00.000Z",
      },
      { lang: "fr" },
    );
    expect(reversed.status).toBe(422);
    expect(reversed.body.error.details[0]).toMatchObject({
      field: "validUntil",
      message: "La fin doit être postérieure au début.",
    });
    const same = await http.post(discounts, {
      name: "Late",
      amountOffCents: 100,
      validFrom: "2027-01-01T00:00:00.000Z",
      validUntil: "2027-01-01T00:00:00.000Z",
    });
    expect(same.status).toBe(422);
    expect(same.body.error.details[0]).toMatchObject({
      field: "validUntil",
      message: "The end must come after the start.",
    });
    const badDate = await http.post(discounts, { name: "Late", amountOffCents: 100, validFrom: "tomorrow" });
    expect(badDate.status).toBe(422);
    expect(badDate.body.error.details[0]).toMatchObject({ field: "validFrom", message: "Date format is incorrect." });

    const created = await http.post(discounts, {
      name: "Late",
      amountOffCents: 100,
      validUntil: "2027-01-01T00:00:00.000Z",
    });
    expect(created.status).toBe(201);
    // Moving the start past the stored end is refused; moving both is accepted.
    expect((await http.post(`${discounts}/${created.body.id}`, { validFrom: "2027-06-01T00:00:00.000Z" })).status).toBe(
      422,
    );
    const moved = await http.post(`${discounts}/${created.body.id}`, {
      validFrom: "2027-06-01T00:00:00.000Z",
      validUntil: "2027-07-01T00:00:00.000Z",
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await db("discounts").where({ eventId: event.id })).toHaveLength(1);
  });

  it("refuses a ticket of another event, of another account, or unknown", async () => {
    const { db, http, event, account, ticket, discounts } = await setUp();
    const sibling = await buildTicket(db, await buildEvent(db, account.id));
    const foreignAccount = await buildAccount(db);
    const foreign = await buildTicket(db, await buildEvent(db, foreignAccount.id));
    for (const id of [sibling.id, foreign.id, "00000000-0000-4000-8000-000000000000"]) {
      const refused = await http.post(
        discounts,
        { name: "X", amountOffCents: 100, ticketIds: [ticket.id, id] },
        { lang: "fr" },
      );
      expect(refused.status).toBe(422);
      expect(refused.body.error.details[0]).toMatchObject({
        field: "ticketIds.1",
        message: "Cette valeur n'est pas valide.",
      });
    }
    const created = await http.post(discounts, { name: "X", amountOffCents: 100, ticketIds: [ticket.id] });
    expect((await http.post(`${discounts}/${created.body.id}`, { ticketIds: [sibling.id] })).status).toBe(422);
    expect(await db("discountTickets").where({ discountId: created.body.id }).select("ticketId")).toEqual([
      { ticketId: ticket.id },
    ]);
    expect(await db("discounts").where({ eventId: event.id })).toHaveLength(1);
  });
});

import { isValidSiret } from "@tessera/shared/rules/siret";
import { beforeAll, describe, expect, it } from "vitest";
import { Event } from "../../../api/src/models/Event.ts";
import { Invoice } from "../../../api/src/models/Invoice.ts";
import { DEMO_EVENT_SLUG, seedDemo } from "../../../api/src/seed/demo.ts";
import { issueOwedDocuments } from "../../../api/src/services/orders/orderDocuments.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * The demo event's ticketing (issue 14): a seller and open ticket office in test mode, orders in every status with
 * readable references, each paid order with its payment and each refund recorded, so the Order history, an order's
 * page, its invoice and credit notes all show something; the server's sweep invoices them.
 */
describe.each(databaseKinds())("demo orders on %s", (kind) => {
  const suite = useTestServer(kind);
  let event: Event;

  beforeAll(async () => {
    await seedDemo(suite.server.db, "Demo-Password-2026", {
      passwordHashCost: suite.server.config.passwordHashCost,
      now: new Date("2026-11-21T10:00:00Z"),
    });
    event = (await Event.query(suite.server.db).findOne({ slug: DEMO_EVENT_SLUG }))!;
  });

  it("sells with a seller in test mode, every paid order paid, every refund recorded", async () => {
    const { db } = suite.server;
    expect(await db("ticketingParams").where({ eventId: event.id }).first("ticketOffice", "mode")).toEqual({
      ticketOffice: "opened",
      mode: "test",
    });
    const orders = (await db("orders").where({ eventId: event.id }).select("id", "status", "reference")) as {
      id: string;
      status: string;
      reference: string;
    }[];
    expect(new Set(orders.map((order) => order.status))).toEqual(
      new Set(["in_cart", "completed", "awaiting_payment", "partially_refunded", "refunded", "cancelled"]),
    );
    // The cart holds its places for the payment step's time.
    const cart = await db("orders").where({ eventId: event.id, status: "in_cart" }).first();
    expect(new Date(cart.holdExpiresAt).getTime()).toBe(new Date("2026-11-21T10:15:00Z").getTime());
    expect(orders.every((order) => /^DEMO[A-Z2-9]{4}$/.test(order.reference))).toBe(true);
    const paid = orders.filter((order) => ["completed", "partially_refunded", "refunded"].includes(order.status));
    const payments = await db("payments").whereIn(
      "orderId",
      orders.map((order) => order.id),
    );
    expect(payments.map((payment) => payment.orderId).sort()).toEqual(paid.map((order) => order.id).sort());
    const companies = (await db("orders").where({ eventId: event.id, isCompany: true }).pluck("siret")) as string[];
    expect(companies.length).toBeGreaterThan(0);
    expect(companies.every((siret) => isValidSiret(siret))).toBe(true);
    const refunded = orders.filter((order) => order.status.includes("refunded"));
    // A partially refunded order keeps something: its refund is less than its total.
    for (const order of orders.filter((candidate) => candidate.status === "partially_refunded")) {
      const [{ total }] = await db("orders").where({ id: order.id }).select("totalInclTaxCents as total");
      const { back } = (await db("refunds").where({ orderId: order.id }).sum({ back: "amountCents" }).first()) as {
        back: number | string;
      };
      expect(Number(back)).toBeGreaterThan(0);
      expect(Number(back)).toBeLessThan(Number(total));
    }
    expect(
      await db("refunds").whereIn(
        "orderId",
        refunded.map((order) => order.id),
      ),
    ).toHaveLength(refunded.length);
  });

  it("sells three tickets in two categories, with a coupon on the passes", async () => {
    const { db } = suite.server;
    const tickets = await db("tickets")
      .leftJoin("ticketCategories", "ticketCategories.id", "tickets.categoryId")
      .where("tickets.eventId", event.id)
      .orderBy("tickets.position")
      .select("tickets.id", "tickets.caption", "ticketCategories.name as category");
    expect(tickets.map((ticket) => [ticket.caption, ticket.category])).toEqual([
      ["Conference pass", "Passes"],
      ["Student pass", "Passes"],
      ["Workshop seat", "Extras"],
    ]);
    const coupon = await db("coupons").where({ eventId: event.id }).first();
    expect(coupon).toMatchObject({ code: "EARLYBIRD", percentOffBp: 1_000, maxRedemptions: 100 });
    const applies = (await db("couponTickets").where({ couponId: coupon.id }).select("ticketId")) as {
      ticketId: string;
    }[];
    expect(applies.map((row) => row.ticketId).sort()).toEqual(
      tickets
        .slice(0, 2)
        .map((ticket) => ticket.id)
        .sort(),
    );
  });

  it("gets an invoice for every paid order and a credit note for every refund from the sweep", async () => {
    await issueOwedDocuments(suite.server.deps);
    const documents = await Invoice.query(suite.server.db).where({ eventId: event.id });
    const paid = await suite.server
      .db("orders")
      .where({ eventId: event.id })
      .whereIn("status", ["completed", "partially_refunded", "refunded"]);
    expect(documents.filter((document) => document.kind === "invoice")).toHaveLength(paid.length);
    expect(documents.filter((document) => document.kind === "credit_note").length).toBeGreaterThan(0);
    expect(await issueOwedDocuments(suite.server.deps)).toBe(0);
  });
});

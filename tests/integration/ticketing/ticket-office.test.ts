import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Invoice } from "../../../api/src/models/Invoice.ts";
import { Order } from "../../../api/src/models/Order.ts";
import type { Ticket } from "../../../api/src/models/Ticket.ts";
import type { StripeStandIn } from "../../../api/src/payments/standIn/index.ts";
import { issueOrderDocuments } from "../../../api/src/services/orders/orderDocuments.ts";
import { placeOrder } from "../../../api/src/services/orders/placeOrder.ts";
import { orderSecret } from "../../../api/src/services/ticketOffice/orderSecret.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildForm } from "../../helpers/forms.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { billEventBy, buildOrganizer } from "../../helpers/invoices.ts";
import { buildOrder, buildTicket, writeTicketingParams } from "../../helpers/orders.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { BUYER_BILLING, serverPaysOnStandIn } from "../../helpers/sales.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * The buyer's side of ticketing (issue 14 item 3, spec §2 order payment step and "my orders", §3 payment payload,
 * §5): the ticket office as the registration form shows it, open or closed; a quote priced as the order would be,
 * with the same refusals; a cart placed with the registration, all or nothing; the payment step reached by the
 * order's secret link (card, 3-D Secure, transfer), its documents as PDF; the signed-in guest's orders in the
 * portal. Another event's order is never reached through an event's slug.
 */
describe.each(databaseKinds())("the ticket office on %s", (kind) => {
  const suite = useTestServer(kind);
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await serverPaysOnStandIn(suite.server, "pk_test_orders_suite");
  });
  afterAll(async () => standIn?.close());

  const BUYER = BUYER_BILLING;

  /** An event selling a day pass (`places` of them) and a workshop option, its office open, billed, with a form. */
  async function office(options: { places?: number | null; open?: boolean } = {}) {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const categoryId = randomUUID();
    const now = new Date().toISOString();
    await db("ticketCategories").insert({
      id: categoryId,
      accountId: account.id,
      eventId: event.id,
      parentId: null,
      name: "Passes",
      color: "#336699",
      position: 0,
      createdAt: now,
      updatedAt: now,
    });
    const pass = await buildTicket(db, event, {
      caption: "Day pass",
      maxQuantity: options.places === undefined ? 5 : options.places,
      categoryId,
    });
    const workshop = await buildTicket(db, event, {
      caption: "Workshop",
      isOption: true,
      maxQuantity: 1,
      priceInclTaxCents: 3_000,
    });
    const hidden = await buildTicket(db, event, { caption: "Staff", isOnSale: false });
    await writeTicketingParams(db, event, {
      ticketOffice: options.open === false ? "closed" : "opened",
      terms: "Terms of sale",
      paymentMethods: ["card", "transfer", "desk"],
      salesStartedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const organizer = await buildOrganizer(db, account.id);
    await billEventBy(db, event, organizer);
    const form = await buildForm(db, event, { items: [] });
    const base = `/api/v1/public/events/${event.slug}`;
    return { db, account, event, pass, workshop, hidden, categoryId, form, base };
  }

  type Office = Awaited<ReturnType<typeof office>>;

  const register = (setup: Office, mail: string, order?: unknown, lang = "en") =>
    suite.server.http.post(`/${lang}/${setup.event.slug}/forms/sendForm/${setup.form.id}`, {
      formId: setup.form.id,
      mail,
      items: { firstName: "Inès", lastName: "Martin", answers: {} },
      ...(order === undefined ? {} : { order }),
    });

  async function coupon(setup: Office, code: string, ticket: Ticket) {
    const now = new Date().toISOString();
    const id = randomUUID();
    await setup.db("coupons").insert({
      id,
      accountId: setup.event.accountId,
      eventId: setup.event.id,
      code,
      codeKey: code.toLowerCase(),
      amountOffCents: null,
      percentOffBp: 1000,
      maxRedemptions: null,
      combinable: false,
      redeemBy: null,
      createdAt: now,
      updatedAt: now,
    });
    await setup.db("couponTickets").insert({ couponId: id, ticketId: ticket.id });
  }

  /** A guest of the event with a cart placed through the registration form. */
  async function cartOf(setup: Office, mail = `buyer.${randomUUID().slice(0, 8)}@example.org`, quantity = 1) {
    const sent = await register(setup, mail, { items: [{ ticketId: setup.pass.id, quantity }] });
    expect(sent.status).toBe(201);
    const order = sent.body.order as { id: string; secret: string };
    return { ...order, mail, path: `${setup.base}/orders/${order.id}/${order.secret}` };
  }

  it("shows the office open with its tickets at the current price, places left, categories and card form", async () => {
    const setup = await office();
    const buyer = await buildGuest(setup.db, setup.event);
    await placeOrder(
      setup.db,
      setup.event,
      {
        guestId: buyer.id,
        items: [{ ticketId: setup.pass.id, quantity: 2, holderGuestId: null }],
        coupons: [],
        byOrganizer: false,
      },
      "completed",
      new Date(),
      "desk",
    );
    const answer = await suite.server.http.get(`${setup.base}/ticketoffice`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      open: true,
      mode: "test",
      currency: "EUR",
      paymentMethods: ["card", "transfer", "desk"],
      card: { publishableKey: "pk_test_orders_suite", stripeJsUrl: "https://js.stripe.com/v3/" },
      terms: "Terms of sale",
      seller: "Festival des Lumières SAS",
      holdMinutes: 15,
      categories: [{ id: setup.categoryId, name: "Passes", colour: "#336699", parentId: null }],
    });
    // The ticket off sale is not offered.
    expect(answer.body.tickets).toEqual([
      {
        id: setup.pass.id,
        caption: "Day pass",
        description: null,
        categoryId: setup.categoryId,
        isOption: false,
        taxRateBp: 2000,
        priceInclTaxCents: 12_000,
        priceExclTaxCents: 10_000,
        remaining: 3,
        priceUntil: null,
      },
      expect.objectContaining({ id: setup.workshop.id, isOption: true, remaining: 1, priceInclTaxCents: 3_000 }),
    ]);
    expect((await suite.server.http.get(`/api/v1/public/events/no-such-event/ticketoffice`)).status).toBe(404);
  });

  it("shows a closed office with nothing to buy, and refuses its quotes and carts, saving no guest", async () => {
    const setup = await office({ open: false });
    const answer = await suite.server.http.get(`${setup.base}/ticketoffice`);
    expect(answer.body).toMatchObject({ open: false, tickets: [], categories: [], paymentMethods: [], card: null });
    const quote = await suite.server.http.post(
      `${setup.base}/ticketoffice/quote`,
      { items: [{ ticketId: setup.pass.id, quantity: 1 }] },
      { lang: "fr" },
    );
    expect(quote.status).toBe(409);
    expect(quote.body.error).toMatchObject({ code: "ticket_office_closed", message: "La billetterie est fermée." });
    const sent = await register(setup, "closed@example.org", { items: [{ ticketId: setup.pass.id, quantity: 1 }] });
    expect(sent.status).toBe(409);
    expect(sent.body.error.code).toBe("ticket_office_closed");
    expect(await setup.db("guests").where({ eventId: setup.event.id })).toHaveLength(0);
    // Without tickets the registration goes through as before.
    expect((await register(setup, "closed@example.org")).status).toBe(201);
  });

  it("quotes a cart with a coupon, and refuses as placing it would, in the request's language", async () => {
    const setup = await office({ places: 1 });
    await coupon(setup, "Early10", setup.pass);
    const quote = await suite.server.http.post(`${setup.base}/ticketoffice/quote`, {
      items: [
        { ticketId: setup.pass.id, quantity: 1 },
        { ticketId: setup.workshop.id, quantity: 1 },
      ],
      coupons: ["EARLY10"],
    });
    expect(quote.status).toBe(200);
    expect(quote.body).toEqual({
      lines: [
        {
          ticketId: setup.pass.id,
          caption: "Day pass",
          quantity: 1,
          taxRateBp: 2000,
          unitInclTaxCents: 12_000,
          totalInclTaxCents: 10_800,
          discountInclTaxCents: 1_200,
        },
        {
          ticketId: setup.workshop.id,
          caption: "Workshop",
          quantity: 1,
          taxRateBp: 2000,
          unitInclTaxCents: 3_000,
          totalInclTaxCents: 3_000,
          discountInclTaxCents: 0,
        },
      ],
      coupons: [{ code: "Early10", amountCents: 1_200 }],
      discounts: [],
      totalExclTaxCents: 11_500,
      totalInclTaxCents: 13_800,
      vat: [{ taxRateBp: 2000, baseCents: 11_500, taxCents: 2_300 }],
      currency: "EUR",
    });
    // Nothing held: the only place is still there.
    expect((await suite.server.http.get(`${setup.base}/ticketoffice`)).body.tickets[0].remaining).toBe(1);

    const refusedCoupon = await suite.server.http.post(
      `${setup.base}/ticketoffice/quote`,
      { items: [{ ticketId: setup.pass.id, quantity: 1 }], coupons: ["NOPE"] },
      { lang: "fr" },
    );
    expect(refusedCoupon.status).toBe(422);
    expect(refusedCoupon.body.error.details).toEqual([
      { field: "coupons.0", code: "coupon_not_found", message: "Ce code promo n'est pas valide." },
    ]);
    const optionAlone = await suite.server.http.post(`${setup.base}/ticketoffice/quote`, {
      items: [{ ticketId: setup.workshop.id, quantity: 1 }],
    });
    expect(optionAlone.status).toBe(422);
    expect(optionAlone.body.error.details).toEqual([
      expect.objectContaining({ field: "items", code: "option_needs_ticket" }),
    ]);
    const empty = await suite.server.http.post(`${setup.base}/ticketoffice/quote`, { items: [] });
    expect(empty.body.error.details).toEqual([expect.objectContaining({ field: "items", code: "at_least_one_item" })]);
    const tooMany = await suite.server.http.post(`${setup.base}/ticketoffice/quote`, {
      items: [{ ticketId: setup.pass.id, quantity: 2 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toMatchObject({
      code: "ticket_unavailable",
      message: "This ticket is not available anymore.",
    });
    const offSale = await suite.server.http.post(
      `${setup.base}/ticketoffice/quote`,
      { items: [{ ticketId: setup.hidden.id, quantity: 1 }] },
      { lang: "es" },
    );
    expect(offSale.status).toBe(409);
    expect(offSale.body.error.code).toBe("ticket_unavailable");
  });

  it("places the cart with the registration, holding its places, or refuses both together", async () => {
    const setup = await office({ places: 1 });
    const sent = await register(setup, "ines@example.org", {
      items: [
        { ticketId: setup.pass.id, quantity: 1 },
        { ticketId: setup.workshop.id, quantity: 1 },
      ],
    });
    expect(sent.status).toBe(201);
    const guest = await setup.db("guests").where({ eventId: setup.event.id, email: "ines@example.org" }).first();
    const order = await Order.query(setup.db).findById(sent.body.order.id).throwIfNotFound();
    expect(sent.body.order).toEqual({
      id: order.id,
      secret: orderSecret(suite.server.config.secret, order.id),
      reference: order.reference,
      status: "in_cart",
      totalInclTaxCents: 15_000,
      holdExpiresAt: order.holdExpiresAt!.toISOString(),
    });
    expect(sent.body.order.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(order).toMatchObject({ guestId: guest.id, email: "ines@example.org", language: "en" });
    // Both held by the guest who registered.
    const items = await setup.db("orderItems").where({ orderId: order.id }).select("holderGuestId");
    expect(items.map((item: { holderGuestId: string }) => item.holderGuestId)).toEqual([guest.id, guest.id]);
    expect((await suite.server.http.get(`${setup.base}/ticketoffice`)).body.tickets[0].remaining).toBe(0);

    // The only place is held: the next registration with a cart is refused, and no guest is saved.
    const refused = await register(
      setup,
      "zoe@example.org",
      { items: [{ ticketId: setup.pass.id, quantity: 1 }] },
      "fr",
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "ticket_unavailable" });
    const badCoupon = await register(setup, "zoe@example.org", {
      items: [{ ticketId: setup.workshop.id, quantity: 1 }],
      coupons: ["NOPE"],
    });
    expect(badCoupon.status).toBe(422);
    expect(await setup.db("guests").where({ eventId: setup.event.id, email: "zoe@example.org" })).toHaveLength(0);
    expect(await setup.db("orders").where({ eventId: setup.event.id })).toHaveLength(1);
  });

  it("completes a cart costing nothing with the registration", async () => {
    const setup = await office();
    const free = await buildTicket(setup.db, setup.event, { caption: "Free pass", priceInclTaxCents: 0 });
    const sent = await register(setup, "free@example.org", { items: [{ ticketId: free.id, quantity: 1 }] });
    expect(sent.status).toBe(201);
    expect(sent.body.order).toMatchObject({ status: "completed", totalInclTaxCents: 0, holdExpiresAt: null });
    expect(await Order.query(setup.db).findById(sent.body.order.id)).toMatchObject({ paymentMethod: "free" });
  });

  it("opens the payment step by the secret link only, and pays by transfer", async () => {
    const setup = await office();
    const cart = await cartOf(setup);
    const step = await suite.server.http.get(cart.path);
    expect(step.status).toBe(200);
    expect(step.body).toMatchObject({
      id: cart.id,
      status: "in_cart",
      mode: "test",
      paymentMethod: null,
      lines: [{ ticketId: setup.pass.id, caption: "Day pass", quantity: 1, totalInclTaxCents: 12_000 }],
      totalInclTaxCents: 12_000,
      totalExclTaxCents: 10_000,
      vat: [{ taxRateBp: 2000, baseCents: 10_000, taxCents: 2_000 }],
      paymentMethods: ["card", "transfer", "desk"],
      card: { publishableKey: "pk_test_orders_suite" },
      terms: "Terms of sale",
      invoices: [],
      payPath: `/${setup.event.slug}/orders/${cart.id}/${cart.secret}`,
    });

    const wrong = orderSecret("another-secret-another-secret-0123456789", cart.id);
    expect((await suite.server.http.get(`${setup.base}/orders/${cart.id}/${wrong}`)).status).toBe(404);
    expect(
      (await suite.server.http.post(`${setup.base}/orders/${cart.id}/${wrong}/pay`, { method: "transfer", ...BUYER }))
        .status,
    ).toBe(404);
    // Another event's slug (of another account) never reaches the order, even with its secret.
    const elsewhere = await office();
    expect((await suite.server.http.get(`${elsewhere.base}/orders/${cart.id}/${cart.secret}`)).status).toBe(404);

    const noTerms = await suite.server.http.post(
      `${cart.path}/pay`,
      { method: "transfer", ...BUYER, termsAccepted: false, isCompany: true, siret: "123" },
      { lang: "fr" },
    );
    expect(noTerms.status).toBe(422);
    expect(noTerms.body.error.details.map((d: { field: string; code: string }) => [d.field, d.code])).toEqual([
      ["termsAccepted", "terms_required"],
      ["siret", "siret_invalid"],
    ]);
    const card = await suite.server.http.post(`${cart.path}/pay`, { method: "card", ...BUYER });
    expect(card.body.error.details).toEqual([
      expect.objectContaining({ field: "payment_method_id", code: "required" }),
    ]);

    const paid = await suite.server.http.post(`${cart.path}/pay`, { method: "transfer", ...BUYER });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: "awaiting_payment",
      order: {
        status: "awaiting_payment",
        paymentMethod: "transfer",
        paymentMethods: [],
        card: null,
        billing: { name: "Inès Martin", city: "Paris", isCompany: false, siret: null },
      },
    });
  });

  it("pays by card, and after a 3-D Secure step, then serves the invoice to its buyer only", async () => {
    const setup = await office();
    const cart = await cartOf(setup);
    const paid = await suite.server.http.post(`${cart.path}/pay`, {
      method: "card",
      payment_method_id: "pm_card_visa",
      ...BUYER,
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "completed", order: { status: "completed", paymentMethod: "card" } });
    // Asked again: nothing more charged.
    const again = await suite.server.http.post(`${cart.path}/pay`, {
      method: "card",
      payment_method_id: "pm_card_visa",
      ...BUYER,
    });
    expect(again.body.status).toBe("completed");
    expect(standIn.paymentIntents().filter((intent) => intent.metadata?.orderId === cart.id)).toHaveLength(1);

    const secure = await cartOf(setup);
    const asked = await suite.server.http.post(`${secure.path}/pay`, {
      method: "card",
      payment_method_id: "pm_card_authenticationRequired",
      ...BUYER,
    });
    expect(asked.body).toMatchObject({ status: "requires_action", clientSecret: expect.any(String) });
    const intent = standIn.paymentIntents().find((candidate) => candidate.metadata?.orderId === secure.id)!;
    standIn.authenticate(intent.id, "succeed");
    const settled = await suite.server.http.post(`${secure.path}/pay`, {
      method: "card",
      payment_intent_id: intent.id,
      ...BUYER,
    });
    expect(settled.body).toMatchObject({ status: "completed", order: { status: "completed" } });
    // Each buyer gets the event's order confirmation (its default wording), once, after paying by card.
    for (const order of [cart, secure]) {
      const mail = await suite.server.mailbox.waitFor(order.mail, { subjectIncludes: "Your order" });
      expect(mail.text).toContain("1 × Day pass");
    }

    await issueOrderDocuments(suite.server.deps, cart.id);
    await issueOrderDocuments(suite.server.deps, secure.id);
    const step = await suite.server.http.get(cart.path);
    const invoice = step.body.invoices[0];
    expect(invoice).toMatchObject({
      kind: "invoice",
      totalInclTaxCents: 12_000,
      url: `${cart.path}/invoices/${invoice.id}`,
    });
    const pdf = await fetch(`${suite.server.baseUrl}${invoice.url}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // Another order's invoice through this order's link: not found.
    const other = await Invoice.query(setup.db).findOne({ orderId: secure.id }).throwIfNotFound();
    expect((await fetch(`${suite.server.baseUrl}${cart.path}/invoices/${other.id}`)).status).toBe(404);
  });

  it("lists the signed-in guest's orders in the portal, expired carts left out, with their invoices", async () => {
    const setup = await office();
    const first = await cartOf(setup, "camille@example.org");
    await suite.server.http.post(`${first.path}/pay`, { method: "card", payment_method_id: "pm_card_visa", ...BUYER });
    await issueOrderDocuments(suite.server.deps, first.id);
    // Two more for a group (no holder: she holds her own pass already).
    const second = await cartOf(setup, "camille@example.org", 2);
    const expired = await cartOf(setup, "camille@example.org", 2);
    await Order.query(setup.db)
      .findById(expired.id)
      .patch({ holdExpiresAt: new Date(Date.now() - 60_000), orderedAt: new Date(Date.now() + 60_000) });
    const stranger = await cartOf(setup, "stranger@example.org");
    await suite.server.http.post(`${stranger.path}/pay`, {
      method: "card",
      payment_method_id: "pm_card_visa",
      ...BUYER,
    });
    await issueOrderDocuments(suite.server.deps, stranger.id);

    const portal = `${setup.base}/portal`;
    expect((await suite.server.http.get(`${portal}/orders`)).status).toBe(401);
    const camille = await signedInGuestClient(suite.server, portal, "camille@example.org");
    const mine = await camille.get(`${portal}/orders`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((order: { id: string }) => order.id)).toEqual([second.id, first.id]);
    expect(mine.body.data[0]).toMatchObject({
      status: "in_cart",
      payPath: `/${setup.event.slug}/orders/${second.id}/${second.secret}`,
      paymentMethods: ["card", "transfer", "desk"],
    });
    const invoice = mine.body.data[1].invoices[0];
    expect(invoice.url).toBe(`${portal}/invoices/${invoice.id}`);
    const pdf = await fetch(`${suite.server.baseUrl}${invoice.url}`, { headers: camille.authHeaders() });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    const theirs = await Invoice.query(setup.db).findOne({ orderId: stranger.id }).throwIfNotFound();
    const denied = await fetch(`${suite.server.baseUrl}${portal}/invoices/${theirs.id}`, {
      headers: camille.authHeaders(),
    });
    expect(denied.status).toBe(404);
    expect((await fetch(`${suite.server.baseUrl}${portal}/invoices/${invoice.id}`)).status).toBe(401);
  });

  it("lists the tickets the signed-in guest holds, whoever bought them, refunds and dead orders left out", async () => {
    const setup = await office();
    const godfather = await buildGuest(setup.db, setup.event, {
      email: "jules@example.org",
      firstName: "Jules",
      lastName: "Roux",
    });
    const companion = await buildGuest(setup.db, setup.event, {
      email: "lou@example.org",
      firstName: "Lou",
      godfatherId: godfather.id,
    });
    const stranger = await buildGuest(setup.db, setup.event, { email: "stranger@example.org" });
    const sell = (
      buyerId: string,
      items: { ticketId: string; holderGuestId: string | null }[],
      status: "completed" | "awaiting_payment" | "in_cart" = "completed",
    ) =>
      placeOrder(
        setup.db,
        setup.event,
        { guestId: buyerId, items: items.map((item) => ({ ...item, quantity: 1 })), coupons: [], byOrganizer: true },
        status,
        new Date(),
        status === "in_cart" ? null : "desk",
      );
    // The godfather pays for his pass, his companion's and her workshop; the workshop is refunded.
    const gift = await sell(godfather.id, [
      { ticketId: setup.pass.id, holderGuestId: godfather.id },
      { ticketId: setup.pass.id, holderGuestId: companion.id },
      { ticketId: setup.workshop.id, holderGuestId: companion.id },
    ]);
    await setup
      .db("orderItems")
      .where({ orderId: gift.order.id, ticketId: setup.workshop.id })
      .update({ refundedQuantity: 1 });
    await Order.query(setup.db).findById(gift.order.id).patch({ status: "partially_refunded" });
    // A hidden ticket the organizer gave her, its buyer gone since; a cart and a cancelled order hold nothing.
    const given = await sell(
      companion.id,
      [{ ticketId: setup.hidden.id, holderGuestId: companion.id }],
      "awaiting_payment",
    );
    await Order.query(setup.db)
      .findById(given.order.id)
      .patch({ guestId: null, orderedAt: new Date(Date.now() + 60_000) });
    for (const status of ["cancelled", "in_cart", "refunded"] as const) {
      await buildOrder(setup.db, setup.event, {
        guestId: godfather.id,
        status,
        items: [{ ticket: setup.workshop, holderId: companion.id, quantity: 1 }],
        overrides: status === "in_cart" ? { holdExpiresAt: new Date(Date.now() + 600_000) } : {},
      });
    }
    await sell(stranger.id, [{ ticketId: setup.pass.id, holderGuestId: stranger.id }]);

    const portal = `${setup.base}/portal`;
    expect((await suite.server.http.get(`${portal}/tickets`)).status).toBe(401);
    const lou = await signedInGuestClient(suite.server, portal, "lou@example.org");
    const hers = await lou.get(`${portal}/tickets`);
    expect(hers.status).toBe(200);
    expect(hers.body.data).toEqual([
      expect.objectContaining({
        ticketId: setup.hidden.id,
        caption: "Staff",
        quantity: 1,
        status: "awaiting_payment",
        boughtByYou: false,
        buyerName: null,
      }),
      expect.objectContaining({
        ticketId: setup.pass.id,
        caption: "Day pass",
        quantity: 1,
        status: "partially_refunded",
        boughtByYou: false,
        buyerName: "Jules Roux",
      }),
    ]);
    // What she holds is not what she bought: her orders list none of the godfather's.
    const herOrders = await lou.get(`${portal}/orders`);
    expect(herOrders.body.data).toEqual([]);

    const jules = await signedInGuestClient(suite.server, portal, "jules@example.org");
    const his = await jules.get(`${portal}/tickets`);
    expect(his.body.data).toEqual([
      expect.objectContaining({ ticketId: setup.pass.id, boughtByYou: true, buyerName: null, quantity: 1 }),
    ]);
    expect(JSON.stringify(his.body)).not.toContain(stranger.id);
  });

  it("keeps another event's tickets out of a cart", async () => {
    const setup = await office();
    const other = await office();
    const sent = await register(setup, "mixed@example.org", { items: [{ ticketId: other.pass.id, quantity: 1 }] });
    expect(sent.status).toBe(422);
    expect(sent.body.error.details).toEqual([
      expect.objectContaining({ field: "items.0.ticketId", code: "invalid_value" }),
    ]);
    expect(await setup.db("guests").where({ eventId: setup.event.id })).toHaveLength(0);
  });
});

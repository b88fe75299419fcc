import { randomUUID } from "node:crypto";
import { resources } from "@tessera/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Invoice } from "../../api/src/models/Invoice.ts";
import { Order } from "../../api/src/models/Order.ts";
import { startStripeStandIn, type StripeStandIn } from "../../api/src/payments/standIn/index.ts";
import { launchBrowser, screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds, type DatabaseKind } from "../helpers/databases.ts";
import { pdfText } from "../helpers/ebadges.ts";
import { buildOrganizerEvent, signInAs } from "../helpers/e2e.ts";
import { buildForm } from "../helpers/forms.ts";
import { billEventBy, buildOrganizer } from "../helpers/invoices.ts";
import { buildTicket, writeTicketingParams } from "../helpers/orders.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { GuestPages } from "./pages/GuestPages.ts";
import { screenshotFor } from "./pages/screenshots.ts";

const fr = resources.fr.web;
const en = resources.en.web;
const orders = en.ticketing.orders;

const SECRET_KEY = "sk_test_buyer_e2e";
const PUBLISHABLE_KEY = "pk_test_buyer_e2e";
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The server on a database with its Stripe keys on the stand-in, whose Stripe.js the payment step loads. */
function useBuyerEnvironment(kind: DatabaseKind) {
  const env: { server?: TestServer; browser?: Browser; standIn?: StripeStandIn } = {};
  beforeAll(async () => {
    env.standIn = await startStripeStandIn({ webhookSecret: "whsec_buyer_e2e" });
    env.server = await startTestServer({
      kind,
      env: {
        STRIPE_API_URL: env.standIn.url,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: "whsec_buyer_e2e",
        STRIPE_JS_URL: `${env.standIn.url}/v3/stripe.js`,
      },
    });
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
    await env.standIn?.close();
  });
  return env as Required<typeof env>;
}

/** An event selling a day pass (with a 10 % coupon) and a photo workshop option, its office open, with a form. */
async function buyerScene(server: TestServer) {
  const { db } = server;
  const { account, event, organizer } = await buildOrganizerEvent(server, {
    email: `olga.${randomUUID()}@example.com`,
  });
  const now = new Date().toISOString();
  const categoryId = randomUUID();
  await db("ticketCategories").insert({
    id: categoryId,
    accountId: account.id,
    eventId: event.id,
    parentId: null,
    name: "Entrées",
    color: "#336699",
    position: 0,
    createdAt: now,
    updatedAt: now,
  });
  const pass = await buildTicket(db, event, {
    caption: "Pass journée",
    description: "Accès aux conférences de la journée.",
    maxQuantity: 50,
    categoryId,
    priceInclTaxCents: 8_000,
  });
  const workshop = await buildTicket(db, event, {
    caption: "Atelier photo",
    isOption: true,
    maxQuantity: 10,
    categoryId,
    priceInclTaxCents: 3_000,
  });
  const couponId = randomUUID();
  await db("coupons").insert({
    id: couponId,
    accountId: account.id,
    eventId: event.id,
    code: "BIENVENUE",
    codeKey: "bienvenue",
    amountOffCents: null,
    percentOffBp: 1000,
    maxRedemptions: null,
    combinable: false,
    redeemBy: null,
    createdAt: now,
    updatedAt: now,
  });
  await db("couponTickets").insert({ couponId, ticketId: pass.id });
  await writeTicketingParams(db, event, {
    ticketOffice: "opened",
    terms: "Conditions générales de vente.\nLes billets ne sont ni repris ni échangés, sauf annulation de l'événement.",
    paymentMethods: ["card", "transfer", "desk"],
    salesStartedAt: new Date(Date.now() - 60_000).toISOString(),
  });
  await billEventBy(db, event, await buildOrganizer(db, account.id));
  const form = await buildForm(db, event, { items: [] });
  return { account, event, organizer, pass, workshop, form };
}

/** The bytes of a document the page links to, fetched with the page's cookies. */
async function download(page: Page, href: string, baseUrl: string): Promise<Buffer> {
  const response = await page.request.get(new URL(href, baseUrl).toString());
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  return Buffer.from(await response.body());
}

/**
 * Issue 14 (spec §2 the order payment step, phone-sized and in the guest's language): a buyer on a phone, in
 * French, registers through the form choosing two day passes and the photo workshop option, a coupon refused
 * then one taken (the totals with VAT follow), pays by card (4242 4242 4242 4242 typed in the Stripe stand-in's
 * card frame, Stripe.js loaded under the app's CSP), sees the confirmation and opens the invoice PDF; the
 * organizer opens the order, refunds the workshop, and the credit note's PDF opens with its number.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("a buyer pays on a phone in French, on %s", (kind) => {
  const env = useBuyerEnvironment(kind);

  it("registers with tickets and a coupon, pays by card, gets the invoice; the organizer refunds one item", async () => {
    const { server, browser, standIn } = env;
    const scene = await buyerScene(server);
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: "fr-FR" });
    const page = await context.newPage();
    const guest = new GuestPages(page, server.baseUrl);
    let orderId = "";

    await screenshotOnFailure(page, `ticketing-buyer-${kind}`, async () => {
      await guest.open(`/fr/${scene.event.slug}/forms/view/${scene.form.id}`);
      await guest.heading("Register").waitFor();
      await guest.textbox(fr.fields.firstName).fill("Zoé");
      await guest.textbox(fr.fields.lastName).fill("Martin");
      await guest.textbox(fr.fields.email).fill("zoe.martin@example.org");

      // The tickets by category, each with its price including VAT; the option says it goes with a ticket.
      const chooser = page.getByTestId("ticket-chooser");
      await chooser.getByRole("heading", { name: fr.public.tickets.title }).waitFor();
      await chooser.getByRole("group", { name: "Entrées" }).waitFor();
      await chooser.getByText(fr.public.tickets.optionNote).waitFor();
      expect(plain(await chooser.getByTestId("office-ticket").first().innerText())).toContain("80,00 € TTC (TVA 20 %)");
      await guest.button("Un de plus : Pass journée").click();
      await guest.button("Un de plus : Pass journée").click();
      await guest.button("Un de plus : Atelier photo").click();
      expect(await page.getByRole("textbox", { name: "Quantité : Pass journée" }).inputValue()).toBe("2");
      const totals = chooser.getByTestId("order-totals");
      await expect.poll(async () => plain(await totals.innerText())).toContain("190,00 €");

      // A coupon that does not exist is refused at its field, in French; BIENVENUE takes 10 % off the passes.
      const coupon = page.getByRole("textbox", { name: fr.public.tickets.coupon });
      await coupon.fill("NOPE");
      await guest.button(fr.public.tickets.applyCoupon).click();
      await expect.poll(() => coupon.getAttribute("aria-invalid")).toBe("true");
      expect(await coupon.evaluate((element) => element === document.activeElement)).toBe(true);
      await coupon.fill("BIENVENUE");
      await guest.button(fr.public.tickets.applyCoupon).click();
      await chooser.getByText("Code promo BIENVENUE").waitFor();
      await expect.poll(async () => plain(await totals.innerText())).toMatch(/Total TTC\s+174,00 €/);
      expect(plain(await totals.innerText())).toMatch(/[-−]16,00 €/);
      await screenshotFor(page, `ticketing-buyer-tickets-${kind}`);

      await guest.button(fr.public.form.submit).click();
      await page.waitForURL(new RegExp(`/fr/${scene.event.slug}/orders/[0-9a-f-]{36}/[A-Za-z0-9_-]+$`));
      orderId = new URL(page.url()).pathname.split("/")[4]!;

      // The payment step: the summary with its VAT, the hold counting down, billing, method, card, terms.
      await page
        .getByRole("heading", { level: 1 })
        .filter({ hasText: /Votre commande/ })
        .waitFor();
      const summary = page.getByTestId("order-totals");
      expect(plain(await summary.innerText())).toMatch(/2 × Pass journée\s+144,00 €/);
      expect(plain(await summary.innerText())).toMatch(/TVA 20 %\s+29,00 €/);
      await page
        .getByTestId("hold-countdown")
        .filter({ hasText: /réservées encore \d+:\d\d/ })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await guest.textbox(fr.public.pay.fullName).fill("Zoé Martin");
      await guest.textbox(fr.public.pay.address).fill("3 rue Oberkampf");
      await guest.textbox(fr.public.pay.zip).fill("75011");
      await guest.textbox(fr.public.pay.city).fill("Paris");
      // Paying without the terms nor a card: the problems are said, the focus on the first.
      await page.getByRole("radio", { name: fr.public.pay.methods.card }).check();
      const frame = page.frameLocator('[data-testid="card-element"] iframe');
      await frame.getByLabel("Numéro de carte").waitFor();
      await guest.button("Payer 174,00 €").click();
      await page
        .getByRole("alert")
        .filter({ hasText: /champs demandent votre attention/ })
        .waitFor();
      await page.getByText(resources.fr.validation.terms_required).waitFor();

      await frame.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
      await frame.getByLabel("Date d'expiration (MM / AA)").fill("12 / 34");
      await frame.getByLabel("Code de sécurité (CVC)").fill("123");
      await page.getByRole("checkbox", { name: fr.public.pay.acceptTerms }).check();
      await screenshotFor(page, `ticketing-buyer-payment-${kind}`);
      await guest.button("Payer 174,00 €").click();

      // Paid: the thanks, then the invoice once issued, as a PDF.
      await page.getByRole("heading", { name: fr.public.pay.paidTitle }).waitFor({ timeout: 20_000 });
      const invoiceLink = page.getByTestId("document-invoice");
      await expect
        .poll(
          async () => {
            if ((await invoiceLink.count()) === 0) {
              await page.reload();
              // The page read again: its invoice, or the word that it is being issued.
              await page.getByTestId("order-outcome-paid").waitFor();
            }
            return invoiceLink.count();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(1);
      await screenshotFor(page, `ticketing-buyer-paid-${kind}`);
      const invoice = await Invoice.query(server.db).findOne({ orderId, kind: "invoice" });
      expect(await invoiceLink.innerText()).toBe(`Facture ${invoice!.number}`);
      const invoicePdf = await download(page, (await invoiceLink.getAttribute("href"))!, server.baseUrl);
      expect(invoicePdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(plain(await pdfText(invoicePdf))).toContain(invoice!.number);
    });

    const order = await Order.query(server.db).findById(orderId);
    expect(order).toMatchObject({ status: "completed", paymentMethod: "card", totalInclTaxCents: 17_400 });
    expect(order).toMatchObject({ billingName: "Zoé Martin", zip: "75011", city: "Paris", isCompany: false });
    const charges = standIn.charges().filter((charge) => charge.amount === 17_400 && charge.status === "succeeded");
    expect(charges).toHaveLength(1);
    expect(charges[0]!.payment_method_details?.card?.last4).toBe("4242");
    await context.close();

    // The organizer refunds the workshop; the credit note opens with its number.
    const organizerContext = await browser.newContext({ viewport: { width: 1280, height: 1000 }, timezoneId: "UTC" });
    const admin = await organizerContext.newPage();
    await screenshotOnFailure(admin, `ticketing-buyer-refund-${kind}`, async () => {
      const orderPath = `/manage/events/${scene.event.id}/ticketing/orders/${orderId}`;
      await signInAs(admin, server.baseUrl, scene.organizer.email, orderPath);
      await admin.getByRole("heading", { name: `Order ${order!.reference}` }).waitFor();
      await admin.getByRole("button", { name: orders.actions.refund, exact: true }).click();
      const refund = admin.getByRole("dialog", { name: `Refund order ${order!.reference}` });
      await refund.getByText(orders.refund.partial, { exact: true }).click();
      await refund.getByRole("textbox", { name: "Units of Atelier photo to refund" }).fill("1");
      await refund.getByRole("button", { name: orders.refund.submit, exact: true }).click();
      await refund.waitFor({ state: "detached" });
      await admin.getByTestId("order-refund").first().waitFor();
      const creditRow = admin.getByTestId("order-invoice").filter({ hasText: orders.money.kinds.credit_note });
      await expect
        .poll(
          async () => {
            if ((await creditRow.count()) === 0) {
              await admin.reload();
              await admin.getByTestId("order-refund").first().waitFor();
              await admin.getByRole("heading", { name: orders.money.invoices }).waitFor();
            }
            return creditRow.count();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(1);
      const number = (await creditRow.getByRole("cell").first().innerText()).trim();
      const creditPdf = await download(
        admin,
        (await creditRow.getByRole("link").getAttribute("href"))!,
        server.baseUrl,
      );
      expect(creditPdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(plain(await pdfText(creditPdf))).toContain(number);
    });
    expect((await Order.query(server.db).findById(orderId))?.status).toBe("partially_refunded");
    const refunds = standIn.refunds().filter((refund) => refund.payment_intent === charges[0]!.payment_intent);
    expect(refunds.map((refund) => refund.amount)).toEqual([3_000]);
    await organizerContext.close();
  });
});

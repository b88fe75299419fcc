import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Frame, Page } from "playwright-core";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeConfigFrom } from "../../api/src/config.ts";
import { startStripeStandIn, type StripeStandIn } from "../../api/src/payments/standIn/index.ts";
import { createStripeClient } from "../../api/src/payments/stripeClient.ts";
import { launchBrowser, screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";

/**
 * The stand-in's Stripe.js in Chromium, on a page of another origin (as Tessera's payment step is): the card
 * element's frame takes a card typed in its labelled inputs, tells the page whether it is complete, and makes a
 * PaymentMethod the page gets the id of (never the card); a 3-D Secure card's intent goes through the
 * dialog of handleNextAction, passed or failed.
 */
const PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Pay</title></head><body>
<main><label id="card-label">Carte</label><div id="card"></div><p id="status" aria-live="polite"></p></main>
</body></html>`;

/** The page's globals: Stripe.js's objects, untyped here (any: the page is driven through evaluate()). */
type PageGlobals = Record<string, any>;

describe.skipIf(!shouldRunE2e())("Stripe.js of the stand-in, in Chromium", () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let site: Server;
  let siteUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookSecret: "whsec_stripe_js" });
    stripe = createStripeClient(stripeConfigFrom({ STRIPE_API_URL: standIn.url }), "sk_test_stripe_js");
    site = createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end(PAGE));
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    // "localhost" against the stand-in's 127.0.0.1: another origin, as Tessera's is Stripe's.
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await standIn?.close();
  });

  async function mountCard(page: Page): Promise<Frame> {
    await page.goto(siteUrl);
    await page.addScriptTag({ url: `${standIn.url}/v3/stripe.js` });
    await page.evaluate(() => {
      const w = window as unknown as PageGlobals;
      const stripeJs = w.Stripe("pk_test_stripe_js");
      const card = stripeJs.elements({ locale: "fr" }).create("card");
      w.changes = [];
      card.on("change", (event: unknown) => (w.changes as unknown[]).push(event));
      card.mount("#card");
      w.stripeJs = stripeJs;
      w.card = card;
    });
    const frameElement = page.locator("#card iframe");
    await expect
      .poll(() => frameElement.getAttribute("title"))
      .toBe("Cadre de saisie sécurisé pour le paiement par carte");
    const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
    await frame.getByLabel("Numéro de carte").waitFor();
    return frame;
  }

  const lastChange = (page: Page) =>
    page.evaluate(() => {
      const changes = (window as unknown as { changes: Record<string, unknown>[] }).changes;
      return changes[changes.length - 1] ?? null;
    });

  it("takes a card in its frame and makes a PaymentMethod the page gets the id of", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await screenshotOnFailure(page, "stripe-js-card", async () => {
      const frame = await mountCard(page);
      // An invalid number is said at once, in the element's language.
      await frame.getByLabel("Numéro de carte").fill("4242 4242 4242 4241");
      await expect
        .poll(() => lastChange(page))
        .toMatchObject({
          complete: false,
          error: { code: "invalid_number", message: "Votre numéro de carte n'est pas valide." },
        });
      expect(await frame.getByLabel("Numéro de carte").getAttribute("aria-invalid")).toBe("true");

      // Incomplete: createPaymentMethod answers a validation error, nothing is sent.
      await frame.getByLabel("Numéro de carte").fill("4242424242424242");
      const incomplete = await page.evaluate(() => {
        const w = window as unknown as PageGlobals;
        return w.stripeJs.createPaymentMethod({ type: "card", card: w.card });
      });
      expect(incomplete.error).toMatchObject({ type: "validation_error", code: "incomplete_expiry" });

      await frame.getByLabel("Date d'expiration (MM / AA)").pressSequentially("1234");
      expect(await frame.getByLabel("Date d'expiration (MM / AA)").inputValue()).toBe("12 / 34");
      await frame.getByLabel("Code de sécurité (CVC)").fill("123");
      await expect.poll(() => lastChange(page)).toMatchObject({ complete: true, brand: "visa" });

      const made = await page.evaluate(() => {
        const w = window as unknown as PageGlobals;
        return w.stripeJs.createPaymentMethod({
          type: "card",
          card: w.card,
          billing_details: { name: "Zoé Martin", address: { postal_code: "75011", city: "Paris" } },
        });
      });
      expect(made.paymentMethod).toMatchObject({
        object: "payment_method",
        card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 },
        billing_details: { name: "Zoé Martin", address: { postal_code: "75011", city: "Paris" } },
      });
      const intent = await stripe.paymentIntents.create({
        amount: 4200,
        currency: "eur",
        payment_method: made.paymentMethod.id as string,
        confirm: true,
      });
      expect(intent.status).toBe("succeeded");

      // The page never held the card: its DOM has only the frame.
      expect(await page.content()).not.toContain("4242");
      await page.evaluate(() => (window as unknown as { card: { destroy(): void } }).card.destroy());
      expect(await page.locator("#card iframe").count()).toBe(0);
    });
    await page.close();
  });

  it("runs a 3-D Secure step in its dialog: completed, then failed", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await screenshotOnFailure(page, "stripe-js-3ds", async () => {
      const frame = await mountCard(page);
      await frame.getByLabel("Numéro de carte").fill("4000 0025 0000 3155");
      await frame.getByLabel("Date d'expiration (MM / AA)").fill("1234");
      await frame.getByLabel("Code de sécurité (CVC)").fill("123");
      await expect.poll(() => lastChange(page)).toMatchObject({ complete: true });

      for (const [button, expected] of [
        ["Complete authentication", "succeeded"],
        ["Fail authentication", "failed"],
      ] as const) {
        const made = await page.evaluate(() => {
          const w = window as unknown as PageGlobals;
          return w.stripeJs.createPaymentMethod({ type: "card", card: w.card });
        });
        const intent = await stripe.paymentIntents.create({
          amount: 5000,
          currency: "eur",
          payment_method: made.paymentMethod.id as string,
          confirm: true,
        });
        expect(intent.status).toBe("requires_action");
        const outcome = page.evaluate(
          (clientSecret) =>
            (window as unknown as PageGlobals) /* the page's globals */.stripeJs
              .handleNextAction({ clientSecret }),
          intent.client_secret!,
        );
        const dialog = page.getByRole("dialog", { name: "Authenticate this payment" });
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain("€50.00");
        // The dialog is modal and its first action has the focus.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent))
          .toBe("Complete authentication");
        await dialog.getByRole("button", { name: button }).click();
        const result = await outcome;
        if (expected === "succeeded") {
          expect(result.paymentIntent).toMatchObject({ id: intent.id, status: "succeeded" });
          expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("succeeded");
        } else {
          expect(result.error).toMatchObject({ code: "payment_intent_authentication_failure" });
          expect(result.error.payment_intent.status).toBe("requires_payment_method");
        }
        expect(await dialog.count()).toBe(0);
      }
    });
    await page.close();
  });
});

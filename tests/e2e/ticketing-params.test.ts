import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { seriousAxeViolations, settle } from "../helpers/deskPage.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildForm } from "../helpers/forms.ts";
import { buildTicket } from "../helpers/orders.ts";
import { TicketingParamsPages } from "./pages/TicketingParamsPages.ts";
import { screenshotFor } from "./pages/screenshots.ts";

const VALID_SIRET = "732 829 320 00074";
const BAD_SIRET = "732 829 320 00075";

/**
 * Issue 14, item 7 (the Params tab): an organizer tries to start sales before anything is set and reads the API's
 * refusal; fills the billing information, where a SIRET whose checksum fails is pointed out as it is typed and
 * refused, then a valid one saved; sets the terms and payment methods; is refused again for want of an online
 * registration form; once there is one, starts sales and stops them. A French organizer reads the same refusals
 * and checks in French.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the Params tab on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("fills the billing information, sets the parameters, and starts sales once the API allows it", async () => {
    const { server, browser } = e2e;
    const { event, organizer } = await buildOrganizerEvent(server, { email: "paula@example.com" });
    await buildTicket(server.db, event, { caption: "Full pass" });
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
    const page = await context.newPage();
    const params = new TicketingParamsPages(page, `/manage/events/${event.id}/ticketing`);
    const { labels } = params;
    const errors = resources.en.errors;

    await screenshotOnFailure(page, `ticketing-params-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, params.base);
      await page.getByRole("tab", { name: params.web.ticketing.tabs.params }).click();
      await page.waitForURL(/\/ticketing\/params$/);
      await params.ticketOffice().filter({ hasText: labels.sales.closed }).waitFor();

      await params.startSales();
      await params.salesAlert().filter({ hasText: errors.payment_info_needed }).waitFor();

      await params.fillBilling({
        corporateName: "Maison Lumière",
        legalStructure: "SAS",
        shareCapital: "10,000.50",
        siret: BAD_SIRET,
        rcsNumber: "RCS Paris 732 829 320",
        street: "1 rue de la Paix",
        zip: "75002",
        city: "Paris",
        vatNumber: "FR44732829320",
      });
      await params.siretCheck().filter({ hasText: labels.billing.siretChecksum }).waitFor();
      await params.billing().getByText(labels.billing.vatStatuses.margin, { exact: true }).click();
      await params.button(labels.billing.create).click();
      await params.billing().getByText(resources.en.validation.siret_invalid, { exact: true }).waitFor();
      expect(await server.db("organizers")).toEqual([]);

      await params.field(labels.billing.siret).fill(VALID_SIRET);
      await params.siretCheck().filter({ hasText: labels.billing.siretValid }).waitFor();
      await settle(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await params.button(labels.billing.create).click();
      await params.button(labels.billing.save).waitFor();

      await params.field(labels.settings.terms).fill("Tickets are neither refunded nor exchanged.");
      await page.getByRole("checkbox", { name: labels.paymentMethods.transfer }).check();
      await params.button(params.web.common.save, page.getByRole("region", { name: labels.settings.title })).click();
      await page.getByText(labels.settings.saved).waitFor();

      await params.startSales();
      await params.salesAlert().filter({ hasText: errors.form_not_set }).waitFor();
      await settle(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotFor(page, `ticketing-params-refused-${kind}`);

      await buildForm(server.db, event, { items: [] });
      await params.startSales();
      await params.ticketOffice().filter({ hasText: labels.sales.opened }).waitFor();
      expect(await params.salesAlert().count()).toBe(0);

      await page.reload();
      await params.ticketOffice().filter({ hasText: labels.sales.opened }).waitFor();
      expect(await params.field(labels.billing.siret).inputValue()).toBe(VALID_SIRET);
      expect(await params.field(labels.settings.terms).inputValue()).toBe(
        "Tickets are neither refunded nor exchanged.",
      );
      await params.button(labels.sales.stop).click();
      const confirm = page.getByRole("dialog", { name: labels.sales.stopTitle });
      await confirm.getByRole("checkbox", { name: labels.sales.stopRegistrations }).check();
      await params.button(labels.sales.stop, confirm).click();
      await params.ticketOffice().filter({ hasText: labels.sales.closed }).waitFor();
    });
    const [billing] = await server.db("organizers");
    // A bigint column: PostgreSQL's driver reads it as a string.
    expect({ ...billing, shareCapitalCents: Number(billing.shareCapitalCents) }).toMatchObject({
      corporateName: "Maison Lumière",
      siret: "73282932000074",
      shareCapitalCents: 1_000_050,
      vatStatus: "margin",
      city: "Paris",
    });
    // Registrations stopped with the sales: the registration form is offline.
    expect((await server.db("forms").where({ eventId: event.id, type: "registration" })).map((f) => f.state)).toEqual([
      "draft",
    ]);
    const [stored] = await server.db("ticketingParams").where({ eventId: event.id });
    expect(stored).toMatchObject({
      organizerId: billing.id,
      ticketOffice: "closed",
      terms: "Tickets are neither refunded nor exchanged.",
    });
    await context.close();
  });

  it("tells a French organizer, in French, that the SIRET is wrong and that sales need an online form", async () => {
    const { server, browser } = e2e;
    const { event, organizer } = await buildOrganizerEvent(server, { email: "francine@example.com", language: "fr" });
    await buildTicket(server.db, event, { caption: "Pass complet" });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: "fr-FR" });
    const page = await context.newPage();
    const params = new TicketingParamsPages(page, `/manage/events/${event.id}/ticketing`, "fr");
    const { labels } = params;

    await screenshotOnFailure(page, `ticketing-params-fr-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, `${params.base}/params`, { language: "fr" });
      await params.fillBilling({ corporateName: "Lumière SARL", shareCapital: "10 000,50", siret: "732 829" });
      await params.siretCheck().filter({ hasText: "6 chiffres sur 14." }).waitFor();
      await params.field(labels.billing.siret).fill(BAD_SIRET);
      await params.button(labels.billing.create).click();
      await params.billing().getByText(resources.fr.validation.siret_invalid, { exact: true }).waitFor();
      await params.field(labels.billing.siret).fill(VALID_SIRET);
      await params.button(labels.billing.create).click();
      await params.button(labels.billing.save).waitFor();

      await params.startSales();
      await params.salesAlert().filter({ hasText: resources.fr.errors.form_not_set }).waitFor();
      await screenshotFor(page, `ticketing-params-fr-${kind}`);
    });
    const [billing] = await server.db("organizers").where({ corporateName: "Lumière SARL" });
    expect({ ...billing, shareCapitalCents: Number(billing.shareCapitalCents) }).toMatchObject({
      shareCapitalCents: 1_000_050,
      siret: "73282932000074",
      vatStatus: "subject",
    });
    await context.close();
  });
});

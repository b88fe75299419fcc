import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildForm } from "../helpers/forms.ts";
import { GuestPages } from "./pages/GuestPages.ts";

/** What the screens say, read from the catalogues as they read them. */
const web = resources.en.web;
const fr = resources.fr.web;

/**
 * Issue 15 item 7: an organizer opens the event's automatic mails, edits the registration confirmation in French
 * (a subject and an opening of their own, seen in the preview), saves it; a guest then registers in French through
 * the event's online form and receives that wording, in French, in the test SMTP sink.
 */
describe.skipIf(!shouldRunE2e())("an automatic mail edited in French reaches a guest registering in French", () => {
  const e2e = useE2eEnvironment();

  it("edits the French registration confirmation, then a French registration receives it", async () => {
    const { server, browser } = e2e;
    const { event } = await buildOrganizerEvent(
      server,
      { email: "olivia@example.com", language: "en", firstName: "Olivia" },
      { name: "Harbour Summit", languages: ["en", "fr"] },
    );
    const form = await buildForm(server.db, event, { state: "online", items: [] });

    const context = await browser.newContext({ locale: "en-GB" });
    const page = await context.newPage();
    await screenshotOnFailure(page, "auto-mail-confirmation", async () => {
      await signInAs(page, server.baseUrl, "olivia@example.com", `/manage/events/${event.id}/campaigns`);
      await page.getByRole("tab", { name: web.autoMails.tab }).click();
      const row = page.getByTestId("auto-mail-registration_confirmation");
      await row.getByText(web.autoMails.defaultWording).waitFor();
      await page
        .getByRole("link", { name: `Edit the mail “${web.autoMails.kinds.registration_confirmation}”` })
        .click();

      // The French version: its default wording, then our own subject and opening.
      await page.locator("label", { hasText: web.languages.fr }).first().click();
      const subject = page.getByRole("textbox", { name: web.campaigns.fields.subject });
      await expect.poll(() => subject.inputValue()).toBe("Votre inscription à {{eventName}} est confirmée");
      await subject.fill("Bienvenue {{firstName}} à {{eventName}} !");
      const opening = page.getByTestId("campaign-block").first().getByRole("textbox").first();
      await opening.fill("<p>On vous attend avec impatience.</p>");
      // The preview follows the draft, for the signed-in organizer.
      await expect
        .poll(() => page.getByTestId("campaign-preview-subject").innerText(), { timeout: 10_000 })
        .toBe("Bienvenue Olivia à Harbour Summit !");
      await page.getByRole("button", { name: web.common.save, exact: true }).click();
      await page.getByText(web.autoMails.saved).waitFor();

      // Back on the list, French has its own wording now.
      await page.getByRole("link", { name: web.autoMails.back }).click();
      await row.getByText(`Own wording: ${web.languages.fr}`).waitFor();

      // A guest registers in French on a phone.
      const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "fr-FR" });
      const guestPage = await guestContext.newPage();
      const guest = new GuestPages(guestPage, server.baseUrl);
      await guest.open(`/fr/${event.slug}/forms/view/${form.id}`);
      await guest.textbox(fr.fields.firstName).fill("Léa");
      await guest.textbox(fr.fields.lastName).fill("Roux");
      await guest.textbox(fr.fields.email).fill("lea.roux@example.org");
      await guest.button(fr.public.form.submit).click();
      await guestPage.getByTestId("registration-done").waitFor();

      const mail = await server.mailbox.waitFor("lea.roux@example.org", { timeoutMs: 15_000 });
      expect(mail.subject).toBe("Bienvenue Léa à Harbour Summit !");
      expect(mail.text).toContain("On vous attend avec impatience.");
      expect(mail.html).toContain('lang="fr"');
      await guestContext.close();
    });
    await context.close();
  });
});

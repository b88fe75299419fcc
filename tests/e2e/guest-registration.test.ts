import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { Event } from "../../api/src/models/Event.ts";
import { Form } from "../../api/src/models/Form.ts";
import { DEMO_EVENT_SLUG, seedDemo } from "../../api/src/seed/demo.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { useE2eEnvironment } from "../helpers/e2e.ts";
import { linksIn } from "../helpers/smtp.ts";
import { GuestPages } from "./pages/GuestPages.ts";
import { screenshotFor } from "./pages/screenshots.ts";

/** What the guest pages say in French, read from the catalogues as the screens read them. */
const fr = resources.fr.web;
const frValidation = resources.fr.validation;

/**
 * A guest on a phone, in French: registers through the demo event's online form (a group of questions
 * appears with the answer that opens it, a wrong answer is refused at its field, the registration is
 * confirmed), then signs in to the event's portal with the emailed link (opening it spends nothing, the
 * button does) and signs out.
 */
describe.skipIf(!shouldRunE2e())("a guest registers through the online form, then signs in to the portal", () => {
  const e2e = useE2eEnvironment();

  it("registers on a phone in French and reaches the member area with the emailed link", async () => {
    const { server, browser } = e2e;
    await seedDemo(server.db, "Demo-Password-2026", { passwordHashCost: server.config.passwordHashCost });
    const event = (await Event.query(server.db).findOne({ slug: DEMO_EVENT_SLUG }))!;
    const form = (await Form.query(server.db).where({ eventId: event.id, type: "registration", state: "online" }))[0]!;
    const email = "nina.nouvelle@example.org";

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "fr-FR" });
    const page = await context.newPage();
    const guest = new GuestPages(page, server.baseUrl);
    await screenshotOnFailure(page, "guest-registration", async () => {
      // The form, with the event's name above its title.
      await guest.open(`/fr/${DEMO_EVENT_SLUG}/forms/view/${form.id}`);
      await guest.heading("Register for the conference").waitFor();
      await page.getByText(event.name, { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
      await screenshotFor(page, "guest-registration-form");

      // The group of the AI workshop shows its question only to those who choose it.
      const companySize = guest.textbox("Company size (employees)");
      expect(await companySize.count()).toBe(0);
      await guest.choice("AI for events").check();
      await companySize.waitFor();
      await page.getByText(fr.public.form.questionsAdded, { exact: true }).waitFor();
      await guest.choice("AI for events").uncheck();
      await companySize.waitFor({ state: "detached" });
      await guest.choice("AI for events").check();

      // Filled in with the keyboard; a negative company size is refused at its field, and the focus goes there.
      await guest.textbox(fr.fields.firstName).fill("Nina");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Nouvelle");
      await page.keyboard.press("Tab");
      await page.keyboard.type(email);
      await guest.choice(fr.public.form.participationYes).focus();
      await page.keyboard.press("Space");
      await companySize.fill("-3");
      await guest.button(fr.public.form.submit).click();
      await guest.alert().filter({ hasText: fr.public.form.fixErrors_one }).waitFor();
      expect(await guest.describedProblem(companySize)).toContain(frValidation.number_negative);
      expect(await guest.isFocused(companySize)).toBe(true);
      await screenshotFor(page, "guest-registration-field-error");

      await page.keyboard.press("Control+A");
      await page.keyboard.type("40");
      await page.keyboard.press("Enter");
      const done = page.getByTestId("registration-done");
      await done.waitFor();
      await guest.heading(fr.public.done.confirmed).waitFor();
      await done.getByText("À bientôt à Paris !", { exact: true }).waitFor();
      await screenshotFor(page, "guest-registration-done");
    });
    const confirmation = await server.mailbox.waitFor(email, { timeoutMs: 15_000 });
    expect(confirmation.subject).toContain(event.name);

    await screenshotOnFailure(page, "guest-portal", async () => {
      // The confirmation leads to the portal, the email already there.
      await guest.link(fr.public.done.portalLink).click();
      await guest.waitForPath(`/fr/${DEMO_EVENT_SLUG}/portal`);
      expect(await guest.textbox(fr.fields.email).inputValue()).toBe(email);
      await guest.button(fr.public.portal.send).click();
      await guest.heading(fr.public.portal.sentTitle).waitFor();
      await screenshotFor(page, "guest-portal-sent");
    });

    const mail = await server.mailbox.waitFor(email, { timeoutMs: 15_000, subjectIncludes: "Connexion" });
    const link = linksIn(mail).find((url) => url.includes("/portal/confirm#token="));
    expect(link, `a sign-in link in: ${mail.text ?? ""}`).toBeDefined();
    expect(new URL(link!).pathname).toBe(`/fr/${DEMO_EVENT_SLUG}/portal/confirm`);

    await screenshotOnFailure(page, "guest-portal-confirm", async () => {
      // Opening the link signs nobody in: only the button does.
      await guest.openEmailedLink(link!);
      await guest.heading(fr.public.portal.confirmTitle).waitFor();
      await screenshotFor(page, "guest-portal-confirm");
      await page.reload();
      await guest.button(fr.public.portal.signIn).click();
      await guest.waitForPath(`/fr/${DEMO_EVENT_SLUG}/portal/me`);
      await guest.heading(fr.public.me.greeting.replace("{{name}}", "Nina")).waitFor();
      expect(await page.getByTestId("registration-status").innerText()).toBe(fr.public.me.status.confirmed);
      await page.getByText(fr.public.me.companions, { exact: true }).waitFor();
      await screenshotFor(page, "guest-portal-me");

      // Signed out: the member area sends back to the sign-in page; the link does not work twice.
      await guest.button(fr.public.me.signOut).click();
      await guest.waitForPath(`/fr/${DEMO_EVENT_SLUG}/portal`);
      await guest.heading(fr.public.portal.title).waitFor();
      await guest.open(`/fr/${DEMO_EVENT_SLUG}/portal/me`);
      await guest.waitForPath(`/fr/${DEMO_EVENT_SLUG}/portal`);
      await guest.openEmailedLink(link!);
      await guest.button(fr.public.portal.signIn).click();
      await guest.heading(fr.public.portal.invalidTitle).waitFor();
      await guest.link(fr.public.portal.requestNew).waitFor();
    });
    await context.close();
  });
});

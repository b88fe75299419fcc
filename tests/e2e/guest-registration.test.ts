import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { CustomField } from "../../api/src/models/CustomField.ts";
import { Event } from "../../api/src/models/Event.ts";
import { Form } from "../../api/src/models/Form.ts";
import { Guest } from "../../api/src/models/Guest.ts";
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
 * button does), changes an answer, adds a companion, changes the answers again once the event is full (the
 * guest has their place), cancels the registration (asked in a dialog), which cancels the companion too and
 * leaves no companion to change, and signs out.
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
      const myRegistration = page.getByTestId("my-registration");
      await myRegistration.getByText("AI for events", { exact: true }).waitFor();
      await screenshotFor(page, "guest-portal-me");

      // The answers changed through the same form, prefilled: saved, announced, shown, and in the database.
      const companySize = guest.textbox("Company size (employees)");
      await guest.button(fr.public.me.edit).click();
      await guest.heading(fr.public.me.editTitle).waitFor();
      expect(await guest.isFocused(guest.heading(fr.public.me.editTitle))).toBe(true);
      expect(await guest.textbox(fr.fields.email).inputValue()).toBe(email);
      expect(await companySize.inputValue()).toBe("40");
      await screenshotFor(page, "guest-portal-me-editing");
      await companySize.fill("55");
      await guest.button(fr.public.me.save).click();
      await page.getByRole("status").getByText(fr.public.me.saved, { exact: true }).waitFor();
      await myRegistration.getByText("55", { exact: true }).waitFor();
      const sizeField = (await CustomField.query(server.db).findOne({ eventId: event.id, name: "Company size" }))!;
      const nina = (await Guest.query(server.db).findOne({ eventId: event.id, email }))!;
      expect(nina.answers[sizeField.id]).toBe(55);

      // A companion, with the companion form's question; the event allows one, so no more can be added.
      const companions = page.getByTestId("my-companions");
      await guest.heading(fr.public.me.companions).waitFor();
      await guest.button(fr.public.me.addCompanion).click();
      await guest.heading(fr.public.me.newCompanion).waitFor();
      await companions.getByRole("textbox", { name: fr.fields.firstName, exact: true }).fill("Léo");
      await companions.getByRole("textbox", { name: fr.fields.lastName, exact: true }).fill("Nouvelle");
      await companions.getByLabel("Dietary requirements", { exact: true }).selectOption("diet-vegetarian");
      await screenshotFor(page, "guest-portal-me-companion");
      await guest.button(fr.public.me.saveCompanion).click();
      await page
        .getByRole("status")
        .getByText(fr.public.me.companionAdded.replace("{{name}}", "Léo Nouvelle"), { exact: true })
        .waitFor();
      await companions.getByText("Léo Nouvelle", { exact: true }).waitFor();
      await companions.getByText(fr.public.me.companionsFull, { exact: true }).waitFor();
      expect(await guest.button(fr.public.me.addCompanion).count()).toBe(0);
      const leo = await Guest.query(server.db).findOne({ eventId: event.id, godfatherId: nina.id });
      expect(leo).toMatchObject({ firstName: "Léo", lastName: "Nouvelle", status: "confirmed" });

      // The event full: its form says it is closed, yet Nina has her place and still changes her answers; the
      // form says companions are managed below.
      const attending = await Guest.query(server.db)
        .where({ eventId: event.id })
        .whereIn("status", ["confirmed", "pending_approval"])
        .resultSize();
      await Event.query(server.db).patch({ maxAttendees: attending }).where({ id: event.id });
      await page.reload();
      await myRegistration.getByText("55", { exact: true }).waitFor();
      await guest.button(fr.public.me.edit).click();
      await guest.heading(fr.public.me.editTitle).waitFor();
      await page.getByText(fr.public.form.companionsBelow, { exact: true }).waitFor();
      expect(await page.getByText(fr.public.form.companionsLater, { exact: true }).count()).toBe(0);
      await companySize.fill("60");
      await guest.button(fr.public.me.save).click();
      await page.getByRole("status").getByText(fr.public.me.saved, { exact: true }).waitFor();
      await myRegistration.getByText("60", { exact: true }).waitFor();
      expect((await Guest.query(server.db).findById(nina.id))!.answers[sizeField.id]).toBe(60);

      // Unregistering is asked first, in a dialog; then the status says so and the answers cannot be changed.
      await guest.button(fr.public.me.unregister).click();
      const dialog = page.getByRole("dialog", { name: fr.public.me.unregisterTitle });
      await dialog.waitFor();
      await screenshotFor(page, "guest-portal-me-unregister");
      await dialog.getByRole("button", { name: fr.public.me.unregisterConfirm, exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("status").getByText(fr.public.me.unregistered, { exact: true }).waitFor();
      expect(await page.getByTestId("registration-status").innerText()).toBe(fr.public.me.status.cancelled);
      expect(await guest.button(fr.public.me.edit).count()).toBe(0);
      expect(await guest.button(fr.public.me.unregister).count()).toBe(0);
      expect((await Guest.query(server.db).findById(nina.id))!.status).toBe("cancelled");
      // Léo's registration is cancelled with hers: he leaves the list, and no companion can be added or changed.
      expect((await Guest.query(server.db).findById(leo!.id))!.status).toBe("cancelled");
      await companions.getByText("Léo Nouvelle", { exact: true }).waitFor({ state: "detached" });
      await companions.getByText(fr.public.me.companionsNotAttending, { exact: true }).waitFor();
      expect(await guest.button(fr.public.me.addCompanion).count()).toBe(0);
      expect(await companions.getByRole("button").count()).toBe(0);
      await screenshotFor(page, "guest-portal-me-cancelled");

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

import { formOptionsOf } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { Form } from "../../api/src/models/Form.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildCustomField, buildGuest } from "../helpers/guests.ts";
import { PDF } from "../helpers/zipFixtures.ts";
import { FormsPages } from "./pages/FormsPages.ts";
import { screenshotFor } from "./pages/screenshots.ts";
import { buildForm } from "../helpers/forms.ts";

/**
 * Issue 11, items 5 and 7: an organizer sets a registration form's options in the builder (approval, a
 * French confirmation message, the terms PDF), then reads a survey's answers in figures.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("a form's options and statistics on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("sets the approval, a French confirmation message and the terms, then reads a survey's statistics", async () => {
    const { server, browser } = e2e;
    const { db } = server;
    const { event, organizer } = await buildOrganizerEvent(server, { email: "olga@example.com" });
    const diet = await buildCustomField(db, event, { label: "Diet" });
    const rating = await buildCustomField(db, event, { label: "Your rating", type: "rating", rules: { maxRating: 5 } });
    const again = await buildCustomField(db, event, {
      label: "Would you come again?",
      type: "unique_choice",
      options: [
        { id: "yes", label: "Yes", quota: null },
        { id: "no", label: "No", quota: null },
      ],
    });
    const form = (type: "registration" | "survey", title: string, fieldIds: string[]) =>
      buildForm(db, event, {
        type,
        title,
        createdBy: organizer.id,
        items: fieldIds.map((fieldId, index) => ({ kind: "question", id: `q${index}`, fieldId })),
      });
    const registration = await form("registration", "Registration", [diet.id]);
    const survey = await form("survey", "How was it?", [rating.id, again.id, diet.id]);
    // Three guests answered the survey (the third left the choice and the text empty).
    const votes = [
      { [rating.id]: 5, [again.id]: "yes", [diet.id]: "Vegan" },
      { [rating.id]: 4, [again.id]: "yes", [diet.id]: "None" },
      { [rating.id]: 2 },
    ];
    for (const answers of votes) {
      const guest = await buildGuest(db, event, { status: "confirmed", answers });
      await db("surveyResponses").insert({
        formId: survey.id,
        guestId: guest.id,
        eventId: event.id,
        answeredAt: new Date().toISOString(),
      });
    }

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const forms = new FormsPages(page, server.baseUrl, `/manage/events/${event.id}/forms`);
    await screenshotOnFailure(page, `forms-options-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, `${forms.base}/${registration.id}`);

      // The builder's Options tab: approval, then the French confirmation message.
      await page.getByRole("tab", { name: "Options" }).click();
      const options = page.getByTestId("form-options");
      await options.getByRole("switch", { name: /^Approval required/ }).check();
      await options.getByRole("tab", { name: "Français" }).click();
      await options.getByRole("textbox", { name: "Confirmation message in Français" }).fill("Merci, à bientôt !");
      await options.getByText("Some options have changed and are not saved yet.").waitFor();
      await forms.button("Save the options", options).click();
      await forms.sees("The options have been saved.");
      await options.getByText("Some options have changed and are not saved yet.").waitFor({ state: "detached" });
      const stored = formOptionsOf((await Form.query(db).findById(registration.id))!.options);
      expect(stored).toMatchObject({ requiresApproval: true, confirmationMessage: { fr: "Merci, à bientôt !" } });
      expect(stored.confirmationMessage.en).toBeUndefined();

      // The terms: a PDF dropped (chosen), then its name, size and download.
      await options.getByText("No terms: guests are not asked to accept any.").waitFor();
      await page
        .getByTestId("terms-file")
        .setInputFiles({ name: "terms.pdf", mimeType: "application/pdf", buffer: PDF });
      await forms.sees("The form's terms are now terms.pdf.");
      const link = options.getByRole("link", { name: "terms.pdf", exact: true });
      await link.waitFor();
      await options.getByText(`${PDF.length} bytes`, { exact: true }).waitFor();
      const download = await page.request.get(new URL((await link.getAttribute("href"))!, server.baseUrl).href);
      expect(download.status()).toBe(200);
      expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
      expect(await Form.query(db).findById(registration.id)).toMatchObject({
        termsName: "terms.pdf",
        termsSize: PDF.length,
      });
      await options.getByLabel("Replace the terms: drop a PDF here or click to choose it", { exact: true }).waitFor();
      await screenshotFor(page, `forms-options-${kind}`);

      // Read again, the options are the saved ones.
      await page.reload();
      await page.getByRole("tab", { name: "Options" }).click();
      expect(await options.getByRole("switch", { name: /^Approval required/ }).isChecked()).toBe(true);

      // The survey's statistics, from the list's menu.
      await page.goto(new URL(forms.base, server.baseUrl).href);
      await forms.button("Actions for How was it?").click();
      await page.getByRole("menuitem", { name: "Statistics" }).click();
      await forms.waitForPath(`${forms.base}/${survey.id}/statistics`);
      await page.getByRole("heading", { name: "Statistics: How was it?", level: 2 }).waitFor();
      await forms.sees("3 responses");
      await forms.sees("3 answered · Average: 3.67");
      const figures = async (caption: string) =>
        page
          .getByRole("table", { name: caption })
          .getByRole("row")
          .evaluateAll((rows) => rows.map((row) => row.textContent?.trim()));
      expect(await figures("Your rating")).toEqual(["ValueGuests", "21", "41", "51"]);
      expect(await figures("Would you come again?")).toEqual(["AnswerGuests", "Yes2", "No0"]);
      const dietFigures = page.getByRole("region", { name: "Diet" });
      await dietFigures.getByText("2 answered", { exact: true }).waitFor();
      expect(await dietFigures.getByRole("table").count()).toBe(0);
      await screenshotFor(page, `forms-statistics-${kind}`);

      // The builder has the same way to the statistics, and back.
      await page.getByRole("link", { name: "Back to the form" }).click();
      await forms.waitForPath(`${forms.base}/${survey.id}`);
      await page.getByRole("link", { name: "Statistics" }).click();
      await forms.waitForPath(`${forms.base}/${survey.id}/statistics`);
      await page.setViewportSize({ width: 390, height: 844 });
      await forms.sees("3 responses");
      await screenshotFor(page, `forms-statistics-phone-${kind}`);
      await page.goto(new URL(`${forms.base}/${registration.id}`, server.baseUrl).href);
      await page.getByRole("tab", { name: "Options" }).click();
      await options.getByRole("link", { name: "terms.pdf", exact: true }).waitFor();
      await screenshotFor(page, `forms-options-phone-${kind}`);
    });
    await context.close();
  });
});

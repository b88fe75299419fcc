import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { Guest } from "../../api/src/models/Guest.ts";
import { GuestFile } from "../../api/src/models/GuestFile.ts";
import { createGuestSession } from "../../api/src/services/portal/guestSessions.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { useE2eEnvironment } from "../helpers/e2e.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount } from "../helpers/factories.ts";
import { buildForm } from "../helpers/forms.ts";
import { buildCustomField, buildGuest } from "../helpers/guests.ts";
import { PDF } from "../helpers/zipFixtures.ts";

const en = resources.en.web;
const enValidation = resources.en.validation;

/**
 * In their member area, a guest answers a satisfaction survey whose file question is required: refused
 * without a file, then a PDF uploaded at once for the survey and sent; the file is the guest's. They add a
 * companion with a file for the companion form's file question: the file is the companion's, shown as the
 * current one when the companion is changed, and kept.
 */
describe.skipIf(!shouldRunE2e())("a guest uploads files for a survey and a companion in the member area", () => {
  const e2e = useE2eEnvironment();

  it("answers a survey's required file question and adds a companion with a file", async () => {
    const { server, browser } = e2e;
    const account = await buildAccount(server.db);
    const event = await buildEvent(server.db, account.id, { name: "Salon du livre", maxCompanions: 1 });
    const certificate = await buildCustomField(server.db, event, {
      name: "Certificate",
      label: "Your certificate",
      type: "file",
      isRequired: true,
    });
    const ticket = await buildCustomField(server.db, event, {
      name: "Ticket",
      label: "Companion's ticket",
      type: "file",
    });
    await buildForm(server.db, event, {
      type: "survey",
      title: "Your feedback",
      items: [{ kind: "question", id: "q-certificate", fieldId: certificate.id }],
    });
    const companionForm = await buildForm(server.db, event, {
      type: "companion",
      title: "Companion",
      items: [{ kind: "question", id: "q-ticket", fieldId: ticket.id }],
    });
    await buildForm(server.db, event, {
      items: [{ kind: "companions", id: "companions", title: "Companions", companionFormId: companionForm.id }],
    });
    const guest = await buildGuest(server.db, event, {
      firstName: "Iris",
      lastName: "Durand",
      email: "iris.portal@example.org",
      status: "confirmed",
    });
    const { token } = await createGuestSession(server.db, guest, new Date());

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-GB" });
    await context.addCookies([{ name: "tessera_guest", value: token, url: server.baseUrl }]);
    const page = await context.newPage();
    const choose = async (question: ReturnType<typeof page.getByTestId>, name: string) => {
      const chooser = page.waitForEvent("filechooser");
      await question.getByTestId("choose-file").click();
      await (await chooser).setFiles({ name, mimeType: "application/pdf", buffer: PDF });
      await expect.poll(() => question.getByTestId("uploaded-file").textContent()).toContain(name);
    };

    await screenshotOnFailure(page, "portal-uploads", async () => {
      await page.goto(`${server.baseUrl}/en/${event.slug}/portal/me`);
      await page.getByTestId("registration-status").waitFor();

      // The survey: its required file question refused without a file, then answered with one.
      const answerLabel = en.public.me.answerSurveyLabel.replace("{{title}}", "Your feedback");
      await page.getByRole("button", { name: answerLabel, exact: true }).click();
      const survey = page.getByTestId("survey-form");
      await survey.waitFor();
      const certificateQuestion = survey.getByTestId(`file-question-${certificate.id}`);
      await survey.getByRole("button", { name: en.public.me.sendSurvey, exact: true }).click();
      await certificateQuestion.getByText(enValidation.required, { exact: true }).waitFor();
      await choose(certificateQuestion, "certificate.pdf");
      await survey.getByRole("button", { name: en.public.me.sendSurvey, exact: true }).click();
      await survey.waitFor({ state: "detached" });
      await page.getByText(en.public.me.surveySent.replace("{{title}}", "Your feedback")).waitFor();

      // A companion with a file.
      await page.getByRole("button", { name: en.public.me.addCompanion, exact: true }).click();
      const companion = page.getByTestId("companion-form");
      await companion.waitFor();
      await companion.getByRole("textbox", { name: en.fields.firstName, exact: true }).fill("Paul");
      await companion.getByRole("textbox", { name: en.fields.lastName, exact: true }).fill("Durand");
      await choose(companion.getByTestId(`file-question-${ticket.id}`), "ticket.pdf");
      await companion.getByRole("button", { name: en.public.me.saveCompanion, exact: true }).click();
      await companion.waitFor({ state: "detached" });

      // Changed, the companion's file is shown as the current one and kept.
      await page
        .getByRole("button", { name: en.public.me.editCompanionLabel.replace("{{name}}", "Paul Durand") })
        .click();
      await companion.waitFor();
      const ticketQuestion = companion.getByTestId(`file-question-${ticket.id}`);
      await expect.poll(() => ticketQuestion.getByTestId("current-file").textContent()).toContain("ticket.pdf");
      await companion.getByRole("textbox", { name: en.fields.firstName, exact: true }).fill("Pablo");
      await companion.getByRole("button", { name: en.public.me.saveCompanion, exact: true }).click();
      await companion.waitFor({ state: "detached" });
      await page.getByText(en.public.me.companionSaved.replace("{{name}}", "Pablo Durand")).first().waitFor();
    });

    const answered = await Guest.query(server.db).findById(guest.id);
    const guestFiles = await GuestFile.query(server.db).where({ guestId: guest.id });
    expect(guestFiles).toEqual([expect.objectContaining({ customFieldId: certificate.id, name: "certificate.pdf" })]);
    expect(answered?.answers[certificate.id]).toEqual({
      fileId: guestFiles[0]!.id,
      name: "certificate.pdf",
      size: PDF.length,
    });
    const added = await Guest.query(server.db).findOne({ eventId: event.id, godfatherId: guest.id });
    const companionFiles = await GuestFile.query(server.db).where({ guestId: added!.id });
    expect(companionFiles).toEqual([expect.objectContaining({ customFieldId: ticket.id, name: "ticket.pdf" })]);
    expect(added?.firstName).toBe("Pablo");
    expect(added?.answers[ticket.id]).toEqual({ fileId: companionFiles[0]!.id, name: "ticket.pdf", size: PDF.length });
    await context.close();
  });
});

import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { GuestFile } from "../../api/src/models/GuestFile.ts";
import { Guest } from "../../api/src/models/Guest.ts";
import { createGuestSession } from "../../api/src/services/portal/guestSessions.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { useE2eEnvironment } from "../helpers/e2e.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount } from "../helpers/factories.ts";
import { buildCustomField } from "../helpers/guests.ts";
import { PDF } from "../helpers/zipFixtures.ts";
import { GuestPages } from "./pages/GuestPages.ts";
import { buildForm } from "../helpers/forms.ts";

const en = resources.en.web;
const enValidation = resources.en.validation;
const enErrors = resources.en.errors;

/**
 * A guest registers through a form with a required file question: sending without a file is refused at
 * the question, a file of a type the API does not take is refused there in the page's language, a PDF is
 * uploaded at once (named with its size), replaced and removed, then uploaded again and the guest registers;
 * the file is the guest's answer. In their member area, the edit form shows it as the current file, and the
 * answers are saved without sending it again (the same file kept).
 */
describe.skipIf(!shouldRunE2e())("a guest uploads a file for a required file question and registers", () => {
  const e2e = useE2eEnvironment();

  it("uploads a PDF at once, shows refusals at the question, and registers with it", async () => {
    const { server, browser } = e2e;
    const account = await buildAccount(server.db);
    const event = await buildEvent(server.db, account.id, { name: "Forum des métiers", languages: ["en", "fr"] });
    const resume = await buildCustomField(server.db, event, {
      name: "Resume",
      label: "Your resume",
      type: "file",
      isRequired: true,
    });
    const form = await buildForm(server.db, event, {
      title: "Apply",
      items: [{ kind: "question", id: "q-resume", fieldId: resume.id }],
    } as never);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-GB" });
    const page = await context.newPage();
    const guest = new GuestPages(page, server.baseUrl);
    const question = page.getByTestId(`file-question-${resume.id}`);
    const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent("filechooser");
      await question.getByTestId("choose-file").click();
      await (await chooser).setFiles(file);
    };
    await screenshotOnFailure(page, "guest-registration-upload", async () => {
      await guest.open(`/en/${event.slug}/forms/view/${form.id}`);
      await guest.heading("Apply").waitFor();
      await guest.textbox(en.fields.firstName).fill("Iris");
      await guest.textbox(en.fields.lastName).fill("Durand");
      await guest.textbox(en.fields.email).fill("iris.durand@example.org");

      // No file yet: the required question is refused at its place.
      await guest.button(en.public.form.submit).click();
      await question.getByText(enValidation.required, { exact: true }).waitFor();

      // A text file is not a type the API takes: its refusal shows at the question.
      await choose({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just some notes\n") });
      await question.getByText(enErrors.unsupported_file_type, { exact: true }).waitFor();

      // A PDF is sent at once and named; it can be replaced and removed.
      await choose({ name: "resume.pdf", mimeType: "application/pdf", buffer: PDF });
      await expect.poll(() => question.getByTestId("uploaded-file").textContent()).toContain("resume.pdf");
      await choose({ name: "resume-2027.pdf", mimeType: "application/pdf", buffer: PDF });
      await expect.poll(() => question.getByTestId("uploaded-file").textContent()).toContain("resume-2027.pdf");
      await question.getByTestId("remove-file").click();
      await question.getByTestId("uploaded-file").waitFor({ state: "detached" });
      await choose({ name: "resume.pdf", mimeType: "application/pdf", buffer: PDF });
      await question.getByTestId("uploaded-file").waitFor();

      await guest.button(en.public.form.submit).click();
      await page.getByTestId("registration-done").waitFor();
    });

    const registered = await Guest.query(server.db).findOne({
      eventId: event.id,
      emailNormalized: "iris.durand@example.org",
    });
    expect(registered?.answers[resume.id]).toEqual({
      fileId: expect.any(String),
      name: "resume.pdf",
      size: PDF.length,
    });
    const files = await GuestFile.query(server.db).where({ guestId: registered!.id });
    expect(files).toHaveLength(1);

    await screenshotOnFailure(page, "guest-registration-upload-portal", async () => {
      const { token } = await createGuestSession(server.db, registered!, new Date());
      await context.addCookies([{ name: "tessera_guest", value: token, url: server.baseUrl }]);
      await guest.open(`/en/${event.slug}/portal/me`);
      await guest.button(en.public.me.edit).click();
      await guest.heading(en.public.me.editTitle).waitFor();
      await expect.poll(() => question.getByTestId("current-file").textContent()).toContain("resume.pdf");
      await guest.textbox(en.fields.lastName).fill("Durand-Roy");
      await guest.button(en.public.me.save).click();
      await page.getByRole("status").getByText(en.public.me.saved, { exact: true }).waitFor();
    });
    const changed = (await Guest.query(server.db).findById(registered!.id))!;
    expect(changed.lastName).toBe("Durand-Roy");
    expect(changed.answers[resume.id]).toEqual(registered!.answers[resume.id]);
    expect((await GuestFile.query(server.db).where({ guestId: registered!.id })).map((file) => file.id)).toEqual([
      files[0]!.id,
    ]);
    await context.close();
  });
});

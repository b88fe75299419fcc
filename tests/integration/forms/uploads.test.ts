import { describe, expect, it } from "vitest";
import { GuestFile } from "../../../api/src/models/GuestFile.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField } from "../../helpers/guests.ts";
import { postMultipart } from "../../helpers/uploads.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { PDF } from "../../helpers/zipFixtures.ts";
import { buildForm } from "../../helpers/forms.ts";

/**
 * A guest uploads a file for a form's file question (spec §7 uploadFile: type judged from the content),
 * then sends the form with the upload's id and key as the answer: the file becomes the new guest's, once;
 * a wrong key, another form's question or a file that is not a document is refused.
 */
describe.each(databaseKinds())("files uploaded with a form on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const cv = await buildCustomField(db, event, { label: "Your CV", type: "file", isRequired: true });
    const notes = await buildCustomField(db, event, { label: "Notes" });
    const form = await buildForm(db, event, {
      title: "Apply",
      items: [
        { kind: "question", id: "cv", fieldId: cv.id },
        { kind: "question", id: "notes", fieldId: notes.id },
      ],
    });
    const upload = (bytes: Uint8Array, fieldId = cv.id, fileName = "cv.pdf") =>
      postMultipart(suite.server.baseUrl, `/${event.slug}/forms/uploadFile`, {
        fields: { formId: form.id, customFieldId: fieldId },
        files: [{ bytes, fileName, contentType: "application/pdf" }],
      });
    const send = (mail: string, answer: unknown) =>
      suite.server.http.post(`/en/${event.slug}/forms/sendForm/${form.id}`, {
        formId: form.id,
        mail,
        items: { firstName: "Ada", lastName: "Lovelace", answers: { [cv.id]: answer } },
      });
    return { db, event, cv, notes, form, upload, send };
  }

  it("makes an uploaded file the answer of the guest who sends the form, once", async () => {
    const { db, event, cv, upload, send } = await setUp();
    const uploaded = await upload(PDF, cv.id, "Mon CV.exe");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const { uploadId, uploadKey } = uploaded.body as { uploadId: string; uploadKey: string };
    expect(uploaded.body).toMatchObject({ name: "Mon CV.pdf", size: PDF.length });

    const sent = await send("ada@example.org", { uploadId, uploadKey });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const guest = await db("guests").where({ eventId: event.id }).first();
    const answers = typeof guest.answers === "string" ? JSON.parse(guest.answers) : guest.answers;
    const files = await GuestFile.query(db).where({ guestId: guest.id });
    expect(files).toHaveLength(1);
    expect(answers[cv.id]).toEqual({ fileId: files[0]!.id, name: "Mon CV.pdf", size: PDF.length });
    expect(await db("formUploads").where({ id: uploadId }).first()).toBeUndefined();

    const again = await send("bob@example.org", { uploadId, uploadKey });
    expect(again.status).toBe(422);
  });

  it("refuses a wrong key, another question, a file that is not a document, and a required file not sent", async () => {
    const { notes, upload, send } = await setUp();
    const uploaded = (await upload(PDF)).body as { uploadId: string; uploadKey: string };
    const wrongKey = await send("ada@example.org", { uploadId: uploaded.uploadId, uploadKey: "tsu_guessed" });
    expect(wrongKey.status).toBe(422);
    expect((await upload(PDF, notes.id)).status).toBe(422);
    const binary = await upload(new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 1, 2, 3, 4]), undefined, "cv.pdf");
    expect(binary.status).toBe(422);
    expect((binary.body as { error: { code: string } }).error.code).toBe("unsupported_file_type");
    const missing = await send("ada@example.org", undefined);
    expect(missing.status).toBe(422);
  });
});

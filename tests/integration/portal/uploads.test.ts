import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Form } from "../../../api/src/models/Form.ts";
import { GuestFile } from "../../../api/src/models/GuestFile.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { buildForm } from "../../helpers/forms.ts";
import { postMultipart } from "../../helpers/uploads.ts";
import { PDF } from "../../helpers/zipFixtures.ts";

type Upload = { uploadId: string; uploadKey: string; name: string; size: number };

/**
 * File questions of the forms answered in the guest portal (issue 11): a satisfaction survey's and the
 * companion form's files are uploaded as the registration form's are (POST {event}/forms/uploadFile, naming
 * that form), then sent as `{ uploadId, uploadKey }`: a survey's file becomes the answering guest's, a
 * companion's the companion's. An upload answers its own form only, and a file question takes nothing else.
 */
describe.each(databaseKinds())("files of surveys and companion forms on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { maxCompanions: 2 });
    // One file question asked by every form: only the form an upload names tells them apart.
    const proof = await buildCustomField(db, event, { label: "Your certificate", type: "file", isRequired: true });
    const comment = await buildCustomField(db, event, { label: "Comment" });
    const photo = await buildCustomField(db, event, { label: "A photo", type: "file" });
    const survey = await buildForm(db, event, {
      type: "survey",
      title: "How was it?",
      items: [
        { kind: "question", id: "proof", fieldId: proof.id },
        { kind: "question", id: "comment", fieldId: comment.id },
      ],
    });
    const companionForm = await buildForm(db, event, {
      type: "companion",
      title: "Your companion",
      items: [
        { kind: "question", id: "proof", fieldId: proof.id },
        { kind: "question", id: "photo", fieldId: photo.id },
      ],
    });
    const registration = await buildForm(db, event, {
      type: "registration",
      title: "Register",
      items: [
        { kind: "question", id: "proof", fieldId: proof.id },
        { kind: "companions", id: "companions", title: "Companions", companionFormId: companionForm.id },
      ],
    });
    const upload = (formId: string, fieldId = proof.id, fileName = "certificate.pdf") =>
      postMultipart(suite.server.baseUrl, `/${event.slug}/forms/uploadFile`, {
        fields: { formId, customFieldId: fieldId },
        files: [{ bytes: PDF, fileName, contentType: "application/pdf" }],
      });
    const uploaded = async (formId: string, fileName?: string, fieldId = proof.id) => {
      const response = await upload(formId, fieldId, fileName);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body as Upload;
    };
    const reference = ({ uploadId, uploadKey }: Upload) => ({ uploadId, uploadKey });
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    const guest = await buildGuest(db, event, {
      email: `ada.${event.id.slice(0, 6)}@example.org`,
      status: "confirmed",
    });
    const client = await signedInGuestClient(suite.server, portal, guest.email!);
    const answersOf = async (guestId: string) => {
      const row = await db("guests").where({ id: guestId }).first();
      return (typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers) as Record<string, unknown>;
    };
    return {
      db,
      event,
      proof,
      photo,
      comment,
      survey,
      companionForm,
      registration,
      upload,
      uploaded,
      reference,
      portal,
      guest,
      client,
      answersOf,
    };
  }

  it("answers a survey's required file question with a file uploaded for it, which becomes the guest's", async () => {
    const { db, proof, comment, survey, uploaded, reference, portal, guest, client, answersOf } = await setUp();
    const answer = (answers: Record<string, unknown>) => client.post(`${portal}/surveys/${survey.id}`, { answers });

    const missing = await answer({ [comment.id]: "Great" });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual([expect.objectContaining({ field: `answers.${proof.id}` })]);
    // A file answer's stored shape names no upload: refused, whatever file it names.
    const forged = await answer({ [proof.id]: { fileId: randomUUID(), name: "x.pdf", size: 10 } });
    expect(forged.status).toBe(422);
    expect(forged.body.error.details).toEqual([expect.objectContaining({ field: `answers.${proof.id}` })]);

    const file = await uploaded(survey.id, "Mon certificat.pdf");
    expect(file).toMatchObject({ name: "Mon certificat.pdf", size: PDF.length });
    const sent = await answer({ [proof.id]: reference(file), [comment.id]: "Great" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    const files = await GuestFile.query(db).where({ guestId: guest.id });
    expect(files).toEqual([
      expect.objectContaining({ customFieldId: proof.id, name: "Mon certificat.pdf", size: PDF.length }),
    ]);
    expect((await answersOf(guest.id))[proof.id]).toEqual({
      fileId: files[0]!.id,
      name: "Mon certificat.pdf",
      size: PDF.length,
    });
    expect(await db("formUploads").where({ id: file.uploadId }).first()).toBeUndefined();
    // The file of a survey answered is the guest's, as the organizer reads it.
    const stored = await db("guestFiles").where({ id: files[0]!.id }).first();
    expect(stored.guestId).toBe(guest.id);
  });

  it("adds a companion with files uploaded for the companion form, keeps, removes and replaces them", async () => {
    const { db, proof, photo, companionForm, uploaded, reference, portal, guest, client, answersOf } = await setUp();
    const companion = (answers: Record<string, unknown>, firstName = "Byron") => ({
      firstName,
      lastName: "Lovelace",
      answers,
    });
    expect((await client.post(`${portal}/companions`, companion({}))).status).toBe(422);

    const passport = await uploaded(companionForm.id, "passport.pdf");
    const picture = await uploaded(companionForm.id, "photo.pdf", photo.id);
    const added = await client.post(
      `${portal}/companions`,
      companion({ [proof.id]: reference(passport), [photo.id]: reference(picture) }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const companionId = added.body.id as string;
    const companionFiles = () => GuestFile.query(db).where({ guestId: companionId }).orderBy("name");
    const [passportFile, photoFile] = await companionFiles();
    expect(passportFile).toMatchObject({ customFieldId: proof.id, name: "passport.pdf", guestId: companionId });
    expect(photoFile).toMatchObject({ customFieldId: photo.id, name: "photo.pdf", guestId: companionId });
    expect(added.body.answers[proof.id]).toEqual({ fileId: passportFile!.id, name: "passport.pdf", size: PDF.length });
    // The companion's files, not the guest's.
    expect(await GuestFile.query(db).where({ guestId: guest.id })).toEqual([]);
    // A new companion keeps no file: none is theirs yet.
    const keptByNew = await client.post(`${portal}/companions`, companion({ [proof.id]: { keep: passportFile!.id } }));
    expect(keptByNew.status).toBe(422);

    // Renamed: the required question's file kept by its id, the optional one's removed (null).
    const edit = (answers: Record<string, unknown>) =>
      client.post(`${portal}/companions/${companionId}`, companion(answers, "George"));
    expect((await edit({})).status).toBe(422);
    expect((await edit({ [proof.id]: { keep: photoFile!.id } })).status).toBe(422);
    const renamed = await edit({ [proof.id]: { keep: passportFile!.id }, [photo.id]: null });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.firstName).toBe("George");
    expect(renamed.body.answers[proof.id]).toEqual({
      fileId: passportFile!.id,
      name: "passport.pdf",
      size: PDF.length,
    });
    expect(renamed.body.answers).not.toHaveProperty(photo.id);
    expect((await companionFiles()).map((file) => file.id)).toEqual([passportFile!.id]);

    // Another file replaces it.
    const visa = await uploaded(companionForm.id, "visa.pdf");
    const replaced = await edit({ [proof.id]: reference(visa) });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const files = await companionFiles();
    expect(files).toEqual([expect.objectContaining({ name: "visa.pdf" })]);
    expect((await answersOf(companionId))[proof.id]).toEqual({
      fileId: files[0]!.id,
      name: "visa.pdf",
      size: PDF.length,
    });
    expect(await db("guestFiles").where({ id: passportFile!.id }).first()).toBeUndefined();
  });

  it("takes an upload in the answers of the form it was uploaded for only", async () => {
    const {
      db,
      event,
      proof,
      comment,
      survey,
      companionForm,
      registration,
      upload,
      uploaded,
      reference,
      portal,
      client,
    } = await setUp();
    const forRegistration = await uploaded(registration.id);
    const forSurvey = await uploaded(survey.id);
    const forCompanion = await uploaded(companionForm.id);
    const refusedAt = (response: { status: number; body: { error: { details: unknown } } }) => {
      expect(response.status).toBe(422);
      expect(response.body.error.details).toEqual([expect.objectContaining({ field: `answers.${proof.id}` })]);
    };

    refusedAt(
      await client.post(`${portal}/surveys/${survey.id}`, { answers: { [proof.id]: reference(forRegistration) } }),
    );
    refusedAt(
      await client.post(`${portal}/surveys/${survey.id}`, { answers: { [proof.id]: reference(forCompanion) } }),
    );
    refusedAt(
      await client.post(`${portal}/companions`, {
        firstName: "Byron",
        lastName: "Lovelace",
        answers: { [proof.id]: reference(forSurvey) },
      }),
    );
    const registered = await suite.server.http.post(`/en/${event.slug}/forms/sendForm/${registration.id}`, {
      formId: registration.id,
      mail: `bob.${event.id.slice(0, 6)}@example.org`,
      items: { firstName: "Bob", lastName: "Guest", answers: { [proof.id]: reference(forSurvey) } },
    });
    expect(registered.status).toBe(422);
    expect(await db("guestFiles").where({ eventId: event.id })).toEqual([]);

    // Each still answers its own form.
    const answered = await client.post(`${portal}/surveys/${survey.id}`, {
      answers: { [proof.id]: reference(forSurvey) },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);

    // Only a file question of the form, of an online form.
    expect((await upload(survey.id, comment.id)).status).toBe(422);
    await Form.query(db).patch({ state: "draft" }).where({ id: companionForm.id });
    expect((await upload(companionForm.id)).status).toBe(404);
    expect((await upload(randomUUID())).status).toBe(404);
  });
});

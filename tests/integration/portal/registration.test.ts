import { describe, expect, it } from "vitest";
import { GuestFile } from "../../../api/src/models/GuestFile.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { postMultipart } from "../../helpers/uploads.ts";
import { PDF } from "../../helpers/zipFixtures.ts";
import { buildForm, buildWorkshopField } from "../../helpers/forms.ts";

/**
 * In their portal, a guest reads their registration, changes their answers through the form (its rules,
 * its quotas: their own place kept, even when the event is full) and cancels, which frees their places. A
 * file question answered already is kept without sending the file again, only by its guest.
 */
describe.each(databaseKinds())("the guest's registration in the portal on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const workshop = await buildWorkshopField(db, event, { morningQuota: 1, isRequired: true });
    const form = await buildForm(db, event, {
      items: [{ kind: "question", id: "q", fieldId: workshop.id }],
    });
    const register = (mail: string, choice: string) =>
      suite.server.http.post(`/en/${event.slug}/forms/sendForm/${form.id}`, {
        formId: form.id,
        mail,
        items: { firstName: "Ada", lastName: "Lovelace", answers: { [workshop.id]: choice } },
      });
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    return { event, workshop, form, register, portal };
  }

  it("reads, changes and cancels the registration, keeping the guest's own place and then freeing it", async () => {
    const { workshop, form, register, portal } = await setUp();
    expect((await register("ada@example.org", "am")).status).toBe(201);
    const ada = await signedInGuestClient(suite.server, portal, "ada@example.org");

    const mine = await ada.get(`${portal}/registration`);
    expect(mine.body).toEqual({
      formId: form.id,
      status: "confirmed",
      firstName: "Ada",
      lastName: "Lovelace",
      listedConsent: false,
      answers: { [workshop.id]: "am" },
      canEdit: true,
      cannotEditReason: null,
    });
    // The last morning place is Ada's: she keeps it when she saves again.
    const kept = await ada.post(`${portal}/registration`, {
      firstName: "Ada",
      lastName: "King",
      answers: { [workshop.id]: "am" },
    });
    expect(kept.status).toBe(200);
    expect((await ada.get(`${portal}/registration`)).body.lastName).toBe("King");
    expect((await register("bob@example.org", "am")).status).toBe(409);

    const required = await ada.post(`${portal}/registration`, { firstName: "Ada", lastName: "King", answers: {} });
    expect(required.status).toBe(422);

    const cancelled = await ada.post(`${portal}/unregister`);
    expect(cancelled.body.status).toBe("cancelled");
    expect((await register("bob@example.org", "am")).status).toBe(201);
  });

  it("lets a guest who has their place change their answers when the event is full, not one who has none", async () => {
    const { event, workshop, form, register, portal } = await setUp();
    const { db } = suite.server;
    expect((await register("ada@example.org", "pm")).status).toBe(201);
    await db("events").where({ id: event.id }).update({ maxAttendees: 1 });
    const invited = await buildGuest(db, event, { email: "ivy@example.org", status: "unanswered" });
    expect(invited.status).toBe("unanswered");
    // The public form says it is full and closed; Ada keeps her place and may still change her answers.
    const view = await suite.server.http.get(`/api/v1/public/events/${event.slug}/forms/${form.id}`);
    expect(view.body.isOpen).toBe(false);
    const ada = await signedInGuestClient(suite.server, portal, "ada@example.org");
    expect((await ada.get(`${portal}/registration`)).body).toMatchObject({ canEdit: true, cannotEditReason: null });
    const changed = await ada.post(`${portal}/registration`, {
      firstName: "Ada",
      lastName: "King",
      answers: { [workshop.id]: "am" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await ada.get(`${portal}/registration`)).body.answers).toEqual({ [workshop.id]: "am" });
    // Ivy, invited but not attending, has no place to keep.
    const ivy = await signedInGuestClient(suite.server, portal, "ivy@example.org");
    expect((await ivy.get(`${portal}/registration`)).body).toMatchObject({ canEdit: false, cannotEditReason: "full" });
    const refused = await ivy.post(`${portal}/registration`, {
      firstName: "Ivy",
      lastName: "Guest",
      answers: { [workshop.id]: "pm" },
    });
    expect(refused.status).toBe(409);
    // Once cancelled, the answers are not changed here (the guest registers again through the form).
    await ada.post(`${portal}/unregister`);
    expect((await ada.get(`${portal}/registration`)).body).toMatchObject({
      canEdit: false,
      cannotEditReason: "cancelled",
    });
  });

  it("keeps a file answered already without a new upload, only the guest's own, and removes an optional one", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const cv = await buildCustomField(db, event, { label: "Your CV", type: "file", isRequired: true });
    const letter = await buildCustomField(db, event, { label: "A letter", type: "file" });
    const form = await buildForm(db, event, {
      title: "Apply",
      items: [
        { kind: "question", id: "cv", fieldId: cv.id },
        { kind: "question", id: "letter", fieldId: letter.id },
      ],
    });
    const upload = async (fieldId: string, fileName: string) =>
      (
        await postMultipart(suite.server.baseUrl, `/${event.slug}/forms/uploadFile`, {
          fields: { formId: form.id, customFieldId: fieldId },
          files: [{ bytes: PDF, fileName, contentType: "application/pdf" }],
        })
      ).body as { uploadId: string; uploadKey: string };
    const send = (mail: string, answers: Record<string, unknown>) =>
      suite.server.http.post(`/en/${event.slug}/forms/sendForm/${form.id}`, {
        formId: form.id,
        mail,
        items: { firstName: "Ada", lastName: "Lovelace", answers },
      });
    const guestOf = (mail: string) => db("guests").where({ eventId: event.id, emailNormalized: mail }).first();
    const answersOf = async (mail: string) => {
      const row = await guestOf(mail);
      return (typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers) as Record<string, unknown>;
    };
    const registered = await send("ada@example.org", {
      [cv.id]: await upload(cv.id, "cv.pdf"),
      [letter.id]: await upload(letter.id, "letter.pdf"),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect((await send("bob@example.org", { [cv.id]: await upload(cv.id, "bob.pdf") })).status).toBe(201);
    const adaId = (await guestOf("ada@example.org")).id as string;
    const adaFile = (await GuestFile.query(db).findOne({ guestId: adaId, customFieldId: cv.id }))!;
    const bobFile = (await GuestFile.query(db).findOne({ guestId: (await guestOf("bob@example.org")).id }))!;

    // The portal shows the stored file answer.
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    const ada = await signedInGuestClient(suite.server, portal, "ada@example.org");
    const mine = await ada.get(`${portal}/registration`);
    expect(mine.body.answers[cv.id]).toEqual({ fileId: adaFile.id, name: "cv.pdf", size: PDF.length });
    const change = (answers: Record<string, unknown>) =>
      ada.post(`${portal}/registration`, { firstName: "Ada", lastName: "King", answers });

    // Kept: the required question is answered, the file row is the same.
    const kept = await change({ [cv.id]: { keep: adaFile.id } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await answersOf("ada@example.org"))[cv.id]).toEqual({
      fileId: adaFile.id,
      name: "cv.pdf",
      size: PDF.length,
    });
    expect(await GuestFile.query(db).where({ guestId: adaId }).orderBy("name")).toMatchObject([
      { id: adaFile.id, customFieldId: cv.id },
      { customFieldId: letter.id },
    ]);
    expect((await change({})).status).toBe(422);
    // Another guest's file, or the guest's own of another question: refused at the question.
    const foreign = await change({ [cv.id]: { keep: bobFile.id } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.details[0].field).toBe(`answers.${cv.id}`);
    const letterFile = (await GuestFile.query(db).findOne({ guestId: adaId, customFieldId: letter.id }))!;
    expect((await change({ [cv.id]: { keep: letterFile.id } })).status).toBe(422);
    expect((await change({ [cv.id]: { keep: "not-a-file" } })).status).toBe(422);

    // Without signing in, no file is kept: not by naming it, nor in its stored shape, not even with the email.
    const stored = { fileId: bobFile.id, name: bobFile.name, size: bobFile.size };
    expect((await send("eve@example.org", { [cv.id]: { keep: bobFile.id } })).status).toBe(422);
    expect((await send("eve@example.org", { [cv.id]: stored })).status).toBe(422);
    expect((await send("bob@example.org", { [cv.id]: { keep: bobFile.id } })).status).toBe(422);
    expect(await guestOf("eve@example.org")).toBeUndefined();

    // The optional letter removed (null): its answer and file go; the CV kept.
    const removed = await change({ [cv.id]: { keep: adaFile.id }, [letter.id]: null });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(Object.keys(await answersOf("ada@example.org"))).toEqual([cv.id]);
    expect((await GuestFile.query(db).where({ guestId: adaId })).map((file) => file.id)).toEqual([adaFile.id]);
  });

  it("answers 401 without a guest session", async () => {
    const { portal } = await setUp();
    expect((await suite.server.http.get(`${portal}/registration`)).status).toBe(401);
    expect((await suite.server.http.post(`${portal}/unregister`)).status).toBe(401);
  });
});

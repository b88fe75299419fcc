import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Form } from "../../../api/src/models/Form.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { buildForm, buildWorkshopField } from "../../helpers/forms.ts";

/**
 * In their portal, a guest adds, changes and removes their companions, within the event's maximum, each
 * answering the companion form the registration form names; another guest's companions are not theirs.
 * Unregistering cancels them too (their places freed for those waiting), after which companions can no
 * longer be added, changed or removed; registering again brings none back.
 */
describe.each(databaseKinds())("companions in the guest portal on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { maxCompanions: 2 });
    const diet = await buildCustomField(db, event, { label: "Diet", isRequired: true });
    const companionForm = await buildForm(db, event, {
      type: "companion",
      title: "Your companion",
      items: [{ kind: "question", id: "diet", fieldId: diet.id }],
    });
    await buildForm(db, event, {
      type: "registration",
      title: "Register",
      items: [
        { kind: "participation", id: "attend", title: "Will you attend?" },
        { kind: "companions", id: "companions", title: "Companions", companionFormId: companionForm.id },
      ],
    });
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    return { db, event, diet, portal };
  }

  it("adds companions within the event's maximum, with the companion form's answers, changes and removes them", async () => {
    const { db, event, diet, portal } = await setUp();
    const ada = await buildGuest(db, event, { email: `ada.${event.id.slice(0, 6)}@example.org`, status: "confirmed" });
    const client = await signedInGuestClient(suite.server, portal, ada.email!);
    // The companion form's questions, as the guest answers them for a companion.
    const companionForm = await client.get(`${portal}/companion-form`);
    expect(companionForm.status).toBe(200);
    expect(companionForm.body).toMatchObject({ type: "companion", title: "Your companion" });
    expect(companionForm.body.fields).toMatchObject([{ id: diet.id, label: "Diet", isRequired: true }]);
    const companion = (firstName: string, answers: Record<string, unknown> = { [diet.id]: "none" }) => ({
      firstName,
      lastName: "Lovelace",
      answers,
    });
    const missing = await client.post(`${portal}/companions`, companion("Byron", {}), { lang: "fr" });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details[0].message).toBe("Ce champ est obligatoire.");

    const first = await client.post(`${portal}/companions`, companion("Byron"));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ firstName: "Byron", status: "confirmed", answers: { [diet.id]: "none" } });
    expect((await client.post(`${portal}/companions`, companion("Anne"))).status).toBe(201);
    const third = await client.post(`${portal}/companions`, companion("Mary"));
    expect(third.status).toBe(422);
    expect(third.body.error.details[0].code).toBe("companions_too_many");

    const listed = await client.get(`${portal}/companions`);
    expect(listed.body.max).toBe(2);
    expect(listed.body.data.map((one: { firstName: string }) => one.firstName)).toEqual(["Byron", "Anne"]);
    const renamed = await client.post(`${portal}/companions/${first.body.id}`, companion("George"));
    expect(renamed.body.firstName).toBe("George");

    const other = await buildGuest(db, event, {
      email: `bob.${event.id.slice(0, 6)}@example.org`,
      status: "confirmed",
    });
    const bob = await signedInGuestClient(suite.server, portal, other.email!);
    expect((await bob.delete(`${portal}/companions/${first.body.id}`)).status).toBe(404);

    expect((await client.delete(`${portal}/companions/${first.body.id}`)).status).toBe(200);
    expect((await client.get(`${portal}/companions`)).body.data).toHaveLength(1);
    const removed = await db("guests").where({ id: first.body.id }).first();
    expect(removed.status).toBe("cancelled");
  });

  it("cancels the companions with the guest's registration, frees their places, and refuses companions after", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { maxCompanions: 3 });
    const workshop = await buildWorkshopField(db, event, { morningQuota: 1 });
    const companionForm = await buildForm(db, event, {
      type: "companion",
      title: "Your companion",
      items: [{ kind: "question", id: "workshop", fieldId: workshop.id }],
    });
    const form = await buildForm(db, event, {
      type: "registration",
      title: "Register",
      items: [
        { kind: "question", id: "workshop", fieldId: workshop.id },
        { kind: "companions", id: "companions", title: "Companions", companionFormId: companionForm.id },
      ],
    });
    const register = (mail: string, choice: string, wait = false) =>
      suite.server.http.post(`/en/${event.slug}/forms/sendForm/${form.id}`, {
        formId: form.id,
        mail,
        items: {
          firstName: mail.split("@")[0],
          lastName: "Guest",
          answers: { [workshop.id]: choice },
          ...(wait ? { waitingList: [workshop.id] } : {}),
        },
      });
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    expect((await register("ada@example.org", "pm")).status).toBe(201);
    const ada = await signedInGuestClient(suite.server, portal, "ada@example.org");
    const companion = (firstName: string, choice: string) => ({
      firstName,
      lastName: "Lovelace",
      answers: { [workshop.id]: choice },
    });
    // Byron holds the last morning place; Carol waits for it.
    const byron = await ada.post(`${portal}/companions`, companion("Byron", "am"));
    expect(byron.status).toBe(201);
    const anne = await ada.post(`${portal}/companions`, companion("Anne", "pm"));
    expect((await register("carol@example.org", "am", true)).body.waitingList).toHaveLength(1);

    const cancelled = await ada.post(`${portal}/unregister`);
    expect(cancelled.body.status).toBe("cancelled");
    for (const id of [byron.body.id, anne.body.id]) {
      expect((await db("guests").where({ id }).first()).status).toBe("cancelled");
      const audit = await AuditLog.query(db).where({ subjectId: id, action: "guest.updated" });
      expect(audit.map((entry) => entry.after?.status)).toEqual(["cancelled"]);
    }
    // Byron's place went to Carol, the first waiting for it.
    const carol = await db("guests").where({ eventId: event.id, emailNormalized: "carol@example.org" }).first();
    const carolAnswers = typeof carol.answers === "string" ? JSON.parse(carol.answers) : carol.answers;
    expect(carolAnswers[workshop.id]).toBe("am");

    // No companions to manage once unregistered: listed none, and refused with a clear message.
    expect((await ada.get(`${portal}/companions`)).body.data).toEqual([]);
    const added = await ada.post(`${portal}/companions`, companion("Mary", "pm"), { lang: "fr" });
    expect(added.status).toBe(409);
    expect(added.body.error).toMatchObject({
      code: "companions_not_attending",
      message:
        "Vous ne pouvez ajouter ou modifier des accompagnants que tant que votre inscription est confirmée ou en attente de validation.",
    });
    expect((await ada.post(`${portal}/companions/${anne.body.id}`, companion("Anne", "pm"))).status).toBe(409);
    expect((await ada.delete(`${portal}/companions/${anne.body.id}`)).status).toBe(409);

    // Registering again brings no companion back.
    expect((await register("ada@example.org", "pm")).status).toBe(201);
    expect((await ada.get(`${portal}/companions`)).body.data).toEqual([]);
    expect((await db("guests").where({ id: anne.body.id }).first()).status).toBe("cancelled");
    const again = await ada.post(`${portal}/companions`, companion("Mary", "pm"));
    expect(again.status).toBe(201);
    expect(
      (await ada.get(`${portal}/companions`)).body.data.map((one: { firstName: string }) => one.firstName),
    ).toEqual(["Mary"]);
  });

  it("gives the place of a companion the guest removes to the first guest waiting for it", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { maxCompanions: 3 });
    const workshop = await buildWorkshopField(db, event, { morningQuota: 1 });
    const companionForm = await buildForm(db, event, {
      type: "companion",
      title: "Your companion",
      items: [{ kind: "question", id: "workshop", fieldId: workshop.id }],
    });
    const form = await buildForm(db, event, {
      items: [
        { kind: "question", id: "workshop", fieldId: workshop.id },
        { kind: "companions", id: "companions", title: "Companions", companionFormId: companionForm.id },
      ],
    });
    const register = (mail: string, choice: string, wait = false) =>
      suite.server.http.post(`/en/${event.slug}/forms/sendForm/${form.id}`, {
        formId: form.id,
        mail,
        items: {
          firstName: mail.split("@")[0],
          lastName: "Guest",
          answers: { [workshop.id]: choice },
          ...(wait ? { waitingList: [workshop.id] } : {}),
        },
      });
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    expect((await register("ada@example.org", "pm")).status).toBe(201);
    const ada = await signedInGuestClient(suite.server, portal, "ada@example.org");
    // Byron holds the last morning place; Carol waits for it.
    const byron = await ada.post(`${portal}/companions`, {
      firstName: "Byron",
      lastName: "Lovelace",
      answers: { [workshop.id]: "am" },
    });
    expect(byron.status).toBe(201);
    expect((await register("carol@example.org", "am", true)).body.waitingList).toHaveLength(1);

    expect((await ada.delete(`${portal}/companions/${byron.body.id}`)).status).toBe(200);
    expect(await db("guests").where({ id: byron.body.id }).first()).toMatchObject({
      status: "cancelled",
      godfatherId: null,
    });
    const carol = await db("guests").where({ eventId: event.id, emailNormalized: "carol@example.org" }).first();
    const carolAnswers = typeof carol.answers === "string" ? JSON.parse(carol.answers) : carol.answers;
    expect(carolAnswers[workshop.id]).toBe("am");
  });

  it("has no companion form to show when the registration form names none", async () => {
    const { db, event, portal } = await setUp();
    await Form.query(db).patch({ state: "draft" }).where({ eventId: event.id, type: "companion" });
    const ada = await buildGuest(db, event, { email: `ada.${event.id.slice(0, 6)}@example.org`, status: "confirmed" });
    const client = await signedInGuestClient(suite.server, portal, ada.email!);
    const none = await client.get(`${portal}/companion-form`);
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe("form_not_set");
    expect((await suite.server.http.get(`${portal}/companion-form`)).status).toBe(401);
  });
});

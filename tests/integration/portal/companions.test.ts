import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Form } from "../../../api/src/models/Form.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * In their portal, a guest adds, changes and removes their companions, within the event's maximum, each
 * answering the companion form the registration form names; another guest's companions are not theirs.
 */
describe.each(databaseKinds())("companions in the guest portal on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { maxCompanions: 2 });
    const diet = await buildCustomField(db, event, { label: "Diet", isRequired: true });
    const base = { accountId: account.id, eventId: event.id, state: "online" as const, options: {}, createdBy: null };
    const companionForm = await Form.query(db).insertAndFetch({
      ...base,
      id: randomUUID(),
      type: "companion",
      title: "Your companion",
      items: [{ kind: "question", id: "diet", fieldId: diet.id }],
    });
    await Form.query(db).insertAndFetch({
      ...base,
      id: randomUUID(),
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

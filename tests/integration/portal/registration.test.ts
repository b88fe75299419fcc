import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Form } from "../../../api/src/models/Form.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField } from "../../helpers/guests.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * In their portal, a guest reads their registration, changes their answers through the form (its rules,
 * its quotas: their own place kept) and cancels, which frees their places.
 */
describe.each(databaseKinds())("the guest's registration in the portal on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const workshop = await buildCustomField(db, event, {
      label: "Workshop",
      type: "unique_choice",
      isRequired: true,
      options: [
        { id: "am", label: "Morning", quota: 1 },
        { id: "pm", label: "Afternoon", quota: null },
      ],
    });
    const form = await Form.query(db).insertAndFetch({
      id: randomUUID(),
      accountId: account.id,
      eventId: event.id,
      type: "registration",
      state: "online",
      title: "Register",
      options: {},
      createdBy: null,
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

  it("answers 401 without a guest session", async () => {
    const { portal } = await setUp();
    expect((await suite.server.http.get(`${portal}/registration`)).status).toBe(401);
    expect((await suite.server.http.post(`${portal}/unregister`)).status).toBe(401);
  });
});

import { describe, expect, it } from "vitest";
import { Form } from "../../../api/src/models/Form.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { buildForm } from "../../helpers/forms.ts";

/**
 * The attendees list of a guest's portal: published by the registration form's option, it shows the
 * confirmed guests who agreed when registering, and nobody else; not published, it is not there.
 */
describe.each(databaseKinds())("the attendees list on %s", (kind) => {
  const suite = useTestServer(kind);

  it("lists the confirmed guests who agreed, to signed-in guests, when the form publishes it", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const form = await buildForm(db, event, {
      items: [{ kind: "participation", id: "attend", title: "Will you attend?" }],
    });
    const register = (firstName: string, lastName: string, listedConsent: boolean, participation = true) =>
      suite.server.http.post(`/en/${event.slug}/forms/sendForm/${form.id}`, {
        formId: form.id,
        mail: `${firstName.toLowerCase()}.${event.id.slice(0, 6)}@example.org`,
        items: { firstName, lastName, answers: {}, participation, listedConsent },
      });
    const portal = `/api/v1/public/events/${event.slug}/portal`;

    // Consent is not taken while the form publishes no list.
    expect((await register("Zoe", "Early", true)).status).toBe(201);
    await Form.query(db)
      .patch({ options: { publishAttendees: true } })
      .where({ id: form.id });
    expect((await register("Ada", "Lovelace", true)).status).toBe(201);
    expect((await register("Bob", "Hidden", false)).status).toBe(201);
    expect((await register("Cy", "Absent", true, false)).status).toBe(201);

    const email = `ada.${event.id.slice(0, 6)}@example.org`;
    const ada = await signedInGuestClient(suite.server, portal, email);

    const listed = await ada.get(`${portal}/attendees`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([{ firstName: "Ada", lastName: "Lovelace", company: null }]);
    expect((await suite.server.http.get(`${portal}/attendees`)).status).toBe(401);
    await Form.query(db)
      .patch({ options: { publishAttendees: false } })
      .where({ id: form.id });
    expect((await ada.get(`${portal}/attendees`)).status).toBe(404);
  });
});

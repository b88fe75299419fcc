import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { buildForm, buildWorkshopField, morningDietGroup } from "../../helpers/forms.ts";

/**
 * A registration sent again (the portal's change of answers goes through the form) replaces the answers to
 * the form's questions: one left empty, or hidden by the other answers, loses its answer, while answers to
 * questions the form does not ask stay. A guest who answers that they will not come no longer brings their
 * companions: they are cancelled with the change.
 */
describe.each(databaseKinds())("answers sent again on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { maxCompanions: 2 });
    const workshop = await buildWorkshopField(db, event);
    const diet = await buildCustomField(db, event, { label: "Diet" });
    const company = await buildCustomField(db, event, { label: "Company" });
    const seat = await buildCustomField(db, event, { label: "Seat (set by the organizer)" });
    const form = await buildForm(db, event, {
      items: [
        { kind: "question", id: "q-workshop", fieldId: workshop.id },
        { kind: "question", id: "q-company", fieldId: company.id },
        morningDietGroup(workshop.id, diet.id),
        { kind: "participation", id: "attend", title: "Will you attend?" },
      ],
    });
    const answers = { [workshop.id]: "am", [diet.id]: "vegan", [company.id]: "ACME" };
    const sent = await suite.server.http.post(`/en/${event.slug}/forms/sendForm/${form.id}`, {
      formId: form.id,
      mail: "ada@example.org",
      items: { firstName: "Ada", lastName: "Lovelace", answers, participation: true },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const ada = await db("guests").where({ eventId: event.id, emailNormalized: "ada@example.org" }).first();
    const stored = (row: { answers: unknown }) =>
      (typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers) as Record<string, unknown>;
    await db("guests")
      .where({ id: ada.id })
      .update({ answers: JSON.stringify({ ...stored(ada), [seat.id]: "B12" }) });
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    const client = await signedInGuestClient(suite.server, portal, "ada@example.org");
    const answersNow = async () => stored(await db("guests").where({ id: ada.id }).first());
    return { db, event, workshop, diet, company, seat, ada, portal, client, answersNow };
  }

  it("clears an answer left empty and one its group now hides, and keeps the organizer's", async () => {
    const { workshop, seat, portal, client, answersNow } = await setUp();
    const changed = await client.post(`${portal}/registration`, {
      firstName: "Ada",
      lastName: "Lovelace",
      answers: { [workshop.id]: "pm" },
      participation: true,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await answersNow()).toEqual({ [workshop.id]: "pm", [seat.id]: "B12" });
  });

  it("cancels the companions of a guest who answers that they will not come", async () => {
    const { db, event, workshop, ada, portal, client } = await setUp();
    const companion = await buildGuest(db, event, { godfatherId: ada.id, status: "confirmed", email: null });
    const declined = await client.post(`${portal}/registration`, {
      firstName: "Ada",
      lastName: "Lovelace",
      answers: { [workshop.id]: "pm" },
      participation: false,
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect((await db("guests").where({ id: ada.id }).first()).status).toBe("refused");
    expect((await db("guests").where({ id: companion.id }).first()).status).toBe("cancelled");
    const audited = await db("auditLogs").where({ subjectId: companion.id, action: "guest.updated" });
    expect(audited).toHaveLength(1);
  });
});

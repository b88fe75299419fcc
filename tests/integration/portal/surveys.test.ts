import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Form } from "../../../api/src/models/Form.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { buildForm } from "../../helpers/forms.ts";

/**
 * A satisfaction survey opens from its date, is answered once per guest in their portal, and its answers
 * come back as figures for the organizer (each answer's count, the ratings' average and spread).
 */
describe.each(databaseKinds())("satisfaction surveys on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp(opensAt: string | null) {
    const { db, config } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const rating = await buildCustomField(db, event, { label: "Your rating", type: "rating", rules: { maxRating: 5 } });
    const again = await buildCustomField(db, event, {
      label: "Would you come again?",
      type: "unique_choice",
      isRequired: true,
      options: [
        { id: "yes", label: "Yes" },
        { id: "no", label: "No" },
      ],
    });
    const survey = await buildForm(db, event, {
      type: "survey",
      title: "How was it?",
      options: { opensAt },
      items: [
        { kind: "question", id: "rating", fieldId: rating.id },
        { kind: "question", id: "again", fieldId: again.id },
      ],
    });
    const organizer = await buildUser(db, { accountId: account.id, role: "overseer" });
    const http = suite.server.http.as(await sessionTokenFor(db, config, organizer));
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    return { db, event, rating, again, survey, http, portal };
  }

  it("is answered once per guest, and its answers come back as figures", async () => {
    const { db, event, rating, again, survey, http, portal } = await setUp(new Date(Date.now() - 60_000).toISOString());
    const votes = [
      { rating: 5, again: "yes" },
      { rating: 4, again: "yes" },
      { rating: 2, again: "no" },
    ];
    for (const [index, vote] of votes.entries()) {
      const email = `guest${index}.${event.id.slice(0, 6)}@example.org`;
      await buildGuest(db, event, { email, firstName: "G", status: "confirmed" });
      const guest = await signedInGuestClient(suite.server, portal, email);
      expect((await guest.get(`${portal}/surveys`)).body.data).toEqual([
        { id: survey.id, title: "How was it?", isOpen: true, answered: false },
      ]);
      if (index === 0) {
        // The survey's questions, as the guest answers them.
        const questions = await guest.get(`${portal}/surveys/${survey.id}`);
        expect(questions.status).toBe(200);
        expect(questions.body).toMatchObject({ id: survey.id, type: "survey", title: "How was it?" });
        expect(questions.body.fields.map((field: { id: string }) => field.id).sort()).toEqual(
          [rating.id, again.id].sort(),
        );
        expect((await guest.get(`${portal}/surveys/${randomUUID()}`)).status).toBe(404);
        expect((await suite.server.http.get(`${portal}/surveys/${survey.id}`)).status).toBe(401);
      }
      const answered = await guest.post(`${portal}/surveys/${survey.id}`, {
        answers: { [rating.id]: vote.rating, [again.id]: vote.again },
      });
      expect(answered.status, JSON.stringify(answered.body)).toBe(201);
      const twice = await guest.post(
        `${portal}/surveys/${survey.id}`,
        { answers: { [again.id]: "no" } },
        { lang: "fr" },
      );
      expect(twice.status).toBe(409);
      expect(twice.body.error.message).toBe("Vous avez déjà répondu à ce questionnaire.");
      expect((await guest.get(`${portal}/surveys`)).body.data[0].answered).toBe(true);
    }
    const figures = await http.get(`/api/v1/events/${event.accountId}/${event.id}/forms/${survey.id}/statistics`);
    expect(figures.status).toBe(200);
    expect(figures.body).toEqual({
      responses: 3,
      questions: [
        {
          fieldId: rating.id,
          label: "Your rating",
          type: "rating",
          answered: 3,
          average: 11 / 3,
          values: [
            { value: 2, count: 1 },
            { value: 4, count: 1 },
            { value: 5, count: 1 },
          ],
        },
        {
          fieldId: again.id,
          label: "Would you come again?",
          type: "unique_choice",
          answered: 3,
          options: [
            { id: "yes", label: "Yes", count: 2 },
            { id: "no", label: "No", count: 1 },
          ],
        },
      ],
    });
  });

  it("takes no answer before it opens, and keeps a required question required", async () => {
    const { db, event, again, survey, portal } = await setUp(new Date(Date.now() + 86_400_000).toISOString());
    const email = `early.${event.id.slice(0, 6)}@example.org`;
    await buildGuest(db, event, { email, firstName: "E", status: "confirmed" });
    const guest = await signedInGuestClient(suite.server, portal, email);
    expect((await guest.get(`${portal}/surveys`)).body.data[0].isOpen).toBe(false);
    const early = await guest.post(`${portal}/surveys/${survey.id}`, { answers: { [again.id]: "yes" } });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("survey_not_open");
    await Form.query(db).patch({ options: {} }).where({ id: survey.id });
    const missing = await guest.post(`${portal}/surveys/${survey.id}`, { answers: {} });
    expect(missing.status).toBe(422);
    expect((await suite.server.http.get(`${portal}/surveys`)).status).toBe(401);
  });
});

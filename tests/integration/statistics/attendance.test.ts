import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AttendanceStatistics } from "@tessera/shared";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { buildForm } from "../../helpers/forms.ts";

/**
 * The event's Statistics screen, its custom-fields part (GET /events/{a}/{e}/statistics/attendance and the
 * legacy GET /{event}/admin/statistics/attendance): the guests by status and each counted question's answers,
 * exact after registrations through the form, an organizer's edits and deletions, and survey answers; by
 * form; hidden from another account.
 */
describe.each(databaseKinds())("the event's attendance statistics on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db, config } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const workshop = await buildCustomField(db, event, {
      label: "Workshop",
      type: "unique_choice",
      options: [
        { id: "am", label: "Morning" },
        { id: "pm", label: "Afternoon" },
      ],
    });
    const topics = await buildCustomField(db, event, {
      label: "Topics",
      type: "multiple_choice",
      options: [
        { id: "ai", label: "AI" },
        { id: "web", label: "Web" },
        { id: "data", label: "Data" },
      ],
    });
    const company = await buildCustomField(db, event, { label: "Company size", type: "number" });
    const diet = await buildCustomField(db, event, {
      label: "Diet",
      type: "dropdown",
      options: [
        { id: "veg", label: "Vegetarian" },
        { id: "gf", label: "Gluten-free" },
      ],
    });
    const rating = await buildCustomField(db, event, { label: "Rating", type: "rating", rules: { maxRating: 4 } });
    const form = await buildForm(db, event, {
      items: [
        { kind: "question", id: "q-topics", fieldId: topics.id },
        { kind: "question", id: "q-company", fieldId: company.id },
        { kind: "question", id: "q-workshop", fieldId: workshop.id },
        { kind: "participation", id: "attend", title: "Will you attend?" },
      ],
    });
    const survey = await buildForm(db, event, {
      type: "survey",
      title: "How was it?",
      options: { opensAt: new Date(Date.now() - 60_000).toISOString() },
      items: [
        { kind: "question", id: "q-rating", fieldId: rating.id },
        { kind: "question", id: "q-workshop", fieldId: workshop.id },
      ],
    });
    const companion = await buildForm(db, event, {
      type: "companion",
      title: "Companions",
      items: [{ kind: "question", id: "q-diet", fieldId: diet.id }],
    });
    const overseer = await buildUser(db, { accountId: account.id, role: "overseer" });
    const http = suite.server.http.as(await sessionTokenFor(db, config, overseer));
    const base = `/api/v1/events/${account.id}/${event.id}`;
    const figures = async (query = ""): Promise<AttendanceStatistics> => {
      const response = await http.get(`${base}/statistics/attendance${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as AttendanceStatistics;
    };
    const register = async (mail: string, answers: Record<string, unknown>, participation = true) => {
      const sent = await suite.server.http.post(`/en/${event.slug}/forms/sendForm/${form.id}`, {
        formId: form.id,
        mail,
        items: { firstName: "Ada", lastName: "Guest", answers, participation },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    };
    return {
      db,
      account,
      event,
      workshop,
      topics,
      diet,
      rating,
      form,
      survey,
      companion,
      http,
      base,
      figures,
      register,
    };
  }

  /** Each question's answers as `label: count`, and how many answered. */
  const summary = (statistics: AttendanceStatistics) =>
    statistics.questions.map((question) => ({
      label: question.label,
      answered: question.answered,
      answers: Object.fromEntries(question.answers.map((answer) => [answer.label, answer.count])),
    }));
  const byStatus = (statistics: AttendanceStatistics) =>
    Object.fromEntries(
      statistics.statuses.filter((entry) => entry.count > 0).map((entry) => [entry.status, entry.count]),
    );

  it("counts the guests by status and each answer, exactly, after registrations, edits and deletions", async () => {
    const setup = await setUp();
    const { workshop, topics, diet, rating, register } = setup;
    const empty = await setup.figures();
    expect(empty.guests).toBe(0);
    expect(empty.statuses.map((entry) => entry.status)).toEqual([
      "unanswered",
      "refused",
      "pending_approval",
      "rejected",
      "confirmed",
      "cancelled",
      "to_be_seen",
    ]);
    expect(empty.statuses.every((entry) => entry.count === 0)).toBe(true);
    expect(empty.statuses.find((entry) => entry.status === "confirmed")?.label).toBe("Confirmed");
    // Every counted field of the event, in their order (not the number); the forms to filter by.
    expect(empty.questions.map((question) => question.label)).toEqual(["Workshop", "Topics", "Diet", "Rating"]);
    expect(empty.forms.map((form) => form.title)).toEqual(["Register", "How was it?"]);
    expect(empty.form).toBeNull();

    await register("ada@example.org", { [workshop.id]: "am", [topics.id]: ["ai", "web"] });
    await register("bob@example.org", { [workshop.id]: "pm", [topics.id]: ["web"] });
    await register("cy@example.org", { [workshop.id]: "pm" }, false);
    await buildGuest(setup.db, setup.event, { status: "unanswered", answers: { [diet.id]: "veg", [rating.id]: 3 } });
    await buildGuest(setup.db, setup.event, { status: "cancelled", answers: { [diet.id]: "", [topics.id]: [] } });

    let statistics = await setup.figures();
    expect(statistics.guests).toBe(5);
    expect(statistics.population).toBe(5);
    expect(byStatus(statistics)).toEqual({ confirmed: 2, refused: 1, unanswered: 1, cancelled: 1 });
    expect(summary(statistics)).toEqual([
      { label: "Workshop", answered: 3, answers: { Morning: 1, Afternoon: 2 } },
      { label: "Topics", answered: 2, answers: { AI: 1, Web: 2, Data: 0 } },
      { label: "Diet", answered: 1, answers: { Vegetarian: 1, "Gluten-free": 0 } },
      { label: "Rating", answered: 1, answers: { "1": 0, "2": 0, "3": 1, "4": 0 } },
    ]);
    expect(statistics.questions[0]!.answers.map((answer) => answer.value)).toEqual(["am", "pm"]);

    // An organizer changes Bob's answers and status, then deletes Ada.
    const guests = (await setup.db("guests").where({ eventId: setup.event.id }).select("id", "email")) as {
      id: string;
      email: string;
    }[];
    const idOf = (email: string) => guests.find((guest) => guest.email === email)!.id;
    const edited = await setup.http.post(`${setup.base}/users/${idOf("bob@example.org")}`, {
      status: "cancelled",
      answers: { [workshop.id]: "am", [topics.id]: ["ai", "data"], [rating.id]: 4 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const removed = await setup.http.delete(`${setup.base}/users/${idOf("ada@example.org")}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    statistics = await setup.figures();
    expect(statistics.guests).toBe(4);
    expect(byStatus(statistics)).toEqual({ refused: 1, unanswered: 1, cancelled: 2 });
    expect(summary(statistics)).toEqual([
      { label: "Workshop", answered: 2, answers: { Morning: 1, Afternoon: 1 } },
      { label: "Topics", answered: 1, answers: { AI: 1, Web: 0, Data: 1 } },
      { label: "Diet", answered: 1, answers: { Vegetarian: 1, "Gluten-free": 0 } },
      { label: "Rating", answered: 2, answers: { "1": 0, "2": 0, "3": 1, "4": 1 } },
    ]);

    // The registration form: its questions with answers to count, in its order, over every guest.
    const registration = await setup.figures(`?form=${setup.form.id}`);
    expect(registration.form).toEqual({ id: setup.form.id, type: "registration", title: "Register" });
    expect(registration.population).toBe(4);
    expect(summary(registration).map((question) => question.label)).toEqual(["Topics", "Workshop"]);
  });

  it("reads a survey's questions over its respondents only", async () => {
    const setup = await setUp();
    const { event, workshop, rating } = setup;
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    for (const [index, vote] of [4, 2].entries()) {
      const email = `voter${index}.${event.id.slice(0, 6)}@example.org`;
      await buildGuest(setup.db, event, { email, status: "confirmed" });
      const guest = await signedInGuestClient(suite.server, portal, email);
      const answers = index === 0 ? { [rating.id]: vote, [workshop.id]: "am" } : { [rating.id]: vote };
      const answered = await guest.post(`${portal}/surveys/${setup.survey.id}`, { answers });
      expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    }
    // Guests who did not answer the survey, with answers of their own: not among its respondents.
    await buildGuest(setup.db, event, { status: "confirmed", answers: { [rating.id]: 1, [workshop.id]: "pm" } });
    await buildGuest(setup.db, event, { status: "unanswered" });

    const survey = await setup.figures(`?form=${setup.survey.id}`);
    expect(survey.guests).toBe(4);
    expect(survey.population).toBe(2);
    expect(survey.form).toEqual({ id: setup.survey.id, type: "survey", title: "How was it?" });
    expect(summary(survey)).toEqual([
      { label: "Rating", answered: 2, answers: { "1": 0, "2": 1, "3": 0, "4": 1 } },
      { label: "Workshop", answered: 1, answers: { Morning: 1, Afternoon: 0 } },
    ]);
    const everyone = await setup.figures();
    expect(everyone.population).toBe(4);
    expect(summary(everyone).find((question) => question.label === "Rating")).toEqual({
      label: "Rating",
      answered: 3,
      answers: { "1": 1, "2": 1, "3": 0, "4": 1 },
    });
  });

  it("answers 404 for a form it cannot read by, and for another account's event", async () => {
    const setup = await setUp();
    for (const form of [randomUUID(), setup.companion.id]) {
      const response = await setup.http.get(`${setup.base}/statistics/attendance?form=${form}`);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
    const other = await setUp();
    await buildGuest(other.db, other.event, { status: "confirmed" });
    for (const path of [
      `${other.base}/statistics/attendance`,
      `/api/v1/events/${setup.account.id}/${other.event.id}/statistics/attendance`,
      `/${other.event.slug}/admin/statistics/attendance`,
    ]) {
      const response = await setup.http.get(path);
      expect(response.status, path).toBe(404);
    }
    expect((await suite.server.http.get(`${setup.base}/statistics/attendance`)).status).toBe(401);
    const invalid = await setup.http.get(`${setup.base}/statistics/attendance?form=nope`);
    expect(invalid.status).toBe(422);
  });

  it("answers the legacy path by the event's slug, the statuses named in the language asked", async () => {
    const setup = await setUp();
    await setup.register("ana@example.org", { [setup.workshop.id]: "pm" });
    const legacy = await setup.http.get(`/${setup.event.slug}/admin/statistics/attendance?language=fr`);
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    const body = legacy.body as AttendanceStatistics;
    expect(body.statuses.find((entry) => entry.status === "confirmed")).toEqual({
      status: "confirmed",
      label: "Confirmé",
      count: 1,
    });
    expect(summary(body)[0]).toEqual({ label: "Workshop", answered: 1, answers: { Morning: 0, Afternoon: 1 } });
    expect(body).toEqual({ ...(await setup.figures()), statuses: body.statuses });
  });
});

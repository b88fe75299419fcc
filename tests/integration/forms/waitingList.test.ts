import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { linksIn } from "../../helpers/smtp.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { buildForm, buildWorkshopField } from "../../helpers/forms.ts";

/**
 * Waiting lists of full answers (issue 11): a guest whose chosen answer is full registers without it and
 * waits (when they ask to; otherwise the answer is refused as before); waiting guests come before newcomers;
 * when a place frees up (a guest cancels in the portal, the organizer deletes one) the first waiting get it
 * in order, with an audit entry and an email; however many changes race, the quota is never overshot.
 */
describe.each(databaseKinds())("waiting lists of full answers on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp(quota = 1, options: Record<string, unknown> = {}) {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const workshop = await buildWorkshopField(db, event, { morningQuota: quota, isRequired: true });
    const form = await buildForm(db, event, {
      options,
      items: [{ kind: "question", id: "q", fieldId: workshop.id }],
    });
    const register = (mail: string, choice: string, wait = false, lang = "en") =>
      suite.server.http.post(`/${lang}/${event.slug}/forms/sendForm/${form.id}`, {
        formId: form.id,
        mail,
        items: {
          firstName: mail.split("@")[0],
          lastName: "Guest",
          answers: { [workshop.id]: choice },
          ...(wait ? { waitingList: [workshop.id] } : {}),
        },
      });
    const { http: organizer } = await listedUser(suite.server, event, { role: "editor" });
    const guestsPath = `/api/v1/events/${account.id}/${event.id}/users`;
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    const guestId = async (email: string) =>
      (await db("guests").where({ eventId: event.id, emailNormalized: email }).first()).id as string;
    const answerOf = async (email: string) => {
      const row = await db("guests").where({ eventId: event.id, emailNormalized: email }).first();
      const answers = typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers;
      return answers[workshop.id] as string | undefined;
    };
    const holders = async () => {
      const rows = await db("guests").where({ eventId: event.id }).select("answers", "status");
      return rows.filter((row) => {
        const answers = typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers;
        return answers[workshop.id] === "am" && !["cancelled", "refused", "rejected"].includes(row.status);
      }).length;
    };
    const entries = () =>
      db("waitingListEntries")
        .where({ eventId: event.id })
        .orderBy([{ column: "createdAt" }, { column: "id" }]);
    const view = () => suite.server.http.get(`/api/v1/public/events/${event.slug}/forms/${form.id}`);
    return {
      db,
      event,
      workshop,
      form,
      register,
      organizer,
      guestsPath,
      portal,
      guestId,
      answerOf,
      holders,
      entries,
      view,
    };
  }

  it("registers a guest without a full answer they wait for, and refuses it to one who does not ask", async () => {
    const setup = await setUp(1);
    const { workshop } = setup;
    expect((await setup.register("first@example.org", "am")).status).toBe(201);
    const form = await setup.view();
    expect(form.body.fields[0].options).toEqual([
      { id: "am", label: "Morning", isFull: true, hasWaitingList: true },
      { id: "pm", label: "Afternoon", isFull: false, hasWaitingList: false },
    ]);

    const refused = await setup.register("nowait@example.org", "am", false, "fr");
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({
        field: `items.answers.${workshop.id}`,
        message: "Le quota est atteint pour cette option.",
      }),
    ]);

    // The question is required: the answer waited for counts as its answer.
    const waits = await setup.register("waits@example.org", "am", true);
    expect(waits.status, JSON.stringify(waits.body)).toBe(201);
    expect(waits.body).toEqual({
      status: "confirmed",
      matchedExisting: false,
      waitingList: [{ fieldId: workshop.id, optionId: "am" }],
    });
    expect(await setup.answerOf("waits@example.org")).toBeUndefined();
    expect(await setup.entries()).toEqual([
      expect.objectContaining({ guestId: await setup.guestId("waits@example.org"), optionId: "am", status: "waiting" }),
    ]);
    // Asking to wait for an answer that is not full takes it.
    const free = await setup.register("free@example.org", "pm", true);
    expect(free.body).toEqual({ status: "confirmed", matchedExisting: false });
    expect(await setup.answerOf("free@example.org")).toBe("pm");
    // Registering again waiting for the same answer keeps the place in line.
    const again = await setup.register("waits@example.org", "am", true);
    expect(again.body.waitingList).toEqual([{ fieldId: workshop.id, optionId: "am" }]);
    expect(await setup.entries()).toHaveLength(1);

    // Without the form's waiting list, the answer is refused as before.
    const closed = await setUp(1, { waitingList: false });
    expect((await closed.register("a@example.org", "am")).status).toBe(201);
    expect((await closed.view()).body.fields[0].options[0].hasWaitingList).toBe(false);
    const off = await closed.register("b@example.org", "am", true);
    expect(off.status).toBe(409);
    expect(off.body.error.code).toBe("option_quota_filled");
  });

  it("gives a freed place to the first waiting when a guest cancels in the portal, and emails them", async () => {
    const setup = await setUp(1);
    expect((await setup.register("holder@example.org", "am")).status).toBe(201);
    expect((await setup.register("second@example.org", "am", true, "fr")).status).toBe(201);
    expect((await setup.register("third@example.org", "pm", true)).status).toBe(201);
    // third now waits for the morning too, keeping their afternoon meanwhile.
    expect((await setup.register("third@example.org", "am", true)).body.waitingList).toHaveLength(1);
    expect(await setup.answerOf("third@example.org")).toBe("pm");

    const third = await signedInGuestClient(suite.server, setup.portal, "third@example.org");
    const before = await third.get(`${setup.portal}/me`);
    expect(before.body.waitingList).toEqual([
      expect.objectContaining({
        fieldId: setup.workshop.id,
        question: "Workshop",
        optionId: "am",
        answer: "Morning",
        status: "waiting",
        position: 2,
        promotedAt: null,
      }),
    ]);
    // A place a guest waits for stays full to newcomers.
    const holder = await signedInGuestClient(suite.server, setup.portal, "holder@example.org");
    expect((await holder.post(`${setup.portal}/unregister`)).body.status).toBe("cancelled");

    expect(await setup.answerOf("second@example.org")).toBe("am");
    expect(await setup.answerOf("third@example.org")).toBe("pm");
    expect((await setup.entries()).map((entry) => entry.status)).toEqual(["promoted", "waiting"]);
    const mail = await suite.server.mailbox.waitFor("second@example.org", { subjectIncludes: "place" });
    expect(mail.subject).toBe(`Une place s'est libérée pour vous : Morning — ${setup.event.name}`);
    expect(mail.text).toContain("Bonjour second,");
    // The link to the event's guest portal, in the language the guest registered in, to check or change it all.
    const portalLink = `${suite.server.config.publicUrl}/fr/${setup.event.slug}/portal`;
    expect(linksIn(mail)).toEqual([portalLink]);
    expect(mail.html).toContain(`href="${portalLink}"`);
    const audit = await AuditLog.query(setup.db).where({
      subjectId: await setup.guestId("second@example.org"),
      action: "guest.updated",
    });
    expect(audit.map((entry) => entry.after?.answers)).toContainEqual({ [setup.workshop.id]: "am" });
    expect((await third.get(`${setup.portal}/me`)).body.waitingList[0].position).toBe(1);
    expect((await setup.register("newcomer@example.org", "am")).status).toBe(409);

    // The promoted guest changes their mind in the portal: the place goes to the next in line.
    const second = await signedInGuestClient(suite.server, setup.portal, "second@example.org");
    expect((await second.get(`${setup.portal}/me`)).body.waitingList).toEqual([
      expect.objectContaining({ status: "promoted", position: null }),
    ]);
    const changed = await second.post(`${setup.portal}/registration`, {
      firstName: "second",
      lastName: "Guest",
      answers: { [setup.workshop.id]: "pm" },
    });
    expect(changed.status).toBe(200);
    expect(await setup.answerOf("third@example.org")).toBe("am");
    const english = await suite.server.mailbox.waitFor("third@example.org", {
      subjectIncludes: "A place opened up for you: Morning",
    });
    expect(linksIn(english)).toEqual([`${suite.server.config.publicUrl}/en/${setup.event.slug}/portal`]);
    expect(await setup.holders()).toBe(1);
  });

  it("gives a place freed by the organizer deleting a guest to the first waiting, in order", async () => {
    const setup = await setUp(2);
    for (const email of ["h1@example.org", "h2@example.org"])
      expect((await setup.register(email, "am")).status).toBe(201);
    for (const email of ["w1@example.org", "w2@example.org", "w3@example.org"]) {
      expect((await setup.register(email, "am", true)).status).toBe(201);
    }
    const deleted = await setup.organizer.delete(`${setup.guestsPath}/${await setup.guestId("h2@example.org")}`);
    expect(deleted.status).toBe(200);
    expect(await setup.answerOf("w1@example.org")).toBe("am");
    expect(await setup.answerOf("w2@example.org")).toBeUndefined();
    await suite.server.mailbox.waitFor("w1@example.org", { subjectIncludes: "A place opened up for you" });

    // The organizer moves a guest to the afternoon: the next waiting gets the morning.
    const moved = await setup.organizer.post(`${setup.guestsPath}/${await setup.guestId("h1@example.org")}`, {
      answers: { [setup.workshop.id]: "pm" },
    });
    expect(moved.status).toBe(200);
    expect(await setup.answerOf("w2@example.org")).toBe("am");
    expect(await setup.answerOf("w3@example.org")).toBeUndefined();
    expect(await setup.holders()).toBe(2);

    const statistics = await setup.organizer.get(
      `/api/v1/events/${setup.event.accountId}/${setup.event.id}/forms/${setup.form.id}/statistics`,
    );
    expect(statistics.body.questions[0].options).toEqual([
      { id: "am", label: "Morning", count: 2, quota: 2, waiting: 1 },
      { id: "pm", label: "Afternoon", count: 1, quota: null, waiting: 0 },
    ]);
  });

  it("never gives more places than the quota, however many cancellations and promotions race", async () => {
    const quota = 5;
    const setup = await setUp(quota);
    const holders = Array.from({ length: quota }, (_, index) => `holder${index}@example.org`);
    const waiting = Array.from({ length: 15 }, (_, index) => `waiting${index}@example.org`);
    for (const email of holders) expect((await setup.register(email, "am")).status).toBe(201);
    for (const email of waiting) expect((await setup.register(email, "am", true)).status).toBe(201);
    // Every holder and every other waiting guest deleted, and ten newcomers asking, at once (20 changes).
    const leaving = [...holders, ...waiting.filter((_, index) => index % 2 === 0).slice(0, 5)];
    const ids = await Promise.all(leaving.map(setup.guestId));
    const results = await Promise.all([
      ...ids.map((id) => setup.organizer.delete(`${setup.guestsPath}/${id}`)),
      ...Array.from({ length: 10 }, (_, index) => setup.register(`late${index}@example.org`, "am", true)),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(201)]);
    expect(await setup.holders()).toBe(quota);
    // The places went to the first remaining waiting, in the order they joined; newcomers all wait.
    const firstRemaining = waiting.filter((_, index) => index % 2 === 1 || index >= 10).slice(0, quota);
    for (const email of firstRemaining) expect(await setup.answerOf(email)).toBe("am");
    const promoted = (await setup.entries()).filter((entry) => entry.status === "promoted");
    expect(promoted).toHaveLength(quota);
    for (const result of results.slice(ids.length)) expect(result.body.waitingList).toHaveLength(1);
  });
});

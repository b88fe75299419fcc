import { describe, expect, it } from "vitest";
import type { Db } from "../../../api/src/db/knex.ts";
import type { CustomField } from "../../../api/src/models/CustomField.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { Form } from "../../../api/src/models/Form.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { buildForm, buildWorkshopField, morningDietGroup } from "../../helpers/forms.ts";

/**
 * Guests registering through an online registration form (spec §4, §5, §7 sendForm): the server decides
 * which questions were shown, keeps answers to those only, matches an existing guest by email, and refuses
 * with nothing saved when registrations are closed, the event full, an answer's quota filled or the guest
 * rejected; the last place goes to exactly one guest.
 */
describe.each(databaseKinds())("registration through a form on %s", (kind) => {
  const suite = useTestServer(kind);

  interface Setup {
    db: Db;
    event: Event;
    workshop: CustomField;
    diet: CustomField;
    company: CustomField;
    form: Form;
    send: (body: unknown, lang?: string) => ReturnType<typeof suite.server.http.post>;
  }

  async function setUp(options: { eventOverrides?: Partial<Event>; quota?: number; state?: "draft" | "online" } = {}) {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, options.eventOverrides ?? {});
    const workshop = await buildWorkshopField(db, event, { morningQuota: options.quota ?? null, isRequired: true });
    const diet = await buildCustomField(db, event, { label: "Diet", isRequired: true });
    const company = await buildCustomField(db, event, { label: "Company size", type: "number" });
    const form = await buildForm(db, event, {
      state: options.state ?? "online",
      items: [
        { kind: "question", id: "q-workshop", fieldId: workshop.id },
        { kind: "question", id: "q-company", fieldId: company.id },
        morningDietGroup(workshop.id, diet.id),
        { kind: "participation", id: "attend", title: "Will you attend?" },
      ],
    });
    const send = (body: unknown, lang = "en") =>
      suite.server.http.post(`/${lang}/${event.slug}/forms/sendForm/${form.id}`, body);
    return { db, event, workshop, diet, company, form, send } satisfies Setup;
  }

  const registration = (setup: Setup, mail: string, answers: Record<string, unknown>, participation?: boolean) => ({
    formId: setup.form.id,
    mail,
    items: {
      firstName: "Ada",
      lastName: "Lovelace",
      answers,
      ...(participation === undefined ? {} : { participation }),
    },
  });

  const guestsOf = (setup: Setup) => setup.db("guests").where({ eventId: setup.event.id }).orderBy("createdAt");

  it("registers a guest with the answers to the questions shown, and drops those to hidden ones", async () => {
    const setup = await setUp();
    const { workshop, diet, company } = setup;
    const sent = await setup.send(
      registration(setup, "ada@example.org", { [workshop.id]: "pm", [diet.id]: "vegan", [company.id]: 12 }),
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toEqual({ status: "confirmed", matchedExisting: false });
    const [guest] = await guestsOf(setup);
    expect(guest).toMatchObject({ email: "ada@example.org", firstName: "Ada", status: "confirmed" });
    expect(guest.createdSource).toBe("registration");
    expect(guest.registeredAt).toBeTruthy();
    const answers = typeof guest.answers === "string" ? JSON.parse(guest.answers) : guest.answers;
    expect(answers).toEqual({ [workshop.id]: "pm", [company.id]: 12 });
  });

  it("emails the guest a confirmation in the page's language, and keeps the registration when it cannot be queued", async () => {
    const setup = await setUp();
    const sent = await setup.send(registration(setup, "lea@example.org", { [setup.workshop.id]: "pm" }), "fr");
    expect(sent.status).toBe(201);
    const mail = await suite.server.mailbox.waitFor("lea@example.org");
    expect(mail.subject).toBe(`Votre inscription à ${setup.event.name} est confirmée`);
    expect(mail.text).toContain("Bonjour Ada,");

    const jobs = suite.server.deps.jobs;
    const send = jobs.send;
    jobs.send = async () => {
      throw new Error("the job queue is unreachable");
    };
    try {
      const kept = await setup.send(registration(setup, "max@example.org", { [setup.workshop.id]: "pm" }));
      expect(kept.status).toBe(201);
    } finally {
      jobs.send = send;
    }
    expect(await guestsOf(setup)).toHaveLength(2);
  });

  it("asks the questions of a group only when its condition is met, in the page's language", async () => {
    const setup = await setUp();
    const missing = await setup.send(registration(setup, "ada@example.org", { [setup.workshop.id]: "am" }), "fr");
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual([
      expect.objectContaining({ field: `answers.${setup.diet.id}`, message: "Ce champ est obligatoire." }),
    ]);
    expect(await guestsOf(setup)).toHaveLength(0);
    const shown = await setup.send(
      registration(setup, "ada@example.org", { [setup.workshop.id]: "am", [setup.diet.id]: "none" }),
    );
    expect(shown.status).toBe(201);
  });

  it("matches the event's guest with the same email instead of creating another, keeping its spelling", async () => {
    const setup = await setUp();
    await buildGuest(setup.db, setup.event, { email: "Ada@Example.org", firstName: "A.", status: "unanswered" });
    const sent = await setup.send(registration(setup, "ada@EXAMPLE.org", { [setup.workshop.id]: "pm" }));
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ status: "confirmed", matchedExisting: true });
    const guests = await guestsOf(setup);
    expect(guests).toHaveLength(1);
    expect(guests[0]).toMatchObject({ email: "Ada@Example.org", firstName: "Ada", status: "confirmed" });
  });

  it("refuses with nothing saved: a draft, registrations closed, a full event, a rejected guest", async () => {
    const draft = await setUp({ state: "draft" });
    const notSet = await draft.send(registration(draft, "a@example.org", { [draft.workshop.id]: "pm" }));
    expect(notSet.status).toBe(404);
    expect(notSet.body.error.message).toBe("The form is not set.");

    const closed = await setUp({ eventOverrides: { registrationClosesAt: new Date(Date.now() - 60_000) } });
    const late = await closed.send(registration(closed, "a@example.org", { [closed.workshop.id]: "pm" }), "es");
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("registration_closed");
    expect(await guestsOf(closed)).toHaveLength(0);

    const full = await setUp({ eventOverrides: { maxAttendees: 1 } });
    expect((await full.send(registration(full, "a@example.org", { [full.workshop.id]: "pm" }))).status).toBe(201);
    const over = await full.send(registration(full, "b@example.org", { [full.workshop.id]: "pm" }));
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe("The maximum number of registrations has been reached.");
    // Declining takes no place.
    const declined = await full.send(registration(full, "c@example.org", { [full.workshop.id]: "pm" }, false));
    expect(declined.status).toBe(201);
    expect(declined.body.status).toBe("refused");
    expect(await guestsOf(full)).toHaveLength(2);

    const rejected = await setUp();
    await buildGuest(rejected.db, rejected.event, { email: "r@example.org", status: "rejected" });
    const again = await rejected.send(registration(rejected, "r@example.org", { [rejected.workshop.id]: "pm" }));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Your registration has been rejected.");
  });

  it("gives the last places of an answer to exactly as many guests as its quota, whoever races", async () => {
    for (let round = 0; round < 3; round++) {
      const setup = await setUp({ quota: 3 });
      const answers = { [setup.workshop.id]: "am", [setup.diet.id]: "none" };
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) => setup.send(registration(setup, `racer${index}@example.org`, answers))),
      );
      const statuses = results.map((result) => result.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 409)).toHaveLength(17);
      const refused = results.find((result) => result.status === 409)!;
      expect(refused.body.error.message).toBe("Quota is filled for this option.");
      expect(await guestsOf(setup)).toHaveLength(3);

      const view = await suite.server.http.get(`/api/v1/public/events/${setup.event.slug}/forms/${setup.form.id}`);
      const workshop = view.body.fields.find((field: { id: string }) => field.id === setup.workshop.id);
      expect(workshop.options).toEqual([
        { id: "am", label: "Morning", isFull: true, hasWaitingList: true },
        { id: "pm", label: "Afternoon", isFull: false, hasWaitingList: false },
      ]);
    }
  });

  it("shows an online form to anyone, says when registrations are closed, and hides drafts", async () => {
    const setup = await setUp({ eventOverrides: { registrationClosesAt: new Date(Date.now() - 1000) } });
    const view = await suite.server.http.get(`/api/v1/public/events/${setup.event.slug}/forms/${setup.form.id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ title: "Register", isOpen: false, items: setup.form.items });
    expect(view.body.fields.map((field: { label: string }) => field.label).sort()).toEqual([
      "Company size",
      "Diet",
      "Workshop",
    ]);
    const draft = await setUp({ state: "draft" });
    const hidden = await suite.server.http.get(`/api/v1/public/events/${draft.event.slug}/forms/${draft.form.id}`);
    expect(hidden.status).toBe(404);
  });

  it("puts a registration on hold when the form asks for approval, and closes with the form's own date", async () => {
    const setup = await setUp();
    await Form.query(setup.db)
      .patch({ options: { requiresApproval: true, confirmationMessage: { en: "See you soon" } } })
      .where({ id: setup.form.id });
    const sent = await setup.send(registration(setup, "wait@example.org", { [setup.workshop.id]: "pm" }));
    expect(sent.body).toEqual({ status: "pending_approval", matchedExisting: false });
    const mail = await suite.server.mailbox.waitFor("wait@example.org");
    expect(mail.subject).toBe(`Your registration for ${setup.event.name} is awaiting approval`);
    const view = await suite.server.http.get(`/api/v1/public/events/${setup.event.slug}/forms/${setup.form.id}`);
    expect(view.body.confirmationMessage).toBe("See you soon");

    const closed = await setUp();
    await Form.query(closed.db)
      .patch({ options: { closesAt: new Date(Date.now() - 1000).toISOString() } })
      .where({ id: closed.form.id });
    const late = await closed.send(registration(closed, "late@example.org", { [closed.workshop.id]: "pm" }));
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("Registrations are closed.");
  });

  it("takes a registration through a form with terms only when it accepts them, saying so in the page's language", async () => {
    const setup = await setUp();
    await Form.query(setup.db)
      .patch({ termsStorageKey: `terms/${setup.form.id}.pdf`, termsName: "Terms.pdf", termsSize: 1200 })
      .where({ id: setup.form.id });
    const body = registration(setup, "terms@example.org", { [setup.workshop.id]: "pm" });
    const missing = await setup.send(body, "fr");
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual([
      { field: "items.acceptsTerms", code: "terms_required", message: "Vous devez accepter les conditions." },
    ]);
    // Reported with the answers' problems, all at once.
    const both = await setup.send({ ...body, items: { ...body.items, answers: {}, acceptsTerms: false } }, "es");
    expect(both.body.error.details).toEqual([
      expect.objectContaining({ field: `answers.${setup.workshop.id}`, code: "required" }),
      { field: "items.acceptsTerms", code: "terms_required", message: "Debe aceptar las condiciones." },
    ]);
    expect(await guestsOf(setup)).toHaveLength(0);
    const accepted = await setup.send({ ...body, items: { ...body.items, acceptsTerms: true } });
    expect(accepted.status).toBe(201);
    // A form without terms needs no acceptance.
    const plain = await setUp();
    expect((await plain.send(registration(plain, "plain@example.org", { [plain.workshop.id]: "pm" }))).status).toBe(
      201,
    );
  });

  it("sees at once a form put offline or a quota lowered after guests registered through it", async () => {
    const setup = await setUp();
    const answers = { [setup.workshop.id]: "am", [setup.diet.id]: "none" };
    expect((await setup.send(registration(setup, "first@example.org", answers))).status).toBe(201);
    await setup
      .db("customFields")
      .where({ id: setup.workshop.id })
      .update({
        options: JSON.stringify([
          { id: "am", label: "Morning", quota: 1 },
          { id: "pm", label: "Afternoon", quota: null },
        ]),
      });
    const full = await setup.send(registration(setup, "second@example.org", answers));
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe("option_quota_filled");
    await Form.query(setup.db).patch({ state: "draft" }).where({ id: setup.form.id });
    const offline = await setup.send(registration(setup, "third@example.org", { [setup.workshop.id]: "pm" }));
    expect(offline.status).toBe(404);
  });
});

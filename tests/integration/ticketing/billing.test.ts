import { describe, expect, it } from "vitest";
import { listedUser } from "../../helpers/actors.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildForm } from "../../helpers/forms.ts";
import { buildTicket } from "../../helpers/orders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Issue 14 item 2: the account's organizers (SIRET checked with its checksum, refused in the caller's
 * language), an event's ticketing parameters, and starting sales (spec §5), refused with its message for each
 * thing it lacks, in the order an organizer sets them up, then started.
 */

const VALID_SIRET = "732 829 320 00074";
const WRONG_CHECKSUM = "73282932000075";

const ORGANIZER = {
  corporateName: "Tessera Events SAS",
  legalStructure: "SAS",
  shareCapitalCents: 1_000_000,
  siret: VALID_SIRET,
  rcsNumber: "RCS Paris 732 829 320",
  street: "12 rue de la Paix",
  zip: "75002",
  city: "Paris",
  vatStatus: "subject",
  vatNumber: "FR44732829320",
  legalMentions: "SAS au capital de 10 000 €",
};

describe.each(databaseKinds())("ticketing billing and parameters on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { http } = await listedUser(suite.server, event, { role: "editor" });
    const base = eventBase(event);
    return { db, http, account, event, base };
  }

  it("creates and changes organizers of the account, the SIRET stored compact, each change in the trail", async () => {
    const { db, http, account, base } = await setUp();
    const created = await http.post(`${base}/organizers`, ORGANIZER);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ ...ORGANIZER, siret: "73282932000074" });

    const changed = await http.post(`${base}/organizers`, {
      id: created.body.id,
      vatStatus: "margin",
      vatNumber: null,
      shareCapitalCents: 500_000_000_000,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      corporateName: "Tessera Events SAS",
      vatStatus: "margin",
      vatNumber: null,
      shareCapitalCents: 500_000_000_000,
    });

    // The account's organizers are listed from any of its events.
    const other = await buildEvent(db, account.id);
    const { http: otherEditor } = await listedUser(suite.server, other, { role: "reader" });
    const listed = await otherEditor.get(`${eventBase(other)}/organizers`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([changed.body]);

    const trail = await db("auditLogs")
      .where({ accountId: account.id, subjectId: created.body.id })
      .orderBy("createdAt")
      .select("action", "after");
    expect(trail.map((entry) => entry.action)).toEqual(["organizer.created", "organizer.updated"]);
  });

  it("refuses a SIRET whose checksum fails, in the caller's language, and saves nothing", async () => {
    const { db, http, account, base } = await setUp();
    for (const [lang, message] of [
      ["en", "This SIRET number is not valid: it must have 14 digits and a valid checksum."],
      ["fr", "Ce numéro SIRET n'est pas valide : il doit comporter 14 chiffres et une clé de contrôle valide."],
      ["es", "Este número SIRET no es válido: debe tener 14 dígitos y un dígito de control válido."],
    ] as const) {
      const refused = await http.post(`${base}/organizers`, { ...ORGANIZER, siret: WRONG_CHECKSUM }, { lang });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details).toEqual([
        expect.objectContaining({ field: "siret", code: "siret_invalid", message }),
      ]);
    }
    const tooShort = await http.post(`${base}/organizers`, { ...ORGANIZER, siret: "7328293200007" });
    expect(tooShort.body.error.details).toEqual([expect.objectContaining({ field: "siret", code: "siret_invalid" })]);
    expect(await db("organizers").where({ accountId: account.id })).toEqual([]);

    // A change to a wrong SIRET keeps the organizer as it was.
    const created = await http.post(`${base}/organizers`, ORGANIZER);
    const refused = await http.post(`${base}/organizers`, { id: created.body.id, siret: WRONG_CHECKSUM });
    expect(refused.status).toBe(422);
    expect((await http.get(`${base}/organizers`)).body.data[0].siret).toBe("73282932000074");
  });

  it("needs a corporate name, a SIRET and a VAT status to create an organizer", async () => {
    const { http, base } = await setUp();
    const refused = await http.post(`${base}/organizers`, { corporateName: "Nameless" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ field: "siret", code: "required", message: "This field is required." }),
      expect.objectContaining({ field: "vatStatus", code: "required" }),
    ]);
  });

  it("does not reach another account's organizer, neither to change it nor to bill", async () => {
    const { db, http, base } = await setUp();
    const other = await setUp();
    const theirs = await other.http.post(`${other.base}/organizers`, ORGANIZER);
    const changed = await http.post(
      `${base}/organizers`,
      { id: theirs.body.id, corporateName: "Mine" },
      { lang: "fr" },
    );
    expect(changed.status).toBe(404);
    expect(changed.body.error).toMatchObject({ code: "organizer_not_found", message: "Organisateur introuvable" });
    const billed = await http.post(`${base}/ticketingparams`, { organizerId: theirs.body.id });
    expect(billed.status).toBe(404);
    expect(billed.body.error.code).toBe("organizer_not_found");
    expect((await db("organizers").where({ id: theirs.body.id }).first()).corporateName).toBe("Tessera Events SAS");
    expect((await http.get(`${base}/organizers`)).body.data).toEqual([]);
  });

  it("keeps an event's parameters: closed, test mode and card until set, then the fields sent", async () => {
    const { http, base } = await setUp();
    expect((await http.get(`${base}/ticketingparams`)).body).toEqual({
      ticketOffice: "closed",
      mode: "test",
      terms: null,
      paymentMethods: ["card"],
      organizerId: null,
      salesStartedAt: null,
      updatedAt: null,
    });
    const organizer = await http.post(`${base}/organizers`, ORGANIZER);
    const saved = await http.post(`${base}/ticketingparams`, {
      mode: "live",
      terms: "  No refund after the event.  ",
      paymentMethods: ["card", "transfer", "desk"],
      organizerId: organizer.body.id,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      ticketOffice: "closed",
      mode: "live",
      terms: "No refund after the event.",
      paymentMethods: ["card", "transfer", "desk"],
      organizerId: organizer.body.id,
      salesStartedAt: null,
    });
    const again = await http.post(`${base}/ticketingparams`, { paymentMethods: ["transfer"] });
    expect(again.body).toMatchObject({ mode: "live", paymentMethods: ["transfer"], organizerId: organizer.body.id });
    expect((await http.get(`${base}/ticketingparams`)).body).toEqual(again.body);

    const unknownMethod = await http.post(`${base}/ticketingparams`, { paymentMethods: ["cheque"] });
    expect(unknownMethod.status).toBe(422);
  });

  it("refuses to start sales without billing information, a ticket on sale or an online form, each with its message, then starts them", async () => {
    const { db, http, event, base } = await setUp();
    const open = (lang: "en" | "fr" | "es" = "en") =>
      http.post(`${base}/ticketingparams`, { ticketOffice: "opened" }, { lang });

    const noBilling = await open("fr");
    expect(noBilling.status).toBe(409);
    expect(noBilling.body.error).toMatchObject({ code: "payment_info_needed" });
    expect(noBilling.body.error.message).toBe("Les informations de paiement sont nécessaires.");
    expect((await open()).body.error.message).toBe("Payment information is needed.");

    const organizer = await http.post(`${base}/organizers`, ORGANIZER);
    await http.post(`${base}/ticketingparams`, { organizerId: organizer.body.id });
    const noTicket = await open();
    expect(noTicket.status).toBe(409);
    expect(noTicket.body.error).toMatchObject({
      code: "sales_need_ticket",
      message: "Starting ticket sales needs at least one ticket on sale.",
    });
    // A ticket that is not on sale does not count.
    await buildTicket(db, event, { isOnSale: false });
    expect((await open()).body.error.code).toBe("sales_need_ticket");
    await buildTicket(db, event);

    const noForm = await open();
    expect(noForm.status).toBe(409);
    expect(noForm.body.error).toMatchObject({ code: "form_not_set", message: "The form is not set." });
    // A draft registration form, or an online survey, is not an online registration form.
    await buildForm(db, event, { items: [], state: "draft" });
    await buildForm(db, event, { items: [], type: "survey" });
    expect((await open()).body.error.code).toBe("form_not_set");
    await buildForm(db, event, { items: [] });

    const noMethod = await http.post(`${base}/ticketingparams`, { ticketOffice: "opened", paymentMethods: [] });
    expect(noMethod.body.error).toMatchObject({
      code: "sales_need_payment_method",
      message: "Starting ticket sales needs at least one payment method.",
    });
    expect((await http.get(`${base}/ticketingparams`)).body.ticketOffice).toBe("closed");

    const started = await open();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ ticketOffice: "opened", organizerId: organizer.body.id });
    expect(Date.parse(started.body.salesStartedAt)).not.toBeNaN();

    // Open sales keep what they need: the biller cannot be taken away; closing them is always possible.
    const unbilled = await http.post(`${base}/ticketingparams`, { organizerId: null });
    expect(unbilled.body.error.code).toBe("payment_info_needed");
    const closed = await http.post(`${base}/ticketingparams`, { ticketOffice: "closed", organizerId: null });
    expect(closed.body).toMatchObject({ ticketOffice: "closed", organizerId: null });

    // The event's history: each change once (refusals record nothing), starts and stops with the whole parameters.
    const trail = await db("auditLogs").where({ eventId: event.id }).orderBy("createdAt").orderBy("id");
    expect(trail.map((entry) => entry.action)).toEqual([
      "ticketing.params_updated",
      "ticketing.sales_started",
      "ticketing.sales_stopped",
    ]);
    const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
    expect(json(trail[0].after)).toEqual({ organizerId: organizer.body.id });
    expect(json(trail[1].after)).toMatchObject({ ticketOffice: "opened", mode: "test", paymentMethods: ["card"] });
    expect(json(trail[2].after)).toMatchObject({ ticketOffice: "closed", organizerId: null });
  });
  it("stops sales alone, or sales and registrations: the online registration forms go offline, each in the history", async () => {
    const { db, http, event, base } = await setUp();
    const organizer = await http.post(`${base}/organizers`, ORGANIZER);
    await buildTicket(db, event);
    const form = await buildForm(db, event, { items: [] });
    const survey = await buildForm(db, event, { items: [], type: "survey" });
    const open = () => http.post(`${base}/ticketingparams`, { ticketOffice: "opened", organizerId: organizer.body.id });
    const stateOf = async (id: string) => (await db("forms").where({ id }).first()).state;

    expect((await open()).status).toBe(200);
    const salesOnly = await http.post(`${base}/ticketingparams`, { ticketOffice: "closed" });
    expect(salesOnly.body.ticketOffice).toBe("closed");
    expect(await stateOf(form.id)).toBe("online");

    expect((await open()).status).toBe(200);
    // Asked while sales stay open, it does nothing: only stopping sales stops registrations with them.
    await http.post(`${base}/ticketingparams`, { mode: "test", stopRegistrations: true });
    expect(await stateOf(form.id)).toBe("online");
    const both = await http.post(`${base}/ticketingparams`, { ticketOffice: "closed", stopRegistrations: true });
    expect(both.status).toBe(200);
    expect(both.body.ticketOffice).toBe("closed");
    expect(await stateOf(form.id)).toBe("draft");
    expect(await stateOf(survey.id)).toBe("online");
    const offline = await db("auditLogs").where({ eventId: event.id, action: "form.taken_offline" });
    expect(offline.map((entry) => entry.subjectId)).toEqual([form.id]);

    // Sales cannot start again until a registration form is back online.
    expect((await open()).body.error.code).toBe("form_not_set");
  });
});

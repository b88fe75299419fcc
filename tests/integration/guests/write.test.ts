import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import type { CustomField } from "../../../api/src/models/CustomField.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { addHook } from "../../../api/src/services/hooks.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Spec §2/§7 guests: create, update, answers, companions, unlock, delete with guards, bulk answers. */

describe.each(databaseKinds())("guests writes on %s", (kind) => {
  const suite = useCastServer(kind);
  let event: Event;
  let client: HttpClient;
  let base: string;
  let size: CustomField;
  let color: CustomField;

  beforeAll(async () => {
    client = suite.cast.client("overseer");
    event = await buildEvent(suite.server.db, suite.cast.accountA.id, { maxCompanions: 3 });
    base = `/api/v1/events/${suite.cast.accountA.id}/${event.id}`;
    size = await buildCustomField(suite.server.db, event, { type: "number", rules: { noNegative: true } });
    color = await buildCustomField(suite.server.db, event, {
      type: "unique_choice",
      options: [
        { id: "red", label: "Red" },
        { id: "blue", label: "Blue" },
      ],
    });
  });

  it("creates a guest with derived columns, answers, source manual (api for API keys) and an audit row", async () => {
    const created = await client.post(`${base}/users`, {
      firstName: " Zoé ",
      lastName: "Durand",
      email: "Zoe.Durand@Example.com ".trim(),
      company: "Ümlaut",
      status: "confirmed",
      answers: { [size.id]: "42", [color.id]: "Blue" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      firstName: "Zoé",
      fullName: "Zoé Durand",
      status: "confirmed",
      createdSource: "manual",
      companionsCount: 0,
      abilities: { update: true, delete: true },
    });
    const row = await Guest.query(suite.server.db).findById(created.body.id);
    expect(row).toMatchObject({
      emailNormalized: "zoe.durand@example.com",
      searchText: "zoe durand zoe.durand@example.com umlaut",
    });
    const viaKey = await suite.cast.client("apiKey").post(`${base}/users`, { lastName: "Keyed" });
    expect(viaKey.body.createdSource).toBe("api");
    const audit = await AuditLog.query(suite.server.db).where({ subjectId: created.body.id });
    expect(audit.map((entry) => entry.action)).toEqual(["guest.created"]);
    const one = await client.get(`${base}/users/${created.body.id}`);
    expect(one.body.id).toBe(created.body.id);
  });

  it("validates with the spec's messages in English and French", async () => {
    const negative = await client.post(`${base}/users`, { companionsExpected: -1 });
    expect(negative.status).toBe(422);
    expect(negative.body.error.details).toEqual([
      { field: "companionsExpected", code: "number_negative", message: "The number can't be negative." },
    ]);
    expect(JSON.stringify(negative.body)).toContain("The number can't be negative.");
    const fr = await client.post(`${base}/users`, { companionsExpected: -1 }, { lang: "fr" });
    expect(JSON.stringify(fr.body)).toContain("Le nombre ne peut pas être négatif.");
    const email = await client.post(`${base}/users`, { email: "nope" });
    expect(JSON.stringify(email.body)).toContain("Mail format is incorrect.");
    const emailFr = await client.post(`${base}/users`, { email: "nope" }, { lang: "fr" });
    expect(JSON.stringify(emailFr.body)).toContain("Le format de l'email est incorrect.");
    const tooMany = await client.post(`${base}/users`, { lastName: "Many", companionsExpected: 4 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.details[0]).toMatchObject({ field: "companionsExpected", code: "number_too_big" });
    const unknown = await client.post(`${base}/users`, {
      lastName: "Unknown",
      answers: { "00000000-0000-4000-8000-000000000000": "x" },
    });
    expect(unknown.status).toBe(422);
    const badAnswer = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/users`, { lastName: "Bad", answers: { [size.id]: -3 } }),
    );
    expect(badAnswer.status).toBe(422);
    expect(JSON.stringify(badAnswer.body)).toContain(`answers.${size.id}`);
  });

  it("refuses a guest with neither an email address nor a name, created or updated, in en/fr/es", async () => {
    const messages = {
      en: "Give the guest an email address or a name.",
      fr: "Indiquez une adresse e-mail ou un nom pour l'invité.",
      es: "Indique una dirección de correo electrónico o un nombre para el invitado.",
    };
    for (const [lang, message] of Object.entries(messages)) {
      for (const body of [{}, { firstName: "  ", lastName: "", email: null }, { company: "Acme", answers: {} }]) {
        const refused = await expectNoChange(suite.server.db, () => client.post(`${base}/users`, body, { lang }));
        expect(refused.status, JSON.stringify(body)).toBe(422);
        expect(refused.body.error.details).toEqual([{ field: "email", code: "guest_identity", message }]);
      }
    }
    // One name is enough; taking it away later is refused too.
    const named = await client.post(`${base}/users`, { firstName: "Dan" });
    expect(named.status).toBe(201);
    const cleared = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/users/${named.body.id}`, { firstName: " " }),
    );
    expect(cleared.status).toBe(422);
    expect(cleared.body.error.details[0]).toMatchObject({ field: "email", code: "guest_identity" });
    const renamed = await client.post(`${base}/users/${named.body.id}`, { firstName: "", email: "dan@example.com" });
    expect(renamed.status).toBe(200);
  });

  it("companions: godfather of the same event, never itself, no cycle", async () => {
    const a = await buildGuest(suite.server.db, event, { lastName: "A" });
    const b = await buildGuest(suite.server.db, event, { lastName: "B", godfatherId: a.id });
    const c = await buildGuest(suite.server.db, event, { lastName: "C", godfatherId: b.id });
    const elsewhere = await buildGuest(suite.server.db, await buildEvent(suite.server.db, suite.cast.accountA.id), {});
    const self = await client.post(`${base}/users/${a.id}`, { godfatherId: a.id });
    expect(self.status).toBe(422);
    const cycle = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/users/${a.id}`, { godfatherId: c.id }),
    );
    expect(cycle.status).toBe(422);
    expect((await client.post(`${base}/users`, { godfatherId: elsewhere.id })).status).toBe(422);
    const ok = await client.post(`${base}/users`, { lastName: "D", godfatherId: c.id, companionsExpected: 3 });
    expect(ok.status).toBe(201);
    expect(ok.body.godfather).toEqual({ id: c.id, fullName: expect.stringContaining("C") });
    expect((await client.get(`${base}/users/${c.id}`)).body.companionsCount).toBe(1);
  });

  it("updates partially, merges answers (null removes), audits the changed fields only", async () => {
    const guest = await buildGuest(suite.server.db, event, {
      lastName: "Old",
      answers: { [size.id]: 1, [color.id]: "red" },
    });
    const updated = await client.post(`${base}/users/${guest.id}`, {
      lastName: "New",
      status: "rejected",
      answers: { [size.id]: null, [color.id]: "blue" },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ lastName: "New", status: "rejected", answers: { [color.id]: "blue" } });
    expect(updated.body.answers[size.id]).toBeUndefined();
    const row = await Guest.query(suite.server.db).findById(guest.id);
    expect(row!.searchText).toContain("new");
    const [audit] = await AuditLog.query(suite.server.db).where({ subjectId: guest.id, action: "guest.updated" });
    expect(audit!.before).toMatchObject({ lastName: "Old", status: "unanswered" });
    expect(Object.keys(audit!.after ?? {}).sort()).toEqual(["answers", "lastName", "status"]);
    // Any status to any other for organizers.
    expect((await client.post(`${base}/users/${guest.id}`, { status: "unanswered" })).status).toBe(200);
  });

  it("unlockEmail lifts an unsubscription", async () => {
    const guest = await buildGuest(suite.server.db, event, { mailStatus: "unsubscribed", unsubscribedAt: new Date() });
    const before = await client.get(`${base}/users/${guest.id}`);
    expect(before.body.isUnsubscribed).toBe(true);
    const unlocked = await client.post(`${base}/users/${guest.id}`, { unlockEmail: true });
    expect(unlocked.body).toMatchObject({ mailStatus: "none", isUnsubscribed: false });
    expect((await Guest.query(suite.server.db).findById(guest.id))!.unsubscribedAt).toBeNull();
  });

  it("sets answers on many guests at once (only this event's)", async () => {
    const one = await buildGuest(suite.server.db, event, { answers: { [size.id]: 5 } });
    const two = await buildGuest(suite.server.db, event, { answers: { [color.id]: "red" } });
    const foreign = await buildGuest(suite.server.db, await buildEvent(suite.server.db, suite.cast.accountA.id), {});
    const response = await client.post(`${base}/users/customfields`, {
      ids: [one.id, two.id, foreign.id],
      answers: { [color.id]: "Blue", [size.id]: null },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.updated.sort()).toEqual([one.id, two.id].sort());
    for (const id of [one.id, two.id]) {
      expect((await Guest.query(suite.server.db).findById(id))!.answers).toEqual({ [color.id]: "blue" });
    }
    const refused = await expectNoChange(suite.server.db, () =>
      client.post(`${base}/users/customfields`, { ids: [one.id], answers: { [size.id]: "abc" } }),
    );
    expect(refused.status).toBe(422);
  });

  it("deletes guests unless a guard refuses them: 409 with the reason, bulk says which", async () => {
    const keep = await buildGuest(suite.server.db, event, { lastName: "Ticket holder" });
    const go = await buildGuest(suite.server.db, event, { lastName: "Goes" });
    const alsoGo = await buildGuest(suite.server.db, event, { lastName: "Goes too" });
    const unregister = addHook(
      suite.server.deps.hooks.guestDeletionGuards,
      async (_trx, ids) =>
        new Map(ids.filter((id) => id === keep.id).map((id) => [id, "guests_with_tickets_not_deleted" as const])),
    );
    try {
      const refused = await expectNoChange(suite.server.db, () => client.delete(`${base}/users/${keep.id}`));
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(
        "Guest could not be deleted. Reason: Guests could not be deleted: they may have a ticket.",
      );
      const fr = await client.delete(`${base}/users/${keep.id}`, { lang: "fr" });
      expect(fr.body.error.message).toContain("L'invité n'a pas pu être supprimé.");
      const bulk = await client.post(`${base}/deleteusers`, { ids: [keep.id, go.id, alsoGo.id] });
      expect(bulk.status).toBe(200);
      expect(bulk.body.deleted.sort()).toEqual([go.id, alsoGo.id].sort());
      expect(bulk.body.refused).toEqual([
        { id: keep.id, reason: "Guests could not be deleted: they may have a ticket." },
      ]);
      const audit = await AuditLog.query(suite.server.db).where({ eventId: event.id, action: "guest.deleted" });
      expect(audit).toHaveLength(1);
      expect((audit[0]!.before as { ids: string[] }).ids.sort()).toEqual([go.id, alsoGo.id].sort());
    } finally {
      unregister();
    }
    expect((await client.delete(`${base}/users/${keep.id}`)).status).toBe(200);
    expect((await client.get(`${base}/users/${keep.id}`)).status).toBe(404);
  });
});

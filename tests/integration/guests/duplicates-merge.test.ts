import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { Recommendation } from "../../../api/src/models/Recommendation.ts";
import { addHook } from "../../../api/src/services/hooks.ts";
import { withMigrator } from "../../../api/src/db/knex.ts";
import * as guestDuplicatesMigration from "../../../migrations/20261121001400_guest_duplicates.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildListedEvent } from "../../helpers/matrix.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Duplicate detection, ignoring a pair and merging two guests (REST routes). */
describe.each(databaseKinds())("guest duplicates and merge on %s", (kind) => {
  const suite = useCastServer(kind);

  const event = (): Promise<Event> => buildListedEvent(suite.cast);
  const base = (e: Event) => `/api/v1/events/${suite.cast.accountA.id}/${e.id}/duplicates`;
  const pairIds = (body: { data: { guests: { id: string }[] }[] }) =>
    body.data.map((pair) => pair.guests.map((guest) => guest.id).join("+"));
  const sorted = (a: string, b: string) => (a < b ? `${a}+${b}` : `${b}+${a}`);

  it("finds pairs by email (case and spaces) and by name (case, accents, spaces), email first", async () => {
    const e = await event();
    const { db } = suite.server;
    const other = await buildEvent(db, suite.cast.accountA.id);
    const alice1 = await buildGuest(db, e, {
      firstName: "Alice",
      lastName: "Martin",
      email: "  Alice.Martin@Example.COM ",
    });
    const alice2 = await buildGuest(db, e, {
      firstName: "Alicia",
      lastName: "Martin",
      email: "alice.martin@example.com",
    });
    const helene1 = await buildGuest(db, e, { firstName: "Hélène", lastName: "Dupré", email: "h1@example.com" });
    const helene2 = await buildGuest(db, e, { firstName: " helene ", lastName: "DUPRE", email: "h2@example.com" });
    // Same email and same name: one pair, read as an email match.
    const both1 = await buildGuest(db, e, { firstName: "José", lastName: "García", email: "jose@example.es" });
    const both2 = await buildGuest(db, e, { firstName: "Jose", lastName: "Garcia", email: "JOSE@example.es" });
    // Not duplicates: another event, a first name alone, no email.
    await buildGuest(db, other, { firstName: "Alice", lastName: "Martin", email: "alice.martin@example.com" });
    await buildGuest(db, e, { firstName: "Solo", lastName: null, email: null });
    await buildGuest(db, e, { firstName: "Solo", lastName: null, email: null });

    const response = await suite.cast.client("reader").get(base(e));
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, perPage: 50, total: 3 });
    const [first, second, third] = response.body.data;
    expect(first.reason).toBe("email");
    expect(second.reason).toBe("email");
    expect(third).toMatchObject({ reason: "name", reasons: ["name"] });
    expect(new Set(pairIds(response.body))).toEqual(
      new Set([sorted(alice1.id, alice2.id), sorted(both1.id, both2.id), sorted(helene1.id, helene2.id)]),
    );
    const bothPair = response.body.data.find((pair: { guests: { id: string }[] }) =>
      pair.guests.some((guest) => guest.id === both1.id),
    );
    expect(bothPair.reasons).toEqual(["email", "name"]);
    // Both guests are presented like the guest list, smaller id first.
    expect(first.guests[0].id < first.guests[1].id).toBe(true);
    expect(first.guests[0]).toHaveProperty("fullName");
    expect(first.guests[0]).toHaveProperty("companionsCount");

    const paged = await suite.cast.client("reader").get(`${base(e)}?page=2&perPage=2`);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.pagination.total).toBe(3);
    const beyond = await suite.cast.client("reader").get(`${base(e)}?page=3&perPage=2`);
    expect(beyond.body).toEqual({ data: [], pagination: { page: 3, perPage: 2, total: 3 } });
  });

  it("three guests with one email make three pairs", async () => {
    const e = await event();
    for (const email of ["sam@example.com", "SAM@example.com", " sam@example.com"]) {
      await buildGuest(suite.server.db, e, { email });
    }
    expect((await suite.cast.client("reader").get(base(e))).body.pagination.total).toBe(3);
  });

  it("ignores a pair (stored smaller id first, idempotent) and refuses bad pairs with 422", async () => {
    const e = await event();
    const a = await buildGuest(suite.server.db, e, { email: "twin@example.com" });
    const b = await buildGuest(suite.server.db, e, { email: "Twin@example.com" });
    const stranger = await buildGuest(suite.server.db, await buildEvent(suite.server.db, suite.cast.accountA.id), {});
    const editor = suite.cast.client("editor");
    const [high, low] = a.id > b.id ? [a.id, b.id] : [b.id, a.id];

    expect((await editor.post(`${base(e)}/ignore`, { guestIds: [high, low] })).status).toBe(200);
    expect(await suite.server.db("duplicateIgnores").where({ eventId: e.id })).toMatchObject([
      { guestAId: low, guestBId: high },
    ]);
    expect((await editor.get(base(e))).body.data).toEqual([]);
    await expectNoChange(suite.server.db, async () => {
      expect((await editor.post(`${base(e)}/ignore`, { guestIds: [low, high] })).status).toBe(200);
    });
    await expectNoChange(suite.server.db, async () => {
      const self = await editor.post(`${base(e)}/ignore`, { guestIds: [a.id, a.id] });
      expect(self.status).toBe(422);
      expect(self.body.error.details[0].code).toBe("duplicate_same_guest");
      const foreign = await editor.post(`${base(e)}/ignore`, { guestIds: [a.id, stranger.id] });
      expect(foreign.status).toBe(422);
      expect(foreign.body.error.details[0].code).toBe("guest_not_in_event");
    });
  });

  it("merges two guests in one transaction, keeping everything of both", async () => {
    const e = await event();
    const text = await buildCustomField(suite.server.db, e, { type: "short_text" });
    const note = await buildCustomField(suite.server.db, e, { type: "long_text" });
    const workshops = await buildCustomField(suite.server.db, e, {
      type: "multiple_choice",
      options: [
        { id: "w1", label: "One", quota: null },
        { id: "w2", label: "Two", quota: null },
        { id: "w3", label: "Three", quota: null },
      ],
    });
    const keep = await buildGuest(suite.server.db, e, {
      firstName: "Ana",
      lastName: "Lopez",
      email: "ana@example.com",
      company: null,
      status: "unanswered",
      companionsExpected: 0,
      answers: { [text.id]: "kept", [workshops.id]: ["w1", "w2"], [note.id]: "" },
    });
    const merge = await buildGuest(suite.server.db, e, {
      firstName: "Ana",
      lastName: "López",
      email: "ANA@example.com",
      company: "Acme",
      jobTitle: "CTO",
      status: "confirmed",
      companionsExpected: 2,
      godfatherId: keep.id, // a companion link between the two: dropped
      answers: { [text.id]: "merged", [workshops.id]: ["w2", "w3"], [note.id]: "filled" },
    });
    const godson = await buildGuest(suite.server.db, e, { godfatherId: merge.id });
    const third = await buildGuest(suite.server.db, e, { email: "third@example.com" });
    await suite.server.db("duplicateIgnores").insert({
      accountId: e.accountId,
      eventId: e.id,
      guest_a_id: merge.id < third.id ? merge.id : third.id,
      guest_b_id: merge.id < third.id ? third.id : merge.id,
      createdAt: new Date().toISOString(),
    });
    const recommendation = await Recommendation.query(suite.server.db).insertAndFetch({
      accountId: e.accountId,
      eventId: e.id,
      recommenderGuestId: merge.id,
      firstName: "Reco",
      lastName: "Mended",
      email: "reco@example.com",
      company: null,
      status: "pending",
      guestId: null,
      decidedAt: null,
    });
    const history = await AuditLog.query(suite.server.db).insertAndFetch({
      accountId: e.accountId,
      eventId: e.id,
      actorUserId: null,
      actorApiKeyId: null,
      action: "guest.updated",
      subjectType: "guest",
      subjectId: merge.id,
      before: null,
      after: { status: "confirmed" },
      ip: null,
      requestId: null,
    });
    const stepCalls: { keepId: string; mergeId: string; mergedStillThere: boolean }[] = [];
    const unregister = addHook(suite.server.deps.hooks.guestMergeSteps, async (trx, input) => {
      const still = await trx("guests").where({ id: input.mergeId }).first();
      stepCalls.push({ keepId: input.keepId, mergeId: input.mergeId, mergedStillThere: Boolean(still) });
    });
    try {
      const response = await suite.cast
        .client("editor")
        .post(`${base(e)}/merge`, { keepId: keep.id, mergeId: merge.id });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: keep.id, status: "confirmed", company: "Acme", jobTitle: "CTO" });
    } finally {
      unregister();
    }

    expect(stepCalls).toEqual([{ keepId: keep.id, mergeId: merge.id, mergedStillThere: true }]);
    expect(await Guest.query(suite.server.db).findById(merge.id)).toBeUndefined();
    const kept = (await Guest.query(suite.server.db).findById(keep.id))!;
    expect(kept).toMatchObject({
      firstName: "Ana",
      lastName: "Lopez",
      email: "ana@example.com",
      emailNormalized: "ana@example.com",
      company: "Acme",
      jobTitle: "CTO",
      status: "confirmed",
      companionsExpected: 2,
      godfatherId: null,
    });
    expect(kept.searchText).toContain("acme");
    expect(kept.answers).toEqual({ [text.id]: "kept", [workshops.id]: ["w1", "w2", "w3"], [note.id]: "filled" });
    expect((await Guest.query(suite.server.db).findById(godson.id))!.godfatherId).toBe(keep.id);
    expect((await Recommendation.query(suite.server.db).findById(recommendation.id))!.recommenderGuestId).toBe(keep.id);
    // History: the merged guest's entries now describe the kept guest, with their ids unchanged.
    expect((await AuditLog.query(suite.server.db).findById(history.id))!.subjectId).toBe(keep.id);
    const merged = await AuditLog.query(suite.server.db).findOne({ action: "guest.merged", subjectId: keep.id });
    expect(merged!.before).toMatchObject({
      kept: { id: keep.id, status: "unanswered" },
      merged: { id: merge.id, company: "Acme" },
    });
    expect(merged!.after).toMatchObject({ mergedGuestId: merge.id, status: "confirmed", movedHistoryEntries: 1 });
    expect(merged!.actorUserId).toBe(suite.cast.users.editor.user.id);
    // The pair set aside with the merged guest stays set aside with the kept one.
    const [lo, hi] = keep.id < third.id ? [keep.id, third.id] : [third.id, keep.id];
    expect(await suite.server.db("duplicateIgnores").where({ guest_a_id: lo, guest_b_id: hi })).toHaveLength(1);
  });

  it("a failing merge step rolls the whole merge back", async () => {
    const e = await event();
    const keep = await buildGuest(suite.server.db, e, { email: "roll@example.com" });
    const merge = await buildGuest(suite.server.db, e, { email: "ROLL@example.com", company: "Gone" });
    await buildGuest(suite.server.db, e, { godfatherId: merge.id });
    const unregister = addHook(suite.server.deps.hooks.guestMergeSteps, async () => {
      throw new Error("step failed");
    });
    try {
      await expectNoChange(suite.server.db, async () => {
        const response = await suite.cast
          .client("editor")
          .post(`${base(e)}/merge`, { keepId: keep.id, mergeId: merge.id });
        expect(response.status).toBe(500);
      });
    } finally {
      unregister();
    }
  });

  it("refuses to merge a guest with itself or with a guest of another event (422, nothing changes)", async () => {
    const e = await event();
    const keep = await buildGuest(suite.server.db, e, {});
    const foreign = await buildGuest(suite.server.db, await buildEvent(suite.server.db, suite.cast.accountA.id), {});
    const editor = suite.cast.client("editor");
    await expectNoChange(suite.server.db, async () => {
      const self = await editor.post(`${base(e)}/merge`, { keepId: keep.id, mergeId: keep.id });
      expect(self.status).toBe(422);
      expect(self.body.error.details[0]).toMatchObject({ field: "mergeId", code: "duplicate_same_guest" });
      const other = await editor.post(`${base(e)}/merge`, { keepId: keep.id, mergeId: foreign.id });
      expect(other.status).toBe(422);
      expect(other.body.error.details[0]).toMatchObject({ field: "mergeId", code: "guest_not_in_event" });
      const reversed = await editor.post(`${base(e)}/merge`, { keepId: foreign.id, mergeId: keep.id });
      expect(reversed.status).toBe(422);
      expect(reversed.body.error.details[0]).toMatchObject({ field: "keepId", code: "guest_not_in_event" });
    });
  });

  it("the migration fills name_key for guests that existed before it", async () => {
    const e = await event();
    const guest = await buildGuest(suite.server.db, e, { firstName: "Zoë", lastName: " Åberg " });
    await withMigrator(suite.server.db, async (migrator) => {
      await guestDuplicatesMigration.down(migrator);
      await guestDuplicatesMigration.up(migrator);
    });
    expect((await Guest.query(suite.server.db).findById(guest.id))!.nameKey).toBe("zoe|aberg");
  });
});

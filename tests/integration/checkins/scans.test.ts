import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Checkin } from "../../../api/src/models/Checkin.ts";
import { buildCheckin, eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildAccount, sessionTokenFor } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { currentGuestCodeText } from "../../../api/src/services/checkin-codes/codes.ts";

/**
 * Scans (issue 12 item 3): each answer kind; idempotent by scan id (a repeat answers the first answer and records
 * nothing); a supervisor's forced entry (editors and up only); exits and re-entries as the session allows;
 * offline uploads never dropped (a conflicting admission kept as a flagged forced entry); the statistics exact;
 * two desks scanning one guest at once → exactly one ok (repeated 20 concurrent scans, PostgreSQL and SQLite).
 */
describe.each(databaseKinds())("check-in scans on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp(values: Partial<Checkin> = {}) {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { http: editorHttp } = await listedUser(suite.server, event, {
      role: "editor",
      firstName: "Eddie",
      lastName: "Tor",
    });
    const { http: readerHttp } = await listedUser(suite.server, event, { role: "reader" });
    const vip = await buildCustomField(db, event, {
      label: "Pass",
      type: "unique_choice",
      options: [
        { id: "vip", label: "VIP", quota: null },
        { id: "std", label: "Standard", quota: null },
      ],
    });
    const checkin = await buildCheckin(db, event, {
      displayedFields: ["firstName", "lastName", vip.id],
      ...values,
    });
    const url = `${eventBase(event)}/checkins/${checkin.id}`;
    const scan = (body: Record<string, unknown>, http = editorHttp) =>
      http.post(`${url}/check`, { scanId: randomUUID(), ...body });
    const scansOf = () => db("checkinScans").where({ checkinId: checkin.id });
    return { db, event, account, checkin, vip, editorHttp, readerHttp, url, scan, scansOf };
  }

  it("answers ok with the displayed fields, then already_checked_in (when, where, by whom)", async () => {
    const { db, event, scan, vip, scansOf } = await setUp();
    const guest = await buildGuest(db, event, {
      firstName: "Ada",
      lastName: "Lovelace",
      status: "confirmed",
      answers: { [vip.id]: "vip" },
    });
    const first = await scan({ guestId: guest.id, desk: "Door A" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      result: "ok",
      direction: "in",
      guest: { id: guest.id, fields: { firstName: "Ada", lastName: "Lovelace", [vip.id]: "vip" } },
      desk: "Door A",
      forced: false,
      flagged: false,
      repeated: false,
    });
    const again = await scan({ guestId: guest.id, desk: "Door B" });
    expect(again.body).toMatchObject({
      result: "already_checked_in",
      previous: { at: first.body.scannedAt, desk: "Door A", by: "Eddie Tor" },
      desk: "Door B",
    });
    expect((await scansOf()).map((row) => row.result).sort()).toEqual(["already_checked_in", "ok"]);
  });

  it("answers each refusal: not_confirmed, not_allowed (the rule in words), unknown, other_event", async () => {
    const { db, event, account, scan, vip, url, editorHttp } = await setUp();
    await editorHttp.post(url, { conditions: { field: vip.id, op: "includes", value: ["vip"] } });
    const pending = await buildGuest(db, event, { status: "pending_approval", answers: { [vip.id]: "vip" } });
    const standard = await buildGuest(db, event, { status: "confirmed", answers: { [vip.id]: "std" } });
    const elsewhere = await buildGuest(db, await buildEvent(db, account.id), { status: "confirmed" });
    const otherAccount = await buildGuest(db, await buildEvent(db, (await buildAccount(db)).id), {
      status: "confirmed",
    });

    expect((await scan({ guestId: pending.id })).body).toMatchObject({
      result: "not_confirmed",
      status: "pending_approval",
    });
    const refused = await scan({ guestId: standard.id });
    expect(refused.body).toMatchObject({
      result: "not_allowed",
      rule: "Pass includes VIP",
      guest: { id: standard.id },
    });
    const french = await editorHttp.post(
      `${url}/check`,
      { scanId: randomUUID(), guestId: standard.id },
      { lang: "fr" },
    );
    expect(french.body.rule).toContain("VIP");
    expect(french.body.rule).not.toBe(refused.body.rule);
    expect((await scan({ guestId: randomUUID() })).body).toMatchObject({ result: "unknown", guest: null });
    expect((await scan({ guestId: elsewhere.id })).body).toMatchObject({ result: "other_event", guest: null });
    // Another account's guest is unknown here: nothing says it exists.
    expect((await scan({ guestId: otherAccount.id })).body).toMatchObject({ result: "unknown", guest: null });
    // Neither a code nor a guest: 422.
    expect((await scan({})).status).toBe(422);
  });

  it("reads signed guest codes: ok, revoked, other_event, and unknown for a tampered or unreadable one", async () => {
    const { db, event, account, scan } = await setUp();
    const secret = suite.server.config.secret;
    const codeOf = async (guest: { id: string; eventId: string }, where = event) =>
      (await currentGuestCodeText(db, secret, where, guest.id, new Date()))!;
    const ada = await buildGuest(db, event, { firstName: "Ada", status: "confirmed" });
    const code = await codeOf(ada);
    const ok = await scan({ code: `  ${code}\n` });
    expect(ok.body).toMatchObject({ result: "ok", guest: { id: ada.id, fields: { firstName: "Ada" } } });
    // A code wins over an id sent with it.
    const other = await buildGuest(db, event, { status: "confirmed" });
    expect((await scan({ code, guestId: other.id })).body).toMatchObject({
      result: "already_checked_in",
      guest: { id: ada.id },
    });

    const bob = await buildGuest(db, event, { status: "confirmed" });
    const revokedCode = await codeOf(bob);
    await db("guestCodes").where({ guestId: bob.id }).update({ revokedAt: new Date().toISOString() });
    expect((await scan({ code: revokedCode })).body).toMatchObject({ result: "revoked", guest: null });

    const elsewhere = await buildEvent(db, account.id);
    const stranger = await buildGuest(db, elsewhere, { status: "confirmed" });
    expect((await scan({ code: await codeOf(stranger, elsewhere) })).body).toMatchObject({ result: "other_event" });

    const cy = await buildGuest(db, event, { status: "confirmed" });
    const cyCode = await codeOf(cy);
    const last = cyCode.at(-1) === "A" ? "B" : "A";
    expect((await scan({ code: cyCode.slice(0, -1) + last })).body).toMatchObject({ result: "unknown", guest: null });
    expect((await scan({ code: "not a code" })).body).toMatchObject({ result: "unknown", guest: null });
  });

  it("reads an offline upload's codes as a single scan does: read for the whole batch, written one by one", async () => {
    const { db, event, account, editorHttp, url, scansOf } = await setUp();
    const secret = suite.server.config.secret;
    const codeOf = async (guest: { id: string }, where = event) =>
      (await currentGuestCodeText(db, secret, where, guest.id, new Date()))!;
    const ada = await buildGuest(db, event, { firstName: "Ada", status: "confirmed" });
    const bob = await buildGuest(db, event, { status: "confirmed" });
    const gone = await buildGuest(db, event, { status: "confirmed" });
    const pending = await buildGuest(db, event, { status: "pending_approval" });
    const [adaCode, bobCode, goneCode, pendingCode] = [
      await codeOf(ada),
      await codeOf(bob),
      await codeOf(gone),
      await codeOf(pending),
    ];
    await db("guestCodes").where({ guestId: bob.id }).update({ revokedAt: new Date().toISOString() });
    await db("guests").where({ id: gone.id }).delete();
    const elsewhere = await buildEvent(db, account.id);
    const strangerCode = await codeOf(await buildGuest(db, elsewhere, { status: "confirmed" }), elsewhere);
    const tampered = adaCode.slice(0, -1) + (adaCode.at(-1) === "A" ? "B" : "A");
    const repeatedId = randomUUID();
    const scans = [
      { scanId: repeatedId, code: `  ${adaCode}\n` },
      { scanId: randomUUID(), code: adaCode },
      { scanId: randomUUID(), code: bobCode },
      { scanId: randomUUID(), code: goneCode },
      { scanId: randomUUID(), code: strangerCode },
      { scanId: randomUUID(), code: tampered },
      { scanId: randomUUID(), code: "not a code" },
      { scanId: randomUUID(), code: pendingCode, localResult: "not_confirmed" },
      { scanId: repeatedId, code: adaCode },
    ].map((scan, index) => ({
      ...scan,
      scannedAt: new Date(Date.now() - 60_000 + index).toISOString(),
      desk: "Door B",
    }));
    const upload = await editorHttp.post(`${url}/checks`, { scans });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(
      upload.body.data.map((answer: { result: string; guest: { id: string } | null; repeated: boolean }) => [
        answer.result,
        answer.guest?.id ?? null,
        answer.repeated,
      ]),
    ).toEqual([
      ["ok", ada.id, false],
      ["ok", ada.id, false], // admitted offline over an entry: kept, forced and flagged
      ["revoked", null, false],
      ["revoked", null, false], // a deleted guest's code no longer opens
      ["other_event", null, false],
      ["unknown", null, false],
      ["unknown", null, false],
      ["not_confirmed", pending.id, false],
      ["ok", ada.id, true], // the same scan id twice in one upload: written once
    ]);
    expect(upload.body.data[1]).toMatchObject({ forced: true, flagged: true, conflict: "already_checked_in" });
    expect(await scansOf()).toHaveLength(8);
    // Sent again: every answer from what is stored.
    const again = await editorHttp.post(`${url}/checks`, { scans });
    expect(again.body.data.map((answer: { repeated: boolean }) => answer.repeated)).toEqual(scans.map(() => true));
    expect(await scansOf()).toHaveLength(8);
  });

  it("is idempotent by scan id: a repeat answers the first answer and records nothing", async () => {
    const { db, event, scan, scansOf } = await setUp();
    const guest = await buildGuest(db, event, { status: "confirmed" });
    const scanId = randomUUID();
    const first = await scan({ scanId, guestId: guest.id });
    const repeats = await Promise.all([1, 2, 3].map(() => scan({ scanId, guestId: guest.id, desk: "Elsewhere" })));
    for (const repeat of repeats) {
      expect(repeat.status).toBe(200);
      expect(repeat.body).toEqual({ ...first.body, repeated: true });
    }
    expect(await scansOf()).toHaveLength(1);
    const [entry] = await db("checkinEntries").where({ guestId: guest.id });
    expect(entry).toMatchObject({ state: "in", entries: 1 });
  });

  it("lets a supervisor force an entry (recorded as forced); a reader may scan but not force", async () => {
    const { db, event, scan, readerHttp, scansOf } = await setUp();
    const guest = await buildGuest(db, event, { status: "unanswered" });
    const refused = await expectNoNewScan(scansOf, () => scan({ guestId: guest.id, force: true }, readerHttp));
    expect(refused.status).toBe(403);
    expect((await scan({ guestId: guest.id }, readerHttp)).body.result).toBe("not_confirmed");
    const forced = await scan({ guestId: guest.id, force: true });
    expect(forced.body).toMatchObject({ result: "ok", forced: true, flagged: false, conflict: "not_confirmed" });
    const [row] = await db("checkinScans").where({ scanId: forced.body.scanId });
    expect(Boolean(row.forced)).toBe(true);
    expect((await scan({ guestId: guest.id, force: true })).body).toMatchObject({
      result: "ok",
      forced: true,
      conflict: "not_confirmed",
    });
    expect(await db("checkinEntries").where({ guestId: guest.id }).first()).toMatchObject({ state: "in", entries: 2 });
  });

  it("scans exits where the session allows them, and re-entries and multiple entries as it says", async () => {
    const closed = await setUp();
    const guest = await buildGuest(closed.db, closed.event, { status: "confirmed" });
    expect((await closed.scan({ guestId: guest.id, direction: "out" })).body).toMatchObject({
      result: "not_allowed",
      rule: null,
    });

    const open = await setUp({ exitScans: true, reentryAfterExit: true });
    const visitor = await buildGuest(open.db, open.event, { status: "confirmed" });
    const seq = async (direction: "in" | "out") => (await open.scan({ guestId: visitor.id, direction })).body.result;
    expect(await seq("out")).toBe("not_checked_in");
    expect(await seq("in")).toBe("ok");
    expect(await seq("in")).toBe("already_checked_in");
    expect(await seq("out")).toBe("ok");
    expect(await seq("out")).toBe("not_checked_in");
    expect(await seq("in")).toBe("ok");

    const noReentry = await setUp({ exitScans: true });
    const once = await buildGuest(noReentry.db, noReentry.event, { status: "confirmed" });
    const go = async (direction: "in" | "out") => (await noReentry.scan({ guestId: once.id, direction })).body.result;
    expect([await go("in"), await go("out"), await go("in")]).toEqual(["ok", "ok", "already_checked_in"]);

    const multiple = await setUp({ multipleEntries: true });
    const regular = await buildGuest(multiple.db, multiple.event, { status: "confirmed" });
    for (let i = 0; i < 3; i++) expect((await multiple.scan({ guestId: regular.id })).body.result).toBe("ok");
    expect(await multiple.db("checkinEntries").where({ guestId: regular.id }).first()).toMatchObject({ entries: 3 });
  });

  it("refuses scans at a disabled session (403) but takes its offline uploads", async () => {
    const { db, event, scan, url, scansOf } = await setUp({ status: "disabled" });
    const guest = await buildGuest(db, event, { status: "confirmed" });
    const refused = await scan({ guestId: guest.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("checkin_disabled");
    expect(await scansOf()).toHaveLength(0);
    const editor = suite.server.http.as(
      await sessionTokenFor(
        suite.server.db,
        suite.server.config,
        (await db("users").where({ role: "editor", accountId: event.accountId }).first()) as never,
      ),
    );
    const upload = await editor.post(`${url}/checks`, { scans: [{ scanId: randomUUID(), guestId: guest.id }] });
    expect(upload.status).toBe(200);
    expect(upload.body.data[0].result).toBe("ok");
  });

  it("keeps every offline upload: a late admission already made at another desk is a flagged forced entry", async () => {
    const { db, event, scan, url, editorHttp, scansOf } = await setUp();
    const ada = await buildGuest(db, event, { firstName: "Ada", status: "confirmed" });
    const bob = await buildGuest(db, event, { firstName: "Bob", status: "confirmed" });
    const cy = await buildGuest(db, event, { firstName: "Cy", status: "confirmed" });
    const pending = await buildGuest(db, event, { status: "pending_approval" });
    // Door A (online) lets Ada in now; Door B was offline and let her in ten minutes ago.
    await scan({ guestId: ada.id, desk: "Door A" });
    const earlier = new Date(Date.now() - 10 * 60_000).toISOString();
    const batch = [
      { scanId: randomUUID(), guestId: ada.id, scannedAt: earlier, desk: "Door B" },
      { scanId: randomUUID(), guestId: bob.id, scannedAt: earlier, desk: "Door B" },
      { scanId: randomUUID(), guestId: pending.id, scannedAt: earlier, desk: "Door B" },
      { scanId: randomUUID(), guestId: cy.id, scannedAt: earlier, desk: "Door B", localResult: "not_allowed" },
      { scanId: randomUUID(), guestId: randomUUID(), scannedAt: earlier, desk: "Door B" },
    ];
    const upload = await editorHttp.post(`${url}/checks`, { scans: batch });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(
      upload.body.data.map((answer: { result: string; forced: boolean; flagged: boolean }) => [
        answer.result,
        answer.forced,
        answer.flagged,
      ]),
    ).toEqual([
      ["ok", true, true],
      ["ok", false, false],
      ["ok", true, true],
      ["not_allowed", false, false],
      ["unknown", false, true],
    ]);
    expect(upload.body.data[0]).toMatchObject({ conflict: "already_checked_in", scannedAt: earlier, desk: "Door B" });
    expect(upload.body.data[2]).toMatchObject({ conflict: "not_confirmed" });
    // Sent again (the desk did not hear back): the same answers, nothing new.
    const again = await editorHttp.post(`${url}/checks`, { scans: batch });
    expect(again.body.data.map((answer: { repeated: boolean }) => answer.repeated)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(await scansOf()).toHaveLength(6);
    const [rowOfAda] = await db("checkinScans").where({ scanId: batch[0]!.scanId });
    expect(rowOfAda).toMatchObject({ result: "ok", desk: "Door B", offline: kind === "sqlite" ? 1 : true });
    expect(new Date(rowOfAda.scannedAt).toISOString()).toBe(earlier);
  });

  it("counts the session exactly: allowed, checked in, present, entries and exits, by result and by desk", async () => {
    const { db, event, scan, url, editorHttp, vip } = await setUp({ exitScans: true, reentryAfterExit: true });
    await editorHttp.post(url, { conditions: { field: vip.id, op: "includes", value: ["vip"] } });
    const vips = await Promise.all(
      [1, 2, 3].map(() => buildGuest(db, event, { status: "confirmed", answers: { [vip.id]: "vip" } })),
    );
    const standard = await buildGuest(db, event, { status: "confirmed", answers: { [vip.id]: "std" } });
    await buildGuest(db, event, { status: "pending_approval", answers: { [vip.id]: "vip" } });
    await scan({ guestId: vips[0]!.id, desk: "A" }); // ok
    await scan({ guestId: vips[0]!.id, desk: "B" }); // already
    await scan({ guestId: vips[1]!.id, desk: "B" }); // ok
    await scan({ guestId: vips[1]!.id, desk: "B", direction: "out" }); // ok (exit)
    await scan({ guestId: vips[1]!.id, desk: "A" }); // ok (re-entry)
    await scan({ guestId: vips[2]!.id, desk: "A", direction: "out" }); // not_checked_in
    await scan({ guestId: standard.id, desk: "A" }); // not_allowed
    await scan({ guestId: standard.id, desk: "A", force: true }); // ok forced
    const stats = await editorHttp.get(`${url}/stats`);
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      allowedGuests: 3,
      checkedIn: 3,
      presentNow: 3,
      entries: 4,
      exits: 1,
      forced: 1,
      flagged: 0,
      scans: 8,
      byResult: {
        ok: 5,
        already_checked_in: 1,
        not_checked_in: 1,
        not_allowed: 1,
        not_confirmed: 0,
        unknown: 0,
        revoked: 0,
        other_event: 0,
      },
    });
    expect(
      stats.body.byDesk.map(({ desk, scans, ok }: { desk: string; scans: number; ok: number }) => [desk, scans, ok]),
    ).toEqual([
      ["A", 5, 3],
      ["B", 3, 2],
    ]);
  });

  it("lets exactly one of two desks in when they scan one guest at once (20 concurrent scans, repeated)", async () => {
    const { db, event, scan, checkin } = await setUp();
    for (let round = 0; round < 5; round++) {
      const guest = await buildGuest(db, event, { status: "confirmed" });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => scan({ guestId: guest.id, desk: `Desk ${index % 2}` })),
      );
      const results = answers.map((answer) => answer.body.result);
      expect(
        results.filter((result) => result === "ok"),
        JSON.stringify(results),
      ).toHaveLength(1);
      expect(results.filter((result) => result === "already_checked_in")).toHaveLength(19);
      const rows = await db("checkinScans").where({ checkinId: checkin.id, guestId: guest.id });
      expect(rows).toHaveLength(20);
      expect(await db("checkinEntries").where({ guestId: guest.id }).first()).toMatchObject({ entries: 1 });
    }
  });

  it.runIf(kind === "postgres")(
    "answers unknown for a guest deleted (or merged away) between the scan's read and its write",
    async () => {
      const { db, event, scan, scansOf } = await setUp();
      const guest = await buildGuest(db, event, { status: "confirmed" });
      // The deletion holds the guest's row: the scan reads the guest, then its entry waits for the row.
      const deletion = await db.transaction();
      try {
        await deletion("guests").where({ id: guest.id }).forUpdate().first("id");
        const answer = scan({ guestId: guest.id, desk: "Door A" });
        await expect.poll(() => waitingOnLocks(db), { timeout: 5_000 }).toBeGreaterThan(0);
        await deletion("guests").where({ id: guest.id }).delete();
        await deletion.commit();
        const answered = await answer;
        expect(answered.status, JSON.stringify(answered.body)).toBe(200);
        expect(answered.body).toMatchObject({ result: "unknown", guest: null });
      } finally {
        if (!deletion.isCompleted()) await deletion.rollback();
      }
      expect(await scansOf()).toMatchObject([{ result: "unknown", guestId: null }]);
      expect(await db("checkinEntries").where({ guestId: guest.id })).toEqual([]);
    },
  );
});

/** How many statements of the test's database wait for a lock now (PostgreSQL). */
async function waitingOnLocks(db: { raw: (sql: string) => Promise<{ rows: { n: string }[] }> }): Promise<number> {
  const result = await db.raw(
    "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return Number(result.rows[0]!.n);
}

async function expectNoNewScan<T>(scansOf: () => Promise<unknown[]>, call: () => Promise<T>): Promise<T> {
  const before = (await scansOf()).length;
  const answer = await call();
  expect((await scansOf()).length).toBe(before);
  return answer;
}

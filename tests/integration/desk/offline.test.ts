import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentGuestCodeText } from "../../../api/src/services/checkin-codes/codes.ts";
import { createDeskCore } from "../../../desktop/src/core/core.ts";
import { createScanQueue } from "../../../desktop/src/core/queue.ts";
import { openLocalDb } from "../../../desktop/src/core/localDb.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { sessionWithAccessCode } from "../../helpers/deskSession.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * The desk core against a real API (issue 13, items 2 and 3): sign-in with an access code, the snapshot
 * downloaded page by page then refreshed since, and scans verified offline from the local database and queued
 * once each with their scan ids.
 */
describe.each(databaseKinds())("the desk core offline on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp(options: { multipleEntries?: boolean; reentryAfterExit?: boolean; exitScans?: boolean } = {}) {
    const { db, account, event, http, checkin, accessCode } = await sessionWithAccessCode(suite.server, options);
    const databaseFile = path.join(mkdtempSync(path.join(tmpdir(), "desk-offline-")), "desk.sqlite");
    const open = () =>
      createDeskCore({ version: "0.1.0", platform: "linux", serverUrl: suite.server.baseUrl, databaseFile });
    const codeOf = async (guestId: string, where = event) =>
      (await currentGuestCodeText(db, suite.server.config.secret, where, guestId, new Date()))!;
    return { db, http, account, event, checkin, accessCode, databaseFile, open, codeOf };
  }

  it("signs in, downloads every page, then refreshes only what changed", async () => {
    const { db, http, event, checkin, accessCode, open, databaseFile, codeOf } = await setUp();
    const guests: { id: string; lastName: string | null }[] = [];
    for (let index = 0; index < 5; index++)
      guests.push(await buildGuest(db, event, { firstName: `Guest${index}`, status: "confirmed" }));
    await buildGuest(db, event, { firstName: "Pending", status: "pending_approval" });
    await codeOf(guests[2]!.id); // the event's signing key is made with its first code
    const core = open();
    const session = await core["desk.signIn"](accessCode, "Door A");
    expect(session).toMatchObject({ checkinId: checkin.id, eventId: event.id, desk: "Door A" });
    expect(session.displayedFields.map((field) => field.id)).toEqual(["firstName", "lastName"]);

    const full = await core["desk.refresh"]();
    expect(full).toMatchObject({ kind: "full", guests: 5 });
    const status = await core["desk.status"]();
    expect(status).toMatchObject({ signedIn: true, online: true, pendingScans: 0, lastSyncAt: full.lastSyncAt });
    expect(status.lastSyncAgeMs).toBeGreaterThanOrEqual(0);

    // A guest added, one no longer allowed (cancelled), one renamed.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = new Date().toISOString();
    const added = await buildGuest(db, event, { firstName: "Late", status: "confirmed" });
    await db("guests").where({ id: guests[0]!.id }).update({ status: "cancelled", updatedAt: later });
    await db("guests").where({ id: guests[1]!.id }).update({ firstName: "Renamed", updatedAt: later });
    const incremental = await core["desk.refresh"]();
    expect(incremental).toMatchObject({ kind: "incremental", guests: 5, changed: 3 });
    // The session's rules or fields changed: the next refresh downloads everything again.
    const shown = await http.post(`${eventBase(event)}/checkins/${checkin.id}`, { displayedFields: ["lastName"] });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(await core["desk.refresh"]()).toMatchObject({ kind: "full", guests: 5 });
    core.close();

    const local = openLocalDb(databaseFile);
    const rows = local.prepare("SELECT id, fields FROM guests ORDER BY id").all() as { id: string; fields: string }[];
    expect(rows.map((row) => row.id).sort()).toEqual([added.id, ...guests.slice(1).map((guest) => guest.id)].sort());
    expect(JSON.parse(rows.find((row) => row.id === guests[1]!.id)!.fields)).toEqual({ lastName: guests[1]!.lastName });
    expect(local.prepare("SELECT token FROM session").pluck().get()).toMatch(/^tsd_/);
    expect(local.prepare("SELECT count(*) FROM verification_keys").pluck().get()).toBeGreaterThan(0);
    local.close();
  });

  it("downloads a snapshot larger than a page in several pages, and starts over after a cut in a full one", async () => {
    const { db, http, event, checkin, accessCode, databaseFile } = await setUp();
    for (let index = 0; index < 7; index++) await buildGuest(db, event, { status: "confirmed" });
    const pages: string[] = [];
    let cutAt: number | null = null;
    const core = createDeskCore({
      version: "0.1.0",
      platform: "linux",
      serverUrl: suite.server.baseUrl,
      databaseFile,
      pageSize: 3,
      fetch: (input, init) => {
        if (input.includes("/desk/snapshot")) {
          pages.push(input);
          if (pages.length === cutAt) return Promise.reject(new TypeError("fetch failed"));
        }
        return fetch(input, init);
      },
    });
    await core["desk.signIn"](accessCode, "Door B");
    expect((await core["desk.refresh"]()).guests).toBe(7);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.every((page) => page.includes("limit=3"))).toBe(true);
    expect(pages.slice(1).every((page) => page.includes("after="))).toBe(true);

    // The session's rules change; the full download they call for is cut at its first page.
    const pass = await buildCustomField(db, event, {
      label: "Pass",
      type: "unique_choice",
      options: [{ id: "vip", label: "VIP", quota: null }],
    });
    const changed = await http.post(`${eventBase(event)}/checkins/${checkin.id}`, {
      conditions: { field: pass.id, op: "includes", value: ["vip"] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    cutAt = pages.length + 1;
    await expect(core["desk.refresh"]()).rejects.toThrow("fetch failed");
    expect((await core["desk.status"]()).online).toBe(false);
    // The next refresh is a full one again, which drops every guest the new rules leave out.
    expect(await core["desk.refresh"]()).toMatchObject({ kind: "full", guests: 0 });
    expect((await core["desk.status"]()).online).toBe(true);
    core.close();
  });

  it("checks signed codes offline: ok, already in, tampered, revoked, other event, and a guest newer than the snapshot", async () => {
    const { db, account, event, accessCode, open, codeOf, databaseFile } = await setUp();
    const ada = await buildGuest(db, event, { firstName: "Ada", lastName: "Lovelace", status: "confirmed" });
    const bob = await buildGuest(db, event, { firstName: "Bob", status: "confirmed" });
    const adaCode = await codeOf(ada.id);
    const bobCode = await codeOf(bob.id);
    await db("guestCodes").where({ guestId: bob.id }).update({ revokedAt: new Date().toISOString() });
    const elsewhere = await buildEvent(db, account.id);
    const stranger = await buildGuest(db, elsewhere, { status: "confirmed" });
    const strangerCode = await codeOf(stranger.id, elsewhere);

    const core = open();
    await core["desk.signIn"](accessCode, "Door A");
    await core["desk.refresh"]();
    // The server is gone from here on: every answer comes from the local database.
    await core["desk.setServerUrl"]("http://127.0.0.1:9");

    const first = await core["desk.check"]({ code: adaCode });
    expect(first).toMatchObject({
      result: "ok",
      direction: "in",
      desk: "Door A",
      guest: { id: ada.id, fields: { firstName: "Ada", lastName: "Lovelace" } },
      forced: false,
      flagged: false,
      repeated: false,
    });
    const again = await core["desk.check"]({ code: `${adaCode}\n` });
    expect(again).toMatchObject({
      result: "already_checked_in",
      guest: { id: ada.id },
      previous: { at: first.scannedAt, desk: "Door A", by: null },
    });
    const last = adaCode.at(-1) === "A" ? "B" : "A";
    expect(await core["desk.check"]({ code: adaCode.slice(0, -1) + last })).toMatchObject({
      result: "unknown",
      guest: null,
    });
    expect(await core["desk.check"]({ code: "not a code" })).toMatchObject({ result: "unknown", guest: null });
    expect(await core["desk.check"]({ code: bobCode })).toMatchObject({ result: "revoked", guest: null });
    expect(await core["desk.check"]({ code: strangerCode })).toMatchObject({ result: "other_event", guest: null });

    // Registered after the refresh: not in the snapshot, yet its signed code lets the guest in.
    const late = await buildGuest(db, event, { firstName: "Late", status: "confirmed" });
    const lateCode = await codeOf(late.id);
    expect(await core["desk.check"]({ code: lateCode })).toMatchObject({ result: "ok", guest: { id: late.id } });
    expect(await core["desk.check"]({ code: lateCode })).toMatchObject({ result: "already_checked_in" });
    // By id (found by name): a guest the snapshot lacks is unknown.
    expect(await core["desk.check"]({ guestId: late.id })).toMatchObject({ result: "unknown" });
    expect(await core["desk.check"]({ guestId: stranger.id })).toMatchObject({ result: "unknown" });

    const status = await core["desk.status"]();
    expect(status.pendingScans).toBe(10);
    // A second handle on the core's file while it is open (WAL lets both read).
    const beside = openLocalDb(databaseFile);
    const queued = createScanQueue(beside).all();
    beside.close();
    core.close();

    // Reopened: the same scans, once each, with the same ids and answers.
    const reopened = openLocalDb(databaseFile);
    const after = createScanQueue(reopened).all();
    expect(after).toEqual(queued);
    expect(new Set(after.map((scan) => scan.scanId)).size).toBe(10);
    expect(after.map((scan) => scan.localResult)).toEqual([
      "ok",
      "already_checked_in",
      "unknown",
      "unknown",
      "revoked",
      "other_event",
      "ok",
      "already_checked_in",
      "unknown",
      "unknown",
    ]);
    expect(after[0]).toMatchObject({ scanId: first.scanId, guestId: ada.id, code: adaCode, uploadedAt: null });
    expect(() => createScanQueue(reopened).record({ ...after[0]!, answer: after[0]!.answer })).toThrow(/UNIQUE/);
    reopened.close();
  });

  it("follows the session's options: re-entry after exit, multiple entries, exits", async () => {
    const { db, event, accessCode, open, codeOf } = await setUp({ reentryAfterExit: true, exitScans: true });
    const ada = await buildGuest(db, event, { status: "confirmed" });
    const code = await codeOf(ada.id);
    const core = open();
    await core["desk.signIn"](accessCode, "Door A");
    await core["desk.refresh"]();
    const results = [];
    for (const direction of ["out", "in", "in", "out", "out", "in"] as const)
      results.push((await core["desk.check"]({ code, direction })).result);
    expect(results).toEqual(["not_checked_in", "ok", "already_checked_in", "ok", "not_checked_in", "ok"]);
    core.close();

    const many = await setUp({ multipleEntries: true });
    const cy = await buildGuest(many.db, many.event, { status: "confirmed" });
    const cyCode = await many.codeOf(cy.id);
    const desk = many.open();
    await desk["desk.signIn"](many.accessCode, "Door B");
    await desk["desk.refresh"]();
    expect((await desk["desk.check"]({ code: cyCode })).result).toBe("ok");
    expect((await desk["desk.check"]({ code: cyCode })).result).toBe("ok");
    expect((await desk["desk.check"]({ code: cyCode, direction: "out" })).result).toBe("not_allowed");
    desk.close();
  });
});

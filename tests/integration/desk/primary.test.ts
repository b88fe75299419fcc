import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentGuestCodeText } from "../../../api/src/services/checkin-codes/codes.ts";
import { createDeskCore, type DeskCore } from "../../../desktop/src/core/core.ts";
import { openLocalDb } from "../../../desktop/src/core/localDb.ts";
import { createPrimaryHandlers } from "../../../desktop/src/core/primary/handlers.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildGuests } from "../../helpers/guests.ts";
import { sessionWithAccessCode } from "../../helpers/deskSession.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** Nothing listens there: a desk pointed at it has lost the internet. */
const NO_SERVER = "http://127.0.0.1:9";

interface ServerScan {
  scanId: string;
  guestId: string | null;
  result: string;
  flagged: boolean | number;
  desk: string | null;
}

/**
 * The LAN primary desk against a real API (issue 13, item 5): three desks of one session, one of them the
 * venue's primary. With the server out of reach a guest enters once across the desks; with the primary down
 * too the desks answer alone; the primary back, each peer sends it what it answered alone before its next
 * scan; the server back, every scan is on it exactly once and only the guest admitted at two desks while they
 * could not see each other is a conflict.
 */
describe.each(databaseKinds())("the LAN primary desk on %s", (kind) => {
  const suite = useTestServer(kind);

  it("refuses a second entry across desks while the server is down, answers alone without the primary, and reconciles first", async () => {
    const { db, event, checkin, accessCode } = await sessionWithAccessCode(suite.server);
    const guests = await buildGuests(db, event, 6, (index) => ({
      firstName: `Guest${index}`,
      lastName: "Venue",
      status: "confirmed",
    }));
    const codeOf = async (guestId: string) =>
      (await currentGuestCodeText(db, suite.server.config.secret, event, guestId, new Date()))!;
    const codes = [await codeOf(guests[0]!), await codeOf(guests[1]!)];

    const folder = mkdtempSync(path.join(tmpdir(), "desk-primary-"));
    const names = ["Door A", "Door B", "Door C"] as const;
    const desks: DeskCore[] = [];
    for (const name of names) {
      const desk = createDeskCore({
        version: "0.1.0",
        platform: "linux",
        serverUrl: suite.server.baseUrl,
        databaseFile: path.join(folder, `${name}.sqlite`),
        probeIntervalMs: 0,
        primaryRetryMs: 0,
      });
      await desk["desk.signIn"](accessCode, name);
      await desk["desk.refresh"]();
      desks.push(desk);
    }
    const [a, b, c] = desks as [DeskCore, DeskCore, DeskCore];
    const [primaryA, linkB, linkC] = desks.map((desk) =>
      createPrimaryHandlers({ core: desk, mdns: false, host: "127.0.0.1" }),
    ) as [ReturnType<typeof createPrimaryHandlers>, ...ReturnType<typeof createPrimaryHandlers>[]];

    // Desk A becomes the primary; B and C pair with the code it shows (a wrong one is refused).
    const started = await primaryA["primary.start"]({ port: 0 });
    expect(started.pairingCode).toMatch(/^\d{6}$/);
    const address = `http://127.0.0.1:${started.port}`;
    const wrong = started.pairingCode === "000000" ? "000001" : "000000";
    expect(await linkB!["primary.connect"](address, wrong)).toMatchObject({
      ok: false,
      reason: "wrong_pairing_code",
      status: { role: "none" },
    });
    expect(await linkB!["primary.connect"](address, started.pairingCode)).toEqual({
      ok: true,
      status: expect.objectContaining({ role: "peer", address, reachable: true }) as unknown,
    });
    // The API server is no primary desk.
    expect(await linkC!["primary.connect"](suite.server.baseUrl, started.pairingCode)).toMatchObject({
      ok: false,
      reason: "not_a_primary",
    });
    expect((await linkC!["primary.connect"](address, started.pairingCode)).ok).toBe(true);
    expect(await primaryA["primary.status"]()).toMatchObject({ role: "primary", peers: 2 });
    await expect(linkB!["primary.start"]()).rejects.toMatchObject({ code: "primary_linked" });

    // The internet goes down: every scan is checked against the primary's record of the venue.
    for (const desk of desks) await desk["desk.setServerUrl"](NO_SERVER);
    const first = await b["desk.check"]({ code: codes[0] });
    expect(first).toMatchObject({ result: "ok", desk: "Door B", guest: { id: guests[0] } });
    expect(await c["desk.check"]({ code: codes[0] })).toMatchObject({
      result: "already_checked_in",
      previous: { at: first.scannedAt, desk: "Door B" },
    });
    expect(await a["desk.check"]({ guestId: guests[0]! })).toMatchObject({
      result: "already_checked_in",
      previous: { desk: "Door B" },
    });
    expect(await a["desk.check"]({ code: codes[1] })).toMatchObject({ result: "ok", desk: "Door A" });
    expect(await b["desk.check"]({ guestId: guests[1]! })).toMatchObject({
      result: "already_checked_in",
      previous: { desk: "Door A" },
    });
    expect(await linkB!["primary.status"]()).toMatchObject({ role: "peer", reachable: true, unreconciled: 0 });

    // The primary goes down too: each desk answers alone, and the two desks admit guest 2 both.
    await primaryA["primary.stop"]();
    expect((await primaryA["primary.status"]()).role).toBe("none");
    expect((await b["desk.check"]({ guestId: guests[2]! })).result).toBe("ok");
    expect((await c["desk.check"]({ guestId: guests[2]! })).result).toBe("ok");
    expect((await b["desk.check"]({ guestId: guests[3]! })).result).toBe("ok");
    // What the primary told C before stays with it: guest 0 is still refused there.
    expect((await c["desk.check"]({ code: codes[0] })).result).toBe("already_checked_in");
    expect(await linkB!["primary.status"]()).toMatchObject({ reachable: false, unreconciled: 2 });
    expect(await linkC!["primary.status"]()).toMatchObject({ reachable: false, unreconciled: 2 });

    // The primary is back: C's next scan first sends what C answered alone, then is answered by the primary.
    await primaryA["primary.start"]({ port: started.port });
    expect(await c["desk.check"]({ guestId: guests[4]! })).toMatchObject({ result: "ok", desk: "Door C" });
    expect(await linkC!["primary.status"]()).toMatchObject({
      reachable: true,
      unreconciled: 0,
      lastReconcileConflicts: 0,
    });
    // B's too: its admission of guest 2 comes after C's in the primary's record, a conflict.
    expect((await b["desk.check"]({ guestId: guests[5]! })).result).toBe("ok");
    expect(await linkB!["primary.status"]()).toMatchObject({
      reachable: true,
      unreconciled: 0,
      lastReconcileConflicts: 1,
    });
    // The primary's record holds B's lone scans before the scan that followed them.
    const recordOfB = a
      .database()
      .prepare("SELECT guest_id FROM scans WHERE peer_desk = 'Door B' ORDER BY position")
      .pluck()
      .all();
    expect(recordOfB).toEqual([guests[0], guests[1], guests[2], guests[3], guests[5]]);
    expect(await a["desk.check"]({ guestId: guests[3]! })).toMatchObject({
      result: "already_checked_in",
      previous: { desk: "Door B" },
    });
    expect(await b["desk.check"]({ guestId: guests[4]! })).toMatchObject({
      result: "already_checked_in",
      previous: { desk: "Door C" },
    });

    // The internet is back: each desk uploads its own scans (the primary not its peers'), twice round.
    for (const desk of desks) await desk["desk.setServerUrl"](suite.server.baseUrl);
    for (const desk of desks) await desk["desk.sync"]();
    for (const desk of desks) expect((await desk["desk.sync"]()).uploaded).toBe(0);

    const scans = (await db("checkinScans")
      .where({ checkinId: checkin.id })
      .select("scanId", "guestId", "result", "flagged", "desk")) as ServerScan[];
    const ownScans = names.map((name) => {
      const local = openLocalDb(path.join(folder, `${name}.sqlite`));
      const ids = local.prepare("SELECT scan_id FROM scans WHERE peer_desk IS NULL").pluck().all() as string[];
      local.close();
      return ids;
    });
    expect(ownScans.map((ids) => ids.length)).toEqual([3, 6, 4]);
    const allOwn = ownScans.flat();
    expect(scans.length).toBe(allOwn.length);
    expect(scans.map((scan) => scan.scanId).sort()).toEqual([...allOwn].sort());
    const entries = (await db("checkinEntries").where({ checkinId: checkin.id }).select("guestId", "state")) as {
      guestId: string;
      state: string;
    }[];
    expect(entries.map((entry) => entry.guestId).sort()).toEqual([...guests].sort());
    expect(entries.every((entry) => entry.state === "in")).toBe(true);
    const flagged = scans.filter((scan) => Boolean(scan.flagged));
    expect(flagged.map((scan) => scan.guestId)).toEqual([guests[2]]);
    const admitted = scans.filter((scan) => scan.result === "ok" && !scan.flagged);
    expect(admitted.map((scan) => scan.guestId).sort()).toEqual([...guests].sort());

    const conflicts = await Promise.all(desks.map((desk) => desk["desk.conflicts"]()));
    expect(conflicts.map((list) => list.map((conflict) => conflict.guestId))).toEqual([[], [guests[2]], [guests[2]]]);
    for (const desk of desks) expect((await desk["desk.status"]()).pendingScans).toBe(0);

    for (const handlers of [primaryA, linkB!, linkC!]) await handlers.close();
    for (const desk of desks) desk.close();
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentGuestCodeText } from "../../../api/src/services/checkin-codes/codes.ts";
import { createDeskCore, type DeskCoreOptions } from "../../../desktop/src/core/core.ts";
import type { FetchLike } from "../../../desktop/src/core/deskHttp.ts";
import { openLocalDb } from "../../../desktop/src/core/localDb.ts";
import { createScanQueue } from "../../../desktop/src/core/queue.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildGuests } from "../../helpers/guests.ts";
import { sessionWithAccessCode } from "../../helpers/deskSession.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Scans made at the three desks of the first test, the 10,000 (env DESK_SYNC_SCANS for fewer): 5% of
 * the guests are scanned at two desks, the others at one.
 */
const SCANS = Number(process.env.DESK_SYNC_SCANS ?? 10_000);

interface ServerScan {
  scanId: string;
  guestId: string | null;
  result: string;
  forced: boolean | number;
  flagged: boolean | number;
  desk: string | null;
  scannedAt: string | Date;
}

/** A network the test cuts: up, refusing (nothing listens), or hanging (no answer until the caller gives up). */
function controlledNetwork() {
  const network = { mode: "up" as "up" | "refused" | "hanging", requests: [] as string[] };
  const fetchThrough: FetchLike = (input, init) => {
    network.requests.push(input);
    if (network.mode === "refused") return Promise.reject(new TypeError("fetch failed"));
    if (network.mode === "hanging")
      return new Promise((_resolve, reject) => {
        const signal = init?.signal;
        signal?.addEventListener("abort", () => reject(signal.reason as Error));
      });
    return fetch(input, init);
  };
  return { network, fetch: fetchThrough };
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The desk's sync against a real API (issue 13, items 3 and 4): offline scans uploaded in batches exactly
 * once, conflicts between desks flagged (the admission scanned first kept clean) and shown at both, a sync cut
 * short and resumed after a restart, and the desk going offline and back online by itself.
 */
describe.each(databaseKinds())("the desk core's sync on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp(guestCount: number) {
    const { db, event, checkin, accessCode } = await sessionWithAccessCode(suite.server);
    const guestIds = await buildGuests(db, event, guestCount, (index) => ({
      firstName: `Guest${index}`,
      lastName: "Sync",
      status: "confirmed",
    }));
    const codeOf = async (guestId: string) =>
      (await currentGuestCodeText(db, suite.server.config.secret, event, guestId, new Date()))!;
    const folder = mkdtempSync(path.join(tmpdir(), "desk-sync-"));
    const open = (name: string, options: Partial<DeskCoreOptions> = {}) =>
      createDeskCore({
        version: "0.1.0",
        platform: "linux",
        serverUrl: suite.server.baseUrl,
        databaseFile: path.join(folder, `${name}.sqlite`),
        probeIntervalMs: 0,
        ...options,
      });
    const serverScans = async () =>
      (await db("checkinScans")
        .where({ checkinId: checkin.id })
        .select("scanId", "guestId", "result", "forced", "flagged", "desk", "scannedAt")) as ServerScan[];
    const localScanIds = (name: string) => {
      const local = openLocalDb(path.join(folder, `${name}.sqlite`));
      const queue = createScanQueue(local);
      const ids = queue.all().map((scan) => scan.scanId);
      const pending = queue.pendingCount();
      local.close();
      return { ids, pending };
    };
    return { db, checkin, accessCode, guestIds, codeOf, open, serverScans, localScanIds };
  }

  it(`three desks scanning offline (${SCANS} scans, 5% of the guests at two desks) sync exactly once and all see their conflicts`, async () => {
    const guestCount = Math.round(SCANS / 1.05);
    const overlap = SCANS - guestCount;
    const { guestIds, accessCode, codeOf, open, serverScans, localScanIds, db, checkin } = await setUp(guestCount);
    const codes = new Map<string, string>();
    for (const guestId of guestIds.slice(0, overlap)) codes.set(guestId, await codeOf(guestId));

    const { network, fetch: throughNetwork } = controlledNetwork();
    const names = ["Door A", "Door B", "Door C"];
    const desks = names.map((name) => open(name, { fetch: throughNetwork, uploadBatchSize: 200 }));
    for (const [index, desk] of desks.entries()) {
      await desk["desk.signIn"](accessCode, names[index]!);
      await desk["desk.refresh"]();
    }

    network.mode = "refused";
    const scannedAt = new Map<string, string[]>(); // guest → desks that scanned them
    for (const [index, guestId] of guestIds.entries()) {
      const at = [index % 3, ...(index < overlap ? [(index + 1) % 3] : [])];
      for (const deskIndex of at) {
        const code = codes.get(guestId);
        const answer = await desks[deskIndex]!["desk.check"](code ? { code } : { guestId });
        expect(answer.result, `${guestId} at ${names[deskIndex]}`).toBe("ok");
        scannedAt.set(guestId, [...(scannedAt.get(guestId) ?? []), names[deskIndex]!]);
      }
    }
    const statuses = await Promise.all(desks.map((desk) => desk["desk.status"]()));
    expect(statuses.map((status) => status.online)).toEqual([false, false, false]);
    expect(statuses.reduce((sum, status) => sum + status.pendingScans, 0)).toBe(SCANS);

    network.mode = "up";
    // Each desk syncs; a second round brings down the flagged entries made by the desks that synced after it.
    for (const desk of desks) await desk["desk.sync"]();
    for (const desk of desks) expect((await desk["desk.sync"]()).uploaded).toBe(0);

    const scans = await serverScans();
    expect(scans.length).toBe(SCANS);
    const serverIds = scans.map((scan) => scan.scanId);
    expect(new Set(serverIds).size).toBe(SCANS);
    const localIds = names.flatMap((name) => localScanIds(name).ids);
    expect(new Set(localIds).size).toBe(SCANS);
    expect([...serverIds].sort()).toEqual([...localIds].sort());

    const byGuest = new Map<string, ServerScan[]>();
    for (const scan of scans) byGuest.set(scan.guestId!, [...(byGuest.get(scan.guestId!) ?? []), scan]);
    for (const [index, guestId] of guestIds.entries()) {
      const rows = byGuest.get(guestId) ?? [];
      if (index < overlap) {
        expect(rows.length, guestId).toBe(2);
        // The admission scanned first is the clean one, whichever desk uploaded first (ties: the smaller scan id).
        const time = (row: ServerScan) => new Date(row.scannedAt).getTime();
        const [earliest] = [...rows].sort((a, b) => time(a) - time(b) || (a.scanId < b.scanId ? -1 : 1));
        expect(
          rows.filter((row) => !row.flagged && !row.forced && row.result === "ok").map((row) => row.scanId),
          guestId,
        ).toEqual([earliest!.scanId]);
        expect(rows.filter((row) => Boolean(row.flagged) && Boolean(row.forced)).length, guestId).toBe(1);
        expect(rows.map((row) => row.desk).sort()).toEqual([...scannedAt.get(guestId)!].sort());
      } else {
        expect(
          rows.map((row) => [row.result, Boolean(row.flagged)]),
          guestId,
        ).toEqual([["ok", false]]);
      }
    }
    const [entered] = await db("checkinEntries").where({ checkinId: checkin.id, state: "in" }).count({ n: "*" });
    expect(Number(entered!.n)).toBe(guestCount);

    // Both desks of each guest scanned twice show the conflict, by name; no other guest is one.
    const conflicts = await Promise.all(desks.map((desk) => desk["desk.conflicts"]()));
    for (const [index, guestId] of guestIds.slice(0, overlap).entries()) {
      const seenAt = names.filter((_name, deskIndex) =>
        conflicts[deskIndex]!.some((conflict) => conflict.guestId === guestId),
      );
      expect(seenAt.sort(), guestId).toEqual([...scannedAt.get(guestId)!].sort());
      const sides = conflicts.flatMap((list) => list.filter((conflict) => conflict.guestId === guestId));
      expect(sides.map((side) => side.flagged).sort()).toEqual(["elsewhere", "here"]);
      expect(sides.every((side) => side.name === `Guest${index} Sync`)).toBe(true);
      expect(sides.find((side) => side.flagged === "here")!.previous).not.toBeNull();
    }
    expect(conflicts.reduce((sum, list) => sum + list.length, 0)).toBe(2 * overlap);
    const after = await Promise.all(desks.map((desk) => desk["desk.status"]()));
    expect(after.map((status) => status.pendingScans)).toEqual([0, 0, 0]);
    expect(after.map((status) => status.online)).toEqual([true, true, true]);
    expect(after.reduce((sum, status) => sum + status.conflicts, 0)).toBe(2 * overlap);
    for (const name of names) expect(localScanIds(name).pending).toBe(0);
    for (const desk of desks) desk.close();
  }, 120_000);

  it("a sync killed after the server took its second batch loses and doubles nothing once restarted", async () => {
    const count = 300;
    const { guestIds, accessCode, open, serverScans, localScanIds } = await setUp(count);
    const { network, fetch: throughNetwork } = controlledNetwork();
    const first = open("Door K", { fetch: throughNetwork });
    await first["desk.signIn"](accessCode, "Door K");
    await first["desk.refresh"]();
    network.mode = "refused";
    for (const guestId of guestIds) expect((await first["desk.check"]({ guestId })).result).toBe("ok");
    first.close();

    // Reopened with an upload that dies once the server has answered its second batch, before the desk stores it.
    let batches = 0;
    const dying = open("Door K", {
      uploadBatchSize: 50,
      fetch: async (input, init) => {
        if (!input.endsWith("/desk/checks")) return fetch(input, init);
        batches += 1;
        const answer = await fetch(input, init);
        if (batches === 2) throw new Error("killed");
        return answer;
      },
    });
    await expect(dying["desk.sync"]()).rejects.toThrow("killed");
    expect((await dying["desk.status"]()).pendingScans).toBe(count - 50);
    dying.close();
    expect((await serverScans()).length).toBe(100);

    const restarted = open("Door K");
    const synced = await restarted["desk.sync"]();
    expect(synced).toMatchObject({ uploaded: count - 50, repeated: 50, flagged: 0 });
    const scans = await serverScans();
    expect(scans.length).toBe(count);
    expect(new Set(scans.map((scan) => scan.scanId)).size).toBe(count);
    const local = localScanIds("Door K");
    expect(local.pending).toBe(0);
    expect(scans.map((scan) => scan.scanId).sort()).toEqual([...local.ids].sort());
    expect(scans.every((scan) => scan.result === "ok" && !scan.flagged)).toBe(true);
    restarted.close();
  });

  it("a network cut: checks answered here within the timeout and queued, then online again and uploaded", async () => {
    const { guestIds, accessCode, open, serverScans, localScanIds } = await setUp(5);
    const { network, fetch: throughNetwork } = controlledNetwork();
    const desk = open("Door N", { fetch: throughNetwork, probeIntervalMs: 100 });
    await desk["desk.signIn"](accessCode, "Door N");
    await desk["desk.refresh"]();

    // Online: the server answers the check, and the scan is kept as uploaded.
    const online = await desk["desk.check"]({ guestId: guestIds[0]! });
    expect(online).toMatchObject({ result: "ok", desk: "Door N", repeated: false });
    expect(await desk["desk.status"]()).toMatchObject({ online: true, pendingScans: 0 });
    expect((await desk["desk.check"]({ guestId: guestIds[0]! })).result).toBe("already_checked_in");

    // The server stops answering: the check is answered here once the 3 s wait is over, the desk goes offline.
    network.mode = "hanging";
    const started = Date.now();
    const cut = await desk["desk.check"]({ guestId: guestIds[1]! });
    const waited = Date.now() - started;
    expect(cut.result).toBe("ok");
    expect(waited).toBeGreaterThanOrEqual(2_900);
    expect(waited).toBeLessThan(3_500);
    expect(await desk["desk.status"]()).toMatchObject({ online: false, pendingScans: 1 });
    // Offline now: the next checks do not wait for the server.
    const quick = Date.now();
    expect((await desk["desk.check"]({ guestId: guestIds[2]! })).result).toBe("ok");
    expect((await desk["desk.check"]({ guestId: guestIds[1]! })).result).toBe("already_checked_in");
    expect(Date.now() - quick).toBeLessThan(200);
    expect(await desk["desk.status"]()).toMatchObject({ online: false, pendingScans: 3 });

    // Refused rather than hanging (the cable out): still offline, the probe keeps trying.
    network.mode = "refused";
    await new Promise((resolve) => setTimeout(resolve, 3_300));
    expect(await desk["desk.status"]()).toMatchObject({ online: false, pendingScans: 3 });

    // The server is back: the probe finds it and the queue goes up without a call from the desk's user.
    network.mode = "up";
    await until(async () => {
      const status = await desk["desk.status"]();
      return status.online === true && status.pendingScans === 0;
    }, 10_000);
    const scans = await serverScans();
    const local = localScanIds("Door N");
    expect(scans.length).toBe(5);
    expect(scans.map((scan) => scan.scanId).sort()).toEqual([...local.ids].sort());
    expect(scans.map((scan) => scan.result).sort()).toEqual([
      "already_checked_in",
      "already_checked_in",
      "ok",
      "ok",
      "ok",
    ]);
    const status = await desk["desk.status"]();
    expect(status.lastSyncError).toBeNull();
    expect(status.lastSyncAgeMs).toBeGreaterThanOrEqual(0);
    desk.close();
  });

  it("a server error leaves the batch pending and retries it after a doubling wait; checks stay local meanwhile", async () => {
    const { guestIds, accessCode, open, serverScans } = await setUp(5);
    const { network, fetch: throughNetwork } = controlledNetwork();
    const attempts: number[] = [];
    const desk = open("Door R", {
      probeIntervalMs: 50,
      retryBaseMs: 300,
      fetch: (input, init) => {
        if (network.mode === "up" && input.endsWith("/desk/checks")) {
          attempts.push(Date.now());
          if (attempts.length <= 2)
            return Promise.resolve(
              new Response(JSON.stringify({ error: { code: "unavailable", message: "Busy" } }), { status: 503 }),
            );
        }
        return throughNetwork(input, init);
      },
    });
    await desk["desk.signIn"](accessCode, "Door R");
    await desk["desk.refresh"]();
    network.mode = "refused";
    for (const guestId of guestIds.slice(0, 3)) expect((await desk["desk.check"]({ guestId })).result).toBe("ok");
    network.mode = "up";
    network.requests.length = 0;
    // Scans still pending: a check is answered here (the server has not seen this desk's earlier scans yet).
    expect((await desk["desk.check"]({ guestId: guestIds[0]! })).result).toBe("already_checked_in");
    expect(network.requests.some((url) => url.endsWith("/desk/check"))).toBe(false);
    // Done once the retried sync went through whole: its upload, then its refresh (which clears the error).
    await until(async () => {
      const status = await desk["desk.status"]();
      return status.pendingScans === 0 && status.lastSyncError === null;
    }, 10_000);
    expect(attempts.length).toBe(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(300);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(600);
    expect((await serverScans()).length).toBe(4);
    expect(await desk["desk.status"]()).toMatchObject({ online: true, lastSyncError: null });
    // Nothing pending: checks go to the server again.
    expect((await desk["desk.check"]({ guestId: guestIds[4]! })).result).toBe("ok");
    expect(network.requests.some((url) => url.endsWith("/desk/check"))).toBe(true);
    desk.close();
  });
});

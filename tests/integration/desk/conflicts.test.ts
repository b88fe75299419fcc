import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanTopicOf } from "../../../api/src/services/checkins/live.ts";
import { createDeskCore, type DeskCore } from "../../../desktop/src/core/core.ts";
import type { FetchLike } from "../../../desktop/src/core/deskHttp.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { sessionWithAccessCode } from "../../helpers/deskSession.ts";
import { useTestServer } from "../../helpers/suite.ts";

interface ServerScan {
  scanId: string;
  desk: string | null;
  result: string;
  forced: boolean | number;
  flagged: boolean | number;
  scannedAt: string | Date;
  answer: string | Record<string, unknown>;
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const at = (minute: number) => new Date(Date.UTC(2026, 5, 12, 9, minute)).toISOString();
const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Earliest scan wins (issue 13 item 4): a guest admitted offline at two or three desks is resolved on the
 * server in favour of the admission scanned first, whatever the order the desks upload in; the others are
 * stored as flagged forced entries, the statistics the same either way, and every desk lists the conflict.
 */
describe.each(databaseKinds())("conflicts between offline desks on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp(names: string[], moreGuests = 0) {
    const { db, event, http, checkin, accessCode } = await sessionWithAccessCode(suite.server);
    const guest = await buildGuest(db, event, { firstName: "Grace", lastName: "Hopper", status: "confirmed" });
    const other = await buildGuest(db, event, { firstName: "Alan", lastName: "Turing", status: "confirmed" });
    const more: string[] = [];
    for (let index = 0; index < moreGuests; index++)
      more.push((await buildGuest(db, event, { status: "confirmed" })).id);
    const folder = mkdtempSync(path.join(tmpdir(), "desk-conflicts-"));
    const network = { up: true };
    const throughNetwork: FetchLike = (input, init) =>
      network.up ? fetch(input, init) : Promise.reject(new TypeError("fetch failed"));
    const desks = new Map<string, { core: DeskCore; clock: { now: string } }>();
    for (const name of names) {
      const clock = { now: new Date().toISOString() };
      const core = createDeskCore({
        version: "0.1.0",
        platform: "linux",
        serverUrl: suite.server.baseUrl,
        databaseFile: path.join(folder, `${name}.sqlite`),
        probeIntervalMs: 0,
        fetch: throughNetwork,
        now: () => new Date(clock.now),
      });
      await core["desk.signIn"](accessCode, name);
      await core["desk.refresh"]();
      desks.set(name, { core, clock });
    }
    network.up = false;
    /** The desk scans the guest offline at that time. */
    const scanAt = async (name: string, time: string, guestId = guest.id) => {
      const desk = desks.get(name)!;
      desk.clock.now = time;
      const answer = await desk.core["desk.check"]({ guestId });
      expect(answer.result, `${name} at ${time}`).toBe("ok");
      return answer.scanId;
    };
    const serverScans = async () =>
      (
        (await db("checkinScans")
          .where({ checkinId: checkin.id, guestId: guest.id })
          .orderBy("scannedAt")
          .select("scanId", "desk", "result", "forced", "flagged", "scannedAt", "answer")) as ServerScan[]
      ).map((row) => ({
        desk: row.desk,
        result: row.result,
        forced: Boolean(row.forced),
        flagged: Boolean(row.flagged),
        scannedAt: iso(row.scannedAt),
        answer: typeof row.answer === "string" ? (JSON.parse(row.answer) as Record<string, unknown>) : row.answer,
      }));
    const entry = async () => {
      const row = await db("checkinEntries").where({ checkinId: checkin.id, guestId: guest.id }).first();
      return {
        state: row.state,
        entries: Number(row.entries),
        firstInAt: iso(row.firstInAt),
        lastInAt: iso(row.lastInAt),
      };
    };
    const stats = async () => (await http.get(`${eventBase(event)}/checkins/${checkin.id}/stats`)).body;
    const sync = async (name: string) => {
      network.up = true;
      return desks.get(name)!.core["desk.sync"]();
    };
    const conflictsOf = (name: string) => desks.get(name)!.core["desk.conflicts"]();
    /** The live bus's messages of the event's scans, the last of each scan row kept (a later one corrects it). */
    const live = new Map<string, { guestId: string; desk: string; forced: boolean; flagged: boolean }>();
    const stopLive = await suite.server.deps.live.subscribe(scanTopicOf(event.id), (data) => {
      live.set(data.id as string, data as never);
    });
    const closeAll = () => {
      stopLive();
      for (const desk of desks.values()) desk.core.close();
    };
    /** The session's fields change: each desk's next refresh downloads everything again. */
    const changeFields = async () => {
      const changed = await http.post(`${eventBase(event)}/checkins/${checkin.id}`, { displayedFields: ["lastName"] });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    };
    return { guest, other, more, scanAt, serverScans, entry, stats, sync, conflictsOf, closeAll, live, changeFields };
  }

  it.each([
    ["A (scanned later) uploads first", ["Door A", "Door B"]],
    ["B (scanned first) uploads first", ["Door B", "Door A"]],
  ])("two desks: the earlier admission is the clean one when %s", async (_order, uploadOrder) => {
    const { guest, other, scanAt, serverScans, entry, stats, sync, conflictsOf, closeAll, live } = await setUp([
      "Door A",
      "Door B",
    ]);
    const scannedAtB = await scanAt("Door B", at(1));
    const scannedAtA = await scanAt("Door A", at(2));
    await scanAt("Door A", at(3), other.id);
    const uploads = [];
    for (const name of uploadOrder) uploads.push(await sync(name));
    expect(uploads.map((upload) => upload.uploaded)).toEqual(uploadOrder.map((name) => (name === "Door A" ? 2 : 1)));
    // The desk uploading second is told at once which of its admissions are flagged: A's only, never B's.
    expect(uploads[1]!.flagged).toBe(uploadOrder[1] === "Door A" ? 1 : 0);

    const scans = await serverScans();
    expect(scans.map((scan) => [scan.desk, scan.result, scan.forced, scan.flagged, scan.scannedAt])).toEqual([
      ["Door B", "ok", false, false, at(1)],
      ["Door A", "ok", true, true, at(2)],
    ]);
    expect(scans[0]!.answer).toMatchObject({ scanId: scannedAtB, forced: false, flagged: false });
    expect(scans[0]!.answer.conflict).toBeUndefined();
    expect(scans[0]!.answer.previous).toBeUndefined();
    expect(scans[1]!.answer).toMatchObject({
      scanId: scannedAtA,
      forced: true,
      flagged: true,
      conflict: "already_checked_in",
      previous: { at: at(1), desk: "Door B" },
    });
    // One guest in, both admissions kept as entries, its first at the earlier and its last at the later.
    expect(await entry()).toEqual({ state: "in", entries: 2, firstInAt: at(1), lastInAt: at(2) });
    expect(await stats()).toMatchObject({
      checkedIn: 2,
      presentNow: 2,
      entries: 3,
      forced: 1,
      flagged: 1,
      scans: 3,
      byResult: expect.objectContaining({ ok: 3, already_checked_in: 0 }),
    });
    // The live boards were told the same: their last word on each of Grace's scans.
    const graceLive = () =>
      [...live.values()]
        .filter((message) => message.guestId === guest.id)
        .map((message) => [message.desk, message.forced, message.flagged])
        .sort();
    await until(() => graceLive().length === 2 && graceLive()[0]![2] === true);
    expect(graceLive()).toEqual([
      ["Door A", true, true],
      ["Door B", false, false],
    ]);

    // Each desk syncs once more (bringing down what the other's upload changed): both list Grace.
    for (const name of uploadOrder) expect((await sync(name)).uploaded).toBe(0);
    const [atA, atB] = [await conflictsOf("Door A"), await conflictsOf("Door B")];
    expect(atA).toEqual([
      {
        guestId: guest.id,
        name: "Grace Hopper",
        scanId: scannedAtA,
        scannedAt: at(2),
        flagged: "here",
        previous: { at: at(1), desk: "Door B" },
      },
    ]);
    expect(atB).toEqual([
      {
        guestId: guest.id,
        name: "Grace Hopper",
        scanId: scannedAtB,
        scannedAt: at(1),
        flagged: "elsewhere",
        previous: null,
      },
    ]);
    closeAll();
  });

  it("three desks uploading latest first: the earliest admission wins, the two others flagged", async () => {
    const { scanAt, serverScans, entry, stats, sync, conflictsOf, closeAll } = await setUp([
      "Door A",
      "Door B",
      "Door C",
    ]);
    await scanAt("Door C", at(10));
    await scanAt("Door B", at(20));
    await scanAt("Door A", at(30));
    for (const name of ["Door A", "Door B", "Door C"]) await sync(name);
    for (const name of ["Door A", "Door B", "Door C"]) await sync(name);

    const scans = await serverScans();
    expect(scans.map((scan) => [scan.desk, scan.result, scan.forced, scan.flagged])).toEqual([
      ["Door C", "ok", false, false],
      ["Door B", "ok", true, true],
      ["Door A", "ok", true, true],
    ]);
    expect(scans[1]!.answer).toMatchObject({
      conflict: "already_checked_in",
      previous: { at: at(10), desk: "Door C" },
    });
    expect(await entry()).toEqual({ state: "in", entries: 3, firstInAt: at(10), lastInAt: at(30) });
    expect(await stats()).toMatchObject({ checkedIn: 1, presentNow: 1, entries: 3, forced: 2, flagged: 2, scans: 3 });
    const sides = await Promise.all(["Door A", "Door B", "Door C"].map(async (name) => await conflictsOf(name)));
    expect(sides.map((list) => list.map((conflict) => conflict.flagged))).toEqual([["here"], ["here"], ["elsewhere"]]);
    closeAll();
  });

  it("two desks uploading at once: for each guest the earlier admission wins, exactly once", async () => {
    const { db } = suite.server;
    const { guest, more, scanAt, sync, closeAll } = await setUp(["Door A", "Door B"], 19);
    const guests = [guest.id, ...more];
    // Door B scans each guest first, Door A a minute later; a few guests the other way round.
    const firstAt = new Map<string, string>();
    for (const [index, guestId] of guests.entries()) {
      const [early, late] = index % 4 === 0 ? ["Door A", "Door B"] : ["Door B", "Door A"];
      await scanAt(early, at(index * 2), guestId);
      await scanAt(late, at(index * 2 + 1), guestId);
      firstAt.set(guestId, early);
    }
    await Promise.all([sync("Door A"), sync("Door B")]);
    const rows = (await db("checkinScans")
      .whereIn("guestId", guests)
      .select("guestId", "desk", "forced", "flagged")) as {
      guestId: string;
      desk: string;
      forced: boolean | number;
      flagged: boolean | number;
    }[];
    expect(rows).toHaveLength(2 * guests.length);
    for (const guestId of guests) {
      const mine = rows.filter((row) => row.guestId === guestId);
      expect(
        mine.filter((row) => !row.flagged && !row.forced).map((row) => row.desk),
        guestId,
      ).toEqual([firstAt.get(guestId)]);
      expect(mine.filter((row) => Boolean(row.flagged) && Boolean(row.forced)).length, guestId).toBe(1);
    }
    closeAll();
  });

  it("a desk downloading everything again still finds its admission flagged after it went up", async () => {
    const { guest, scanAt, sync, conflictsOf, closeAll, changeFields } = await setUp(["Door A", "Door B"]);
    await scanAt("Door B", at(1));
    await scanAt("Door A", at(2));
    expect((await sync("Door A")).flagged).toBe(0);
    expect((await sync("Door B")).flagged).toBe(0);
    await changeFields();
    expect((await sync("Door A")).refresh.kind).toBe("full");
    expect(await conflictsOf("Door A")).toEqual([
      expect.objectContaining({ guestId: guest.id, flagged: "here", previous: { at: at(1), desk: "Door B" } }),
    ]);
    closeAll();
  });
});

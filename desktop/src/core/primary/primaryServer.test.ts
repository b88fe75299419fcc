import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openLocalDb, type LocalDb } from "../localDb.ts";
import { createScanQueue } from "../queue.ts";
import { PAIRING_ATTEMPTS_MAX, PAIRING_LOCKOUT_MS } from "./pairing.ts";
import { startPrimaryServer, type PrimaryServer } from "./primaryServer.ts";
import { PRIMARY_BODY_MAX, RECONCILE_BATCH_MAX } from "./protocol.ts";
import { writeTestSession } from "./testSession.ts";

const CHECKIN_ID = randomUUID();

/** A signed-in desk's database with one guest in its snapshot. */
function signedInDb(): { db: LocalDb; guestId: string } {
  const db = openLocalDb(path.join(mkdtempSync(path.join(tmpdir(), "desk-primary-")), "desk.sqlite"));
  const { guestIds } = writeTestSession(db, { checkinId: CHECKIN_ID, desk: "Door A", guests: 1 });
  return { db, guestId: guestIds[0]! };
}

describe("the primary desk's server", () => {
  let server: PrimaryServer | null = null;
  let db: LocalDb | null = null;
  afterEach(async () => {
    await server?.close();
    db?.close();
    server = null;
    db = null;
  });

  let clock = new Date();
  async function start() {
    clock = new Date();
    const made = signedInDb();
    db = made.db;
    server = await startPrimaryServer({ db: made.db, host: "127.0.0.1", now: () => clock });
    const url = `http://127.0.0.1:${server.port}`;
    const call = async (method: string, route: string, body?: unknown, secret?: string) => {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(secret ? { authorization: `Bearer ${secret}` } : {}),
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown> & { error?: { code: string } },
      };
    };
    const pair = async (desk = "Door B") => {
      const paired = await call("POST", "/primary/pair", {
        pairingCode: server!.pairing.code(),
        checkinId: CHECKIN_ID,
        desk,
      });
      expect(paired.status).toBe(200);
      return paired.body.secret as string;
    };
    return { ...made, call, pair };
  }

  const scan = (fields: Record<string, unknown> = {}) => ({
    scanId: randomUUID(),
    checkinId: CHECKIN_ID,
    direction: "in",
    scannedAt: new Date().toISOString(),
    desk: "Door B",
    ...fields,
  });

  it("answers only paired desks: no secret or a wrong one is 401, a wrong pairing code too", async () => {
    const { call, pair, guestId } = await start();
    const hello = await call("GET", "/primary/hello");
    expect(hello).toEqual({
      status: 200,
      body: { checkinId: CHECKIN_ID, name: "Main entrance", desk: "Door A", paired: false },
    });
    const body = scan({ guestId });
    expect((await call("POST", "/primary/check", body)).status).toBe(401);
    expect((await call("POST", "/primary/check", body, "not-a-secret")).status).toBe(401);
    expect((await call("POST", "/primary/reconcile", { desk: "Door B", scans: [] })).status).toBe(401);

    const wrong = server!.pairing.code() === "000000" ? "000001" : "000000";
    const refused = await call("POST", "/primary/pair", { pairingCode: wrong, checkinId: CHECKIN_ID, desk: "Door B" });
    expect(refused).toMatchObject({ status: 401, body: { error: { code: "wrong_pairing_code" } } });
    const otherSession = await call("POST", "/primary/pair", {
      pairingCode: server!.pairing.code(),
      checkinId: randomUUID(),
      desk: "Door B",
    });
    expect(otherSession).toMatchObject({ status: 409, body: { error: { code: "other_session" } } });

    const secret = await pair();
    expect((await call("GET", "/primary/hello", undefined, secret)).body.paired).toBe(true);
    expect(await call("POST", "/primary/check", body, secret)).toMatchObject({
      status: 200,
      body: { scanId: body.scanId, result: "ok", desk: "Door B", guest: { id: guestId } },
    });
    // A desk paired before this primary signed in to another session is not answered from this one.
    const stale = await call("POST", "/primary/check", { ...scan({ guestId }), checkinId: randomUUID() }, secret);
    expect(stale).toMatchObject({ status: 409, body: { error: { code: "other_session" } } });
    // Only its hash is kept.
    expect(db!.prepare("SELECT count(*) FROM primary_peers WHERE secret_hash = ?").pluck().get(secret)).toBe(0);
  });

  it("replaces its pairing code after a few wrong ones in a row, and closes pairing for a while", async () => {
    const { call } = await start();
    const first = server!.pairing.code();
    const wrong = first === "000000" ? "000001" : "000000";
    for (let attempt = 0; attempt < PAIRING_ATTEMPTS_MAX; attempt++)
      expect(
        (await call("POST", "/primary/pair", { pairingCode: wrong, checkinId: CHECKIN_ID, desk: "X" })).status,
      ).toBe(401);
    const replaced = server!.pairing.code();
    expect(replaced).toMatch(/^\d{6}$/);
    // Closed for a while, even to the right code.
    const early = await call("POST", "/primary/pair", { pairingCode: replaced, checkinId: CHECKIN_ID, desk: "X" });
    expect(early).toMatchObject({ status: 429, body: { error: { code: "pairing_locked" } } });
    clock = new Date(clock.getTime() + PAIRING_LOCKOUT_MS);
    if (replaced !== first) {
      const stale = await call("POST", "/primary/pair", { pairingCode: first, checkinId: CHECKIN_ID, desk: "X" });
      expect(stale.status).toBe(401);
    }
    expect(server!.pairing.peerCount()).toBe(0);
    const late = await call("POST", "/primary/pair", { pairingCode: replaced, checkinId: CHECKIN_ID, desk: "X" });
    expect(late.status).toBe(200);
  });

  it("refuses a body that is not the route's shape, not JSON, or too large", async () => {
    const { call, pair, guestId } = await start();
    const secret = await pair();
    const invalid = async (body: unknown) => {
      const answer = await call("POST", "/primary/check", body, secret);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      return answer.body.error!.code;
    };
    expect(await invalid(scan({ guestId, scanId: "not-a-uuid" }))).toBe("invalid_body");
    expect(await invalid(scan({ guestId, extra: 1 }))).toBe("invalid_body");
    expect(await invalid(scan({ guestId, direction: "sideways" }))).toBe("invalid_body");
    expect(await invalid(scan({ code: "x".repeat(513) }))).toBe("invalid_body");
    expect(await invalid(scan())).toBe("invalid_body"); // neither code nor guest
    expect(await invalid("{not json")).toBe("invalid_json");
    expect(await invalid(scan({ guestId, desk: "" }))).toBe("invalid_body");
    expect(await invalid({ ...scan({ guestId }), checkinId: undefined })).toBe("invalid_body");
    const lone = () => {
      const { desk: _desk, checkinId: _checkinId, ...fields } = scan({ guestId });
      return { ...fields, localResult: "unknown" };
    };
    const reconcile = (count: number) =>
      call(
        "POST",
        "/primary/reconcile",
        { checkinId: CHECKIN_ID, desk: "Door B", scans: Array.from({ length: count }, lone) },
        secret,
      );
    expect((await reconcile(RECONCILE_BATCH_MAX + 1)).status).toBe(400);
    expect((await reconcile(0)).status).toBe(400);
    const huge = await call(
      "POST",
      "/primary/check",
      { ...scan({ guestId }), pad: "x".repeat(PRIMARY_BODY_MAX) },
      secret,
    );
    expect(huge).toMatchObject({ status: 413, body: { error: { code: "too_large" } } });
    expect((await call("GET", "/primary/elsewhere")).status).toBe(404);
    // Nothing was recorded by any of them; a full batch is taken.
    expect(db!.prepare("SELECT count(*) FROM scans").pluck().get()).toBe(0);
    expect((await reconcile(RECONCILE_BATCH_MAX)).body).toEqual({ recorded: RECONCILE_BATCH_MAX, conflicts: [] });
  });

  it("records a peer's scan as the peer's, never in its own upload queue, and answers a repeat the same", async () => {
    const { call, pair, guestId } = await start();
    const secret = await pair("Door B");
    const other = await pair("Door C");
    const first = scan({ guestId });
    const admitted = await call("POST", "/primary/check", first, secret);
    expect(admitted.body).toMatchObject({ result: "ok", desk: "Door B" });
    const again = await call("POST", "/primary/check", first, secret);
    expect(again.body).toMatchObject({ scanId: first.scanId, result: "ok", repeated: true });
    const elsewhere = await call("POST", "/primary/check", { ...scan({ guestId }), desk: "Door C" }, other);
    expect(elsewhere.body).toMatchObject({
      result: "already_checked_in",
      desk: "Door C",
      previous: { at: first.scannedAt, desk: "Door B" },
    });
    expect(createScanQueue(db!).pendingCount()).toBe(0);
    expect(db!.prepare("SELECT peer_desk FROM scans ORDER BY position").pluck().all()).toEqual(["Door B", "Door C"]);

    // A reconcile: an admission the record already holds is a conflict; the others are recorded as they were.
    const unknownGuest = randomUUID();
    const reconciled = await call(
      "POST",
      "/primary/reconcile",
      {
        checkinId: CHECKIN_ID,
        desk: "Door C",
        scans: [
          { ...scan({ guestId }), desk: undefined, localResult: "ok" },
          { ...scan({ guestId: unknownGuest }), desk: undefined, localResult: "unknown" },
          { ...scan({ guestId: null, code: "garbage" }), desk: undefined, localResult: "unknown" },
        ].map(({ desk: _desk, checkinId: _checkinId, ...rest }) => rest),
      },
      other,
    );
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect(reconciled.body.recorded).toBe(3);
    expect((reconciled.body.conflicts as string[]).length).toBe(1);
    expect(createScanQueue(db!).pendingCount()).toBe(0);
  });
});

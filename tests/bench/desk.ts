// The desk app's core (issue 13, item 10), each figure beside a floor measured in the same run:
// - the snapshot of 100,000 guests downloaded into a new desk (bar ≤ 10 s). Floor: the least the two ends must
//   do — the server reads the session's guests' rows with one raw SQL query, and the desk writes as many rows
//   into a better-sqlite3 table in one transaction.
// - a scan verified and recorded offline with 100,000 guests in the snapshot (bar p95 ≤ 5 ms): the handler the
//   desk's screen calls (desk.check) while the server cannot be reached, each scan a signed entry code. Floor:
//   the Ed25519 verification of the code, the guest read by its key and a row inserted into an indexed table of
//   the same file, raw better-sqlite3 in one transaction.
// - the sync of 10,000 queued scans (bar ≤ 10 s): desk.sync once the server answers again (upload in batches,
//   then the snapshot's refresh). Floor: the same 10,000 scan rows and their entries written on the server in
//   raw SQL, in batches of the same size, each in a transaction, plus the codes' signatures verified with
//   node:crypto (the server verifies an upload's codes again: a desk is not trusted with them).
import { createPublicKey, randomUUID, verify, type KeyObject } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { verifyGuestCode } from "../../shared/src/checkin/guestCode.ts";
import { currentGuestCodeText } from "../../api/src/services/checkin-codes/codes.ts";
import { createDeskCore, type DeskCore } from "../../desktop/src/core/core.ts";
import { DEFAULT_UPLOAD_BATCH } from "../../desktop/src/core/sync.ts";
import { buildCheckin, eventBase } from "../helpers/checkins.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { buildGuests } from "../helpers/guests.ts";
import { startTestServer } from "../helpers/server.ts";
import { indexUuid } from "./httpLoad.ts";
import { median, ms, percentile, printTable } from "./stats.ts";

const GUESTS = Number(process.env.BENCH_DESK_GUESTS ?? 100_000);
const SCANS = Number(process.env.BENCH_DESK_SCANS ?? 10_000);
const RUNS = 3;
const UPLOAD_BATCH = DEFAULT_UPLOAD_BATCH;
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/** Codes for the first `count` guests, issued through the server's own code (a few at a time). */
async function codesFor(
  server: Awaited<ReturnType<typeof startTestServer>>,
  event: { id: string; accountId: string },
  count: number,
): Promise<string[]> {
  const codes: string[] = new Array(count);
  const now = new Date();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const index = next++;
        codes[index] = (await currentGuestCodeText(server.db, server.config.secret, event, indexUuid(index), now))!;
      }
    }),
  );
  return codes;
}

export async function benchDesk(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const server = await startTestServer({ kind });
  const folder = mkdtempSync(path.join(tmpdir(), "bench-desk-"));
  const cores: DeskCore[] = [];
  try {
    const { db } = server;
    const account = await buildAccount(db);
    const user = await buildUser(db, { accountId: account.id, role: "overseer" });
    const userToken = await sessionTokenFor(db, server.config, user);
    const event = await buildEvent(db, account.id);
    await buildGuests(db, event, GUESTS, (index) => ({
      id: indexUuid(index),
      status: "confirmed",
      company: `Company ${index % 97}`,
      email: `guest${index}@bench.example`,
    }));
    // As PostgreSQL's autovacuum does after a bulk import (within a minute): the planner then reads the pages of
    // a desk's snapshot through the (event_id, updated_at, id) index instead of sorting the event's guests.
    if (kind === "postgres") await db.raw("analyze guests");
    const codes = await codesFor(server, event, SCANS);

    // The network the desk sees: cut (every call fails at once, as with no route to the server) or working.
    let isCut = false;
    const fetchThroughCut = (input: string, init?: RequestInit) =>
      isCut ? Promise.reject(new TypeError("fetch failed")) : fetch(input, init);

    /** A desk signed in to a fresh session (its own entries) with a new local database. */
    const newDesk = async (name: string) => {
      const checkin = await buildCheckin(db, event, { displayedFields: ["firstName", "lastName", "company"] });
      const code = await server.http.as(userToken).post(`${eventBase(event)}/checkincodes`, { checkinId: checkin.id });
      const core = createDeskCore({
        version: "bench",
        platform: process.platform,
        serverUrl: server.baseUrl,
        databaseFile: path.join(folder, `${name}.sqlite`),
        fetch: fetchThroughCut,
        probeIntervalMs: 0,
      });
      cores.push(core);
      await core["desk.signIn"](code.body.code as string, name);
      return { core, checkin };
    };

    // 1. Snapshot download.
    const snapshotRuns: number[] = [];
    const floorRuns: { read: number; write: number }[] = [];
    let last: Awaited<ReturnType<typeof newDesk>> | null = null;
    for (let run = 0; run < RUNS; run++) {
      const desk = await newDesk(`snapshot-${run}`);
      const { ms: took, value } = await timed(() => desk.core["desk.refresh"]());
      if (value.guests !== GUESTS) throw new Error(`The snapshot holds ${value.guests} guests, not ${GUESTS}`);
      snapshotRuns.push(took);
      floorRuns.push(await snapshotFloor(db, event.id, path.join(folder, `floor-${run}.sqlite`)));
      if (run < RUNS - 1) desk.core.close();
      else last = desk;
    }
    const floorTotal = floorRuns.map((run) => run.read + run.write);
    printTable(
      `desk snapshot on ${kind}: ${GUESTS.toLocaleString("en")} guests downloaded into a new desk (sign-in done; ` +
        `desk.refresh, every page, into the desk's SQLite), median of ${RUNS} runs; floor = the guests' rows ` +
        `read in one raw SQL query on the server + as many rows written into better-sqlite3 in one transaction`,
      [
        {
          operation: "snapshot download (bar ≤ 10 s)",
          figure: seconds(median(snapshotRuns)),
          floor: seconds(median(floorTotal)),
          ratio: `${(median(snapshotRuns) / median(floorTotal)).toFixed(1)}×`,
        },
        {
          operation: "floor parts: server read / desk write",
          figure: "",
          floor: `${seconds(median(floorRuns.map((r) => r.read)))} / ${seconds(median(floorRuns.map((r) => r.write)))}`,
          ratio: "",
        },
        {
          operation: "each run",
          figure: snapshotRuns.map(seconds).join(", "),
          floor: floorTotal.map(seconds).join(", "),
          ratio: "",
        },
      ],
    );

    // 2. Offline verify + record, on the last desk (100,000 guests in its snapshot).
    const desk = last!;
    isCut = true;
    const latencies: number[] = [];
    const results = new Map<string, number>();
    const started = performance.now();
    for (let index = 0; index < SCANS; index++) {
      const t0 = performance.now();
      const answer = await desk.core["desk.check"]({ code: codes[index]! });
      latencies.push(performance.now() - t0);
      results.set(answer.result, (results.get(answer.result) ?? 0) + 1);
    }
    const elapsed = performance.now() - started;
    latencies.sort((a, b) => a - b);
    const floor = verifyRecordFloor(desk.core, codes);
    const status = await desk.core["desk.status"]();
    printTable(
      `desk offline scans on ${kind}: ${SCANS.toLocaleString("en")} signed codes checked through desk.check with ` +
        `the server unreachable and ${GUESTS.toLocaleString("en")} guests in the desk's snapshot; floor = the ` +
        `code's Ed25519 verification + the guest read by key + a row inserted into an indexed table, raw ` +
        `better-sqlite3 in one transaction`,
      [
        {
          operation: "verify + record p50",
          figure: ms(percentile(latencies, 50)),
          floor: ms(floor.p50),
          ratio: `${(percentile(latencies, 50) / floor.p50).toFixed(1)}×`,
        },
        {
          operation: "verify + record p95 (bar ≤ 5 ms)",
          figure: ms(percentile(latencies, 95)),
          floor: ms(floor.p95),
          ratio: `${(percentile(latencies, 95) / floor.p95).toFixed(1)}×`,
        },
        {
          operation: "throughput",
          figure: `${((SCANS / elapsed) * 1000).toFixed(0)} scans/s`,
          floor: "",
          ratio: "",
        },
        {
          operation: "answers; queued",
          figure: `${[...results].map(([result, n]) => `${result} ${n}`).join(", ")}; ${status.pendingScans} pending`,
          floor: "",
          ratio: "",
        },
      ],
    );

    // 3. Sync of the queued scans once the server answers again.
    isCut = false;
    const sync = await timed(() => desk.core["desk.sync"]());
    const onServer = (await db("checkinScans").where({ checkinId: desk.checkin.id }).count({ n: "*" }).first()) as {
      n: number | string;
    };
    const writeFloor = await serverWriteFloor(db, event, SCANS);
    const signatureFloor = verifyFloor(desk.core, codes);
    const syncFloor = writeFloor + signatureFloor;
    printTable(
      `desk sync on ${kind}: ${SCANS.toLocaleString("en")} queued offline scans uploaded (batches of ` +
        `${UPLOAD_BATCH}) and the snapshot refreshed, one run; floor = the same scan rows and their entries ` +
        `written on the server in raw SQL, batches of ${UPLOAD_BATCH}, each in a transaction + the codes' ` +
        `Ed25519 signatures verified (node:crypto), which the server must do again for an upload`,
      [
        {
          operation: "desk.sync (bar ≤ 10 s)",
          figure: seconds(sync.ms),
          floor: seconds(syncFloor),
          ratio: `${(sync.ms / syncFloor).toFixed(1)}×`,
        },
        {
          operation: "floor parts: raw writes / signatures",
          figure: "",
          floor: `${seconds(writeFloor)} / ${seconds(signatureFloor)}`,
          ratio: "",
        },
        {
          operation: "answered by the server; scans it holds",
          figure: `${sync.value.uploaded} (${sync.value.repeated} repeats, ${sync.value.flagged} flagged); ${Number(onServer.n)}`,
          floor: "",
          ratio: "",
        },
      ],
    );
  } finally {
    for (const core of cores) core.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The snapshot's floor: the guests' rows in one raw query, then as many rows into a new SQLite file. */
async function snapshotFloor(db: Awaited<ReturnType<typeof startTestServer>>["db"], eventId: string, file: string) {
  const read = await timed(
    async () =>
      (await db.raw(
        "select id, first_name, last_name, company, email, status, updated_at from guests where event_id = ? order by id",
        [eventId],
      )) as unknown,
  );
  const rows = Array.isArray(read.value) ? read.value : (read.value as { rows: unknown[] }).rows;
  const local = new Database(file);
  local.pragma("journal_mode = WAL");
  local.pragma("synchronous = NORMAL");
  local.exec("CREATE TABLE guests (id TEXT PRIMARY KEY, fields TEXT NOT NULL, updated_at TEXT NOT NULL)");
  const insert = local.prepare("INSERT INTO guests (id, fields, updated_at) VALUES (?, ?, ?)");
  const write = await timed(() =>
    local.transaction(() => {
      for (const row of rows as { id: string; updated_at: unknown }[])
        insert.run(row.id, JSON.stringify(row), String(row.updated_at));
    })(),
  );
  local.close();
  return { read: read.ms, write: write.ms };
}

/** The desk's event and verification keys, and node:crypto's Ed25519 verification (its keys made once). */
function verificationOf(core: DeskCore) {
  const local = core.database();
  const session = local.prepare("SELECT event_id AS eventId FROM session").get() as { eventId: string };
  const keys = local.prepare("SELECT id, public_key AS publicKey FROM verification_keys").all() as {
    id: number;
    publicKey: string;
  }[];
  const nodeKeys = new Map<string, KeyObject>();
  const verifySignature = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => {
    const id = Buffer.from(publicKey).toString("base64");
    let key = nodeKeys.get(id);
    if (!key) {
      key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: "der", type: "spki" });
      nodeKeys.set(id, key);
    }
    return verify(null, message, key, signature);
  };
  return { local, session, keys, verifySignature };
}

/** The codes' signatures verified, as the server must verify an upload's codes again: node:crypto, nothing else. */
function verifyFloor(core: DeskCore, codes: string[]): number {
  const { session, keys, verifySignature } = verificationOf(core);
  const start = performance.now();
  for (const code of codes) {
    const verified = verifyGuestCode(code, { eventId: session.eventId, keys, revokedSerials: [], verifySignature });
    if (!verified.ok) throw new Error(`A code failed its verification: ${verified.reason}`);
  }
  return performance.now() - start;
}

/** The offline scan's floor, in the desk's own file: verify the code, read the guest by key, insert a row. */
function verifyRecordFloor(core: DeskCore, codes: string[]) {
  const { local, session, keys, verifySignature } = verificationOf(core);
  local.exec(
    "CREATE TABLE IF NOT EXISTS floor_scans (position INTEGER PRIMARY KEY AUTOINCREMENT, scan_id TEXT NOT NULL UNIQUE, guest_id TEXT, at TEXT NOT NULL)",
  );
  const guestOf = local.prepare("SELECT id, fields, entry_state FROM guests WHERE id = ?");
  const insert = local.prepare("INSERT INTO floor_scans (scan_id, guest_id, at) VALUES (?, ?, ?)");
  const latencies: number[] = [];
  for (const code of codes) {
    const t0 = performance.now();
    const verified = verifyGuestCode(code, { eventId: session.eventId, keys, revokedSerials: [], verifySignature });
    const guestId = verified.ok ? verified.guestId : null;
    local.transaction(() => {
      guestOf.get(guestId);
      insert.run(randomUUID(), guestId, new Date().toISOString());
    })();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

/** The sync's floor: `count` scan rows and their entries written on the server, raw SQL, in batches. */
async function serverWriteFloor(
  db: Awaited<ReturnType<typeof startTestServer>>["db"],
  event: { id: string; accountId: string },
  count: number,
) {
  const checkin = await buildCheckin(db, event, { name: "Floor" });
  const { ms: took } = await timed(async () => {
    for (let start = 0; start < count; start += UPLOAD_BATCH) {
      const size = Math.min(UPLOAD_BATCH, count - start);
      const now = new Date().toISOString();
      await db.transaction(async (trx) => {
        await trx("checkinEntries").insert(
          Array.from({ length: size }, (_, offset) => ({
            checkinId: checkin.id,
            guestId: indexUuid(start + offset),
            state: "in",
            entries: 1,
            exits: 0,
            lastInAt: now,
            updatedAt: now,
          })),
        );
        await trx("checkinScans").insert(
          Array.from({ length: size }, (_, offset) => ({
            id: randomUUID(),
            accountId: event.accountId,
            eventId: event.id,
            checkinId: checkin.id,
            scanId: randomUUID(),
            guestId: indexUuid(start + offset),
            result: "ok",
            direction: "in",
            forced: false,
            flagged: false,
            offline: true,
            desk: "Floor door",
            userId: null,
            deskTokenId: null,
            scannedAt: now,
            receivedAt: now,
            answer: "{}",
          })),
        );
      });
    }
  });
  return took;
}

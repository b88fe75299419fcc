// Online check-in scans (issue 12: ≥ 1,000 scans/s with p95 ≤ 30 ms on PostgreSQL, 50 concurrent desks): 50 desks
// POST /desk/check with their session's desk token, each scan a new scan id, over keep-alive sockets from a
// process of their own (httpLoad.ts). Two loads: saturation (each desk scans again as soon as answered: the
// most scans a second), and the bar's rate (1,000 scans a second offered by the 50, as guests reach the
// doors on their own: the latency a desk sees at that rate, counted from when the scan was due). Each run scans a fresh session whose guests are each scanned twice, in
// two passes: half the scans are first entries (ok), half repeats of a guest already in (already_checked_in),
// both answered, both recorded. Floor: the same work done the most direct way over the same pool in the
// server's process — one scan row inserted into the indexed checkin_scans and the guest's entry row updated by
// its primary key, in one transaction, in raw SQL.
import { randomUUID } from "node:crypto";
import type { Db } from "../../api/src/db/knex.ts";
import { buildCheckin } from "../helpers/checkins.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { buildGuests } from "../helpers/guests.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { HttpLoad, indexUuid } from "./httpLoad.ts";
import { inProcess, latencyRows, ms, printTable, type LatencySummary } from "./stats.ts";

const SCANS = Number(process.env.BENCH_SCANS ?? 4_000);
const DESKS = 50;
const RUNS = 3;
const WARM_UP = 500;
/** The bar's rate, offered in the second load. */
const BAR_PER_SECOND = 1_000;
/** Each guest is scanned twice a run: a first entry, then a repeat. */
const GUESTS = SCANS / 2;

/** A fresh session of the event and a desk signed in to it through the API: its bearer token. */
async function deskOf(server: TestServer, userToken: string, event: { id: string; accountId: string }) {
  const checkin = await buildCheckin(server.db, event, { displayedFields: ["firstName", "lastName", "company"] });
  const base = `/api/v1/events/${event.accountId}/${event.id}`;
  const code = await server.http.as(userToken).post(`${base}/checkincodes`, { checkinId: checkin.id });
  const signIn = await server.http.post("/api/v1/desk/session", { code: code.body.code, desk: "Bench door" });
  return { checkin, token: signIn.body.token as string };
}

/** The floor's scan: a row into checkin_scans and the entry's update by primary key, in one transaction. */
function floorScan(db: Db, event: { id: string; accountId: string }, checkinId: string) {
  let n = 0;
  return inProcess(async () => {
    const guestId = indexUuid(n++ % GUESTS);
    const now = new Date().toISOString();
    await db.transaction(async (trx) => {
      await trx("checkinScans").insert({
        id: randomUUID(),
        accountId: event.accountId,
        eventId: event.id,
        checkinId,
        scanId: randomUUID(),
        guestId,
        result: "ok",
        direction: "in",
        forced: false,
        flagged: false,
        offline: false,
        desk: "Floor door",
        userId: null,
        deskTokenId: null,
        scannedAt: now,
        receivedAt: now,
        answer: "{}",
      });
      await trx("checkinEntries")
        .where({ checkinId, guestId })
        .update({ state: "in", entries: trx.raw("entries + 1"), lastInAt: now, updatedAt: now });
    });
  });
}

/** `work`, and the CPU time this process (the API's, and the floor's) spent on each of its `count` scans. */
async function withCpu<T extends LatencySummary>(count: number, work: () => Promise<T>) {
  const start = process.cpuUsage();
  const summary = await work();
  const used = process.cpuUsage(start);
  return { ...summary, cpuMs: (used.user + used.system) / 1_000 / count };
}

/** What a run's session answered and how many guests it let in, as the database counts them. */
async function answersOf(db: Db, checkinId: string): Promise<string> {
  const results = (await db("checkinScans")
    .where({ checkinId })
    .groupBy("result")
    .orderBy("result")
    .select("result", db.raw("count(*) as n"))) as { result: string; n: number | string }[];
  const entries = (await db("checkinEntries").where({ checkinId }).count({ n: "*" }).first()) as {
    n: number | string;
  };
  return `${results.map((row) => `${row.result} ${Number(row.n)}`).join(", ")}; ${Number(entries.n)} guests in`;
}

export async function benchCheckin(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const server = await startTestServer({ kind });
  const clients = await HttpLoad.start();
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
    }));

    const scans = async (count: number, perSecond?: number) => {
      const { checkin, token } = await deskOf(server, userToken, event);
      const measured = await withCpu(count, () =>
        clients.measurer({
          url: `${server.baseUrl}/api/v1/desk/check`,
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          check: { asks: "any", offset: 0 },
          body: JSON.stringify({ scanId: "{{uuid}}", guestId: `{{n%${GUESTS}:uuid}}` }),
        })(count, DESKS, perSecond),
      );
      return { measured, checkin };
    };
    const floor = async (count: number, perSecond?: number) => {
      const checkin = await buildCheckin(db, event, { name: "Floor" });
      const now = new Date().toISOString();
      for (let start = 0; start < GUESTS; start += 500) {
        const rows = Array.from({ length: Math.min(500, GUESTS - start) }, (_, offset) => ({
          checkinId: checkin.id,
          guestId: indexUuid(start + offset),
          state: "out",
          entries: 0,
          exits: 0,
          updatedAt: now,
        }));
        await db("checkinEntries").insert(rows);
      }
      return withCpu(count, () => floorScan(db, event, checkin.id)(count, DESKS, perSecond));
    };
    // HTTP alone at the same load: the same clients asking the API's lightest route (one trivial read).
    const httpAlone = clients.measurer({
      url: `${server.baseUrl}/api/v1/health`,
      headers: {},
      check: { asks: "any", offset: 0 },
    });
    const load = async (title: string, perSecond?: number) => {
      await scans(WARM_UP, perSecond);
      await floor(WARM_UP, perSecond);
      await httpAlone(WARM_UP, DESKS, perSecond);
      const lightest: LatencySummary[] = [];
      const figures: (LatencySummary & { cpuMs: number })[] = [];
      const floors: (LatencySummary & { cpuMs: number })[] = [];
      const outcomes: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { measured, checkin } = await scans(SCANS, perSecond);
        figures.push(measured);
        floors.push(await floor(SCANS, perSecond));
        lightest.push(await httpAlone(SCANS, DESKS, perSecond));
        outcomes.push(await answersOf(db, checkin.id));
      }
      // The run of the median p95 (at saturation, of the median throughput), with its own p50 and rate.
      const middle = <T extends LatencySummary>(runs: T[]) =>
        [...runs].sort((a, b) => (perSecond ? a.p95 - b.p95 : a.perSecond - b.perSecond))[Math.floor(runs.length / 2)]!;
      printTable(
        `online check-in scans on ${kind}: ${title}, over HTTP (POST /desk/check, a desk token), ` +
          `${SCANS.toLocaleString("en")} scans a run on a fresh session, median of ${RUNS} runs (each scan a new ` +
          `scan id; each of ${GUESTS.toLocaleString("en")} guests scanned twice: a first entry and a repeat); ` +
          `floor = a scan row inserted into checkin_scans and the entry updated by its key, one transaction, raw SQL`,
        [
          ...latencyRows("POST desk/check", middle(figures), middle(floors), { figure: "scans", floor: "scans" }),
          {
            operation: "CPU of the API's process a scan",
            figure: `${middle(figures).cpuMs.toFixed(2)} ms`,
            floor: `${middle(floors).cpuMs.toFixed(2)} ms`,
            ratio: (middle(figures).cpuMs / middle(floors).cpuMs).toFixed(1) + "×",
          },
          {
            operation: "HTTP alone (GET /health) p50 / p95",
            figure: `${ms(middle(lightest).p50)} / ${ms(middle(lightest).p95)}`,
            floor: "",
            ratio: "",
          },
          {
            operation: "HTTP alone throughput",
            figure: `${middle(lightest).perSecond.toFixed(0)} requests/s`,
            floor: "",
            ratio: "",
          },
          ...outcomes.map((outcome, run) => ({
            operation: `run ${run + 1} answers`,
            figure: outcome,
            floor: "",
            ratio: "",
          })),
        ],
      );
    };
    await load(`${DESKS} desks at once, each scanning again when answered`);
    await load(
      `${BAR_PER_SECOND.toLocaleString("en")} scans/s offered by ${DESKS} desks (the bar's rate; latency from when each was due)`,
      BAR_PER_SECOND,
    );
  } finally {
    clients.close();
    await server.close();
  }
}

// The default view of the guest list under 50 users at once: its throughput and p95 against the cheapest
// authenticated request of the same server (/auth/me) and against its floor (the page's rows in raw SQL),
// each with 50 in flight over the server's pool (DATABASE_POOL_MAX); the HTTP clients in a process of their own.
import type { TestServer } from "../helpers/server.ts";
import { median, printTable, ms, type LatencySummary, type Measured } from "./stats.ts";

const USERS = Number(process.env.BENCH_USERS ?? 50);
const REQUESTS = 1_500;
const RUNS = 3;

async function medianOf(measured: Measured): Promise<LatencySummary> {
  await measured(200, USERS);
  const runs: LatencySummary[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measured(REQUESTS, USERS));
  return {
    count: REQUESTS,
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    perSecond: median(runs.map((r) => r.perSecond)),
  };
}

export async function benchUnderLoad(
  server: TestServer,
  operations: { page: Measured; floor: Measured; me: Measured },
): Promise<void> {
  const page = await medianOf(operations.page);
  const me = await medianOf(operations.me);
  const floor = await medianOf(operations.floor);
  const pool = process.env.DATABASE_POOL_MAX ?? "10 (default)";
  const row = (operation: string, summary: LatencySummary) => ({
    operation,
    figure: `${summary.perSecond.toFixed(0)} req/s, p95 ${ms(summary.p95)}`,
    floor: `${floor.perSecond.toFixed(0)} queries/s, p95 ${ms(floor.p95)}`,
    ratio: `${(floor.perSecond / summary.perSecond).toFixed(1)}× (throughput), ${(summary.p95 / floor.p95).toFixed(1)}× (p95)`,
  });
  printTable(
    `guests list on ${server.kind} under load: ${USERS} clients at once, ${REQUESTS} requests, median of ${RUNS} runs, ` +
      `pool of ${pool} connections; floor = the default view's page in raw SQL, ${USERS} at once over the same pool`,
    [row("GET default view, first page (count=false)", page), row("GET /auth/me (same server)", me)],
  );
}

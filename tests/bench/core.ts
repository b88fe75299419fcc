// The cost of the API's request path (request id, language, security headers, body parsing,
// authentication by session, validation, presenter) against the floor: the same session and user
// lookups in raw SQL over the same pool.
import { sha256 } from "../../api/src/services/sessions.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { startTestServer } from "../helpers/server.ts";
import { measure, median, ms, printTable, type LatencySummary } from "./stats.ts";

const REQUESTS = 2_000;
const CONCURRENCY = 10;
const RUNS = 3;

function medianSummary(runs: LatencySummary[]): LatencySummary {
  return {
    count: runs[0]!.count,
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    perSecond: median(runs.map((r) => r.perSecond)),
  };
}

export async function benchCore(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const server = await startTestServer({ kind });
  try {
    const account = await buildAccount(server.db);
    const user = await buildUser(server.db, { accountId: account.id, role: "organizer" });
    const token = await sessionTokenFor(server.db, server.config, user);
    const headers = { Authorization: `Bearer ${token}`, "Accept-Language": "fr" };
    const me = async () => {
      const response = await fetch(`${server.baseUrl}/api/v1/auth/me`, { headers });
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      await response.arrayBuffer();
    };
    const floor = async () => {
      const session = await server
        .db("sessions")
        .where({ tokenHash: sha256(token) })
        .first();
      await server.db("users").where({ id: session.userId }).first();
      await server.db("accounts").where({ id: account.id }).first();
    };
    await measure(me, 200, CONCURRENCY); // warm-up
    await measure(floor, 200, CONCURRENCY);
    const api: LatencySummary[] = [];
    const raw: LatencySummary[] = [];
    for (let run = 0; run < RUNS; run++) {
      api.push(await measure(me, REQUESTS, CONCURRENCY));
      raw.push(await measure(floor, REQUESTS, CONCURRENCY));
    }
    const a = medianSummary(api);
    const f = medianSummary(raw);
    printTable(
      `core on ${kind}: ${REQUESTS} authenticated GET /api/v1/auth/me, ${CONCURRENCY} in flight, median of ${RUNS} runs`,
      [
        { operation: "GET /auth/me p50", figure: ms(a.p50), floor: ms(f.p50), ratio: (a.p50 / f.p50).toFixed(1) + "×" },
        { operation: "GET /auth/me p95", figure: ms(a.p95), floor: ms(f.p95), ratio: (a.p95 / f.p95).toFixed(1) + "×" },
        {
          operation: "throughput",
          figure: `${a.perSecond.toFixed(0)} req/s`,
          floor: `${f.perSecond.toFixed(0)} lookups/s`,
          ratio: (f.perSecond / a.perSecond).toFixed(1) + "×",
        },
      ],
    );
  } finally {
    await server.close();
  }
}

// The cost of the API's request path (request id, language, security headers, body parsing,
// authentication by session, validation, presenter) against the floor: the same session and user
// lookups in raw SQL over the same pool; the HTTP clients in a process of their own.
import { sha256 } from "../../api/src/services/auth/sessions.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { startTestServer } from "../helpers/server.ts";
import { HttpLoad } from "./httpLoad.ts";
import { compareToFloor, inProcess, latencyRows, printTable } from "./stats.ts";

const REQUESTS = 2_000;
const CONCURRENCY = 10;
const RUNS = 3;

export async function benchCore(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const server = await startTestServer({ kind });
  const clients = await HttpLoad.start();
  try {
    const account = await buildAccount(server.db);
    const user = await buildUser(server.db, { accountId: account.id, role: "organizer" });
    const token = await sessionTokenFor(server.db, server.config, user);
    const headers = { Authorization: `Bearer ${token}`, "Accept-Language": "fr" };
    const floor = async () => {
      const session = await server
        .db("sessions")
        .where({ tokenHash: sha256(token) })
        .first();
      await server.db("users").where({ id: session.userId }).first();
      await server.db("accounts").where({ id: account.id }).first();
    };
    const me = clients.measurer({
      url: `${server.baseUrl}/api/v1/auth/me`,
      headers,
      check: { asks: "any", offset: 0 },
    });
    const { figure: a, floor: f } = await compareToFloor(me, inProcess(floor), {
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      runs: RUNS,
      warmUp: 200,
    });
    printTable(
      `core on ${kind}: ${REQUESTS} authenticated GET /api/v1/auth/me, ${CONCURRENCY} in flight, median of ${RUNS} runs`,
      latencyRows("GET /auth/me", a, f, { figure: "req", floor: "lookups" }),
    );
  } finally {
    clients.close();
    await server.close();
  }
}

// The bench's HTTP clients, in a process of their own (see httpLoad.ts): one request at a time per client in
// flight over keep-alive sockets, each answer checked, the latencies summarised.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { measure, measurePaced } from "./stats.ts";
import { indexUuid, type LoadAsk, type LoadReply } from "./httpLoad.ts";
import { keepAliveRequest } from "./keepAliveRequest.ts";

let sent = 0;

/** The body of one request (a GET, or a POST of the ask's body), which must have an accepted status. */
async function send(agent: http.Agent, ask: LoadAsk): Promise<string> {
  const n = sent++;
  const body = ask.body
    ?.replaceAll("{{n}}", String(n))
    .replaceAll("{{n%2}}", String(n % 2))
    .replaceAll("{{uuid}}", () => randomUUID())
    .replace(/\{\{n%(\d+):uuid\}\}/g, (_, m: string) => indexUuid(n % Number(m)));
  // Sent again only when the socket was found closed (a registration sent twice matches its own guest).
  const answer = await keepAliveRequest(agent, ask.url, { headers: ask.headers, body, retries: 2 });
  if (!(ask.accepts ?? [200]).includes(answer.status)) throw new Error(`status ${answer.status}: ${answer.body}`);
  return answer.body;
}

/** The totals a page or count answer reports, after checking it: a full page unless fewer match, or a total. */
function checked(ask: LoadAsk, body: string): number | undefined {
  const answer = JSON.parse(body) as { total?: number; data?: unknown[]; pagination?: { total: number } };
  if (ask.check.asks === "any") return undefined;
  if (ask.check.asks === "count") {
    if (!(answer.total! > 0)) throw new Error(`a count of ${answer.total}`);
    return answer.total;
  }
  // -1: asked without its count.
  const counted = answer.pagination!.total;
  const length = answer.data!.length;
  const expected = counted < 0 ? length || 100 : Math.min(100, Math.max(0, counted - ask.check.offset));
  if (length !== expected || expected === 0) throw new Error(`a page of ${length} guests`);
  return counted >= 0 ? counted : undefined;
}

/** One pool of sockets per number of clients in flight, kept between measurements as a client keeps them. */
const agents = new Map<number, http.Agent>();

process.on("message", async (ask: LoadAsk) => {
  let agent = agents.get(ask.concurrency);
  if (!agent) agents.set(ask.concurrency, (agent = new http.Agent({ keepAlive: true, maxSockets: ask.concurrency })));
  let total: number | undefined;
  try {
    const operation = async () => {
      total = checked(ask, await send(agent, ask)) ?? total;
    };
    const summary = ask.perSecond
      ? await measurePaced(operation, ask.count, ask.concurrency, ask.perSecond)
      : await measure(operation, ask.count, ask.concurrency);
    process.send!({ id: ask.id, summary, total } satisfies LoadReply);
  } catch (error) {
    process.send!({ id: ask.id, error: String(error) } satisfies LoadReply);
  }
});
process.send!("ready");

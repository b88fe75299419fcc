// Another client of the bench's server, in a process of its own (see probe in duringWork.ts): one request due
// every `every` ms until told to stop, each latency counted from when it was due.
import http from "node:http";
import type { ProbeAsk, ProbeReply } from "./duringWork.ts";
import { keepAliveRequest } from "./keepAliveRequest.ts";

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The status of one request ("{index}" in its body replaced by the request's number). */
async function send(ask: ProbeAsk, index: number): Promise<number> {
  const body = ask.body ? JSON.stringify(ask.body).replaceAll("{index}", String(index)) : undefined;
  return (await keepAliveRequest(agent, ask.url, { headers: ask.headers, body })).status;
}

let running = true;
process.on("message", (message: ProbeAsk | "stop") => {
  if (message === "stop") running = false;
  else void run(message);
});

async function run(ask: ProbeAsk): Promise<void> {
  const latencies: number[] = [];
  let failed = 0;
  process.send!("started");
  let due = performance.now();
  while (running) {
    try {
      const status = await send(ask, latencies.length);
      if (status < 200 || status >= 300) failed++;
    } catch {
      failed++;
    }
    latencies.push(performance.now() - due);
    due = performance.now() + ask.every;
    await new Promise((resolve) => setTimeout(resolve, ask.every));
  }
  process.send!({ latencies, failed } satisfies ProbeReply, () => process.exit(0));
}

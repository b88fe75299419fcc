// The bench's HTTP clients on a thread of their own (httpClientThread.ts): their requests, reading and
// checking of answers never take the server's event loop.
import { parentPort } from "node:worker_threads";
import { checkListAnswer, type ListCheck } from "./listAnswers.ts";

export interface ClientRun {
  id: number;
  url: string;
  headers: Record<string, string>;
  check: ListCheck;
  count: number;
  concurrency: number;
}

export interface ClientRunResult {
  id: number;
  latencies: number[];
  elapsed: number;
  total?: number;
  failure?: string;
}

/** One GET; a keep-alive socket the server closed while idle is retried. */
async function get(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers })
    .catch(() => fetch(url, { headers }))
    .catch(() => fetch(url, { headers }));
  if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
  return response.json();
}

async function run({ id, url, headers, check, count, concurrency }: ClientRun): Promise<ClientRunResult> {
  const result: ClientRunResult = { id, latencies: [], elapsed: 0 };
  let started = 0;
  const begin = performance.now();
  async function client(): Promise<void> {
    while (started < count && !result.failure) {
      started++;
      const t0 = performance.now();
      try {
        result.total = checkListAnswer(await get(url, headers), check) ?? result.total;
      } catch (error) {
        result.failure = String(error);
      }
      result.latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client));
  result.elapsed = performance.now() - begin;
  return result;
}

parentPort!.on("message", (request: ClientRun) => {
  void run(request).then((result) => parentPort!.postMessage(result));
});

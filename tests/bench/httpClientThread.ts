import type { Worker } from "node:worker_threads";
import { typescriptWorker } from "../../api/src/services/typescriptWorker.ts";
import type { ClientRun, ClientRunResult } from "./httpClientWorker.ts";
import type { ListCheck } from "./listAnswers.ts";
import { percentile, type LatencySummary, type Measurer } from "./stats.ts";

/**
 * HTTP clients on a thread of their own, as the server's real clients are elsewhere: in the server's
 * thread, reading and parsing a 111 KB page (and the HTTP client's own work) took about a millisecond of
 * its event loop per request, charged to the server's figure but not to its floor.
 */
export class HttpClientThread {
  private readonly worker: Worker = typescriptWorker(new URL("./httpClientWorker.ts", import.meta.url));
  private readonly waiting = new Map<number, (result: ClientRunResult) => void>();
  private nextId = 0;
  /** The last total a count or a counted page gave. */
  total = 0;

  constructor() {
    this.worker.on("message", (result: ClientRunResult) => this.waiting.get(result.id)?.(result));
  }

  /** A measurer of GET `url` (checked as `check` says), run `count` times with `concurrency` in flight. */
  measurer(url: string, headers: Record<string, string>, check: ListCheck): Measurer {
    return async (count, concurrency) => {
      const id = this.nextId++;
      const result = await new Promise<ClientRunResult>((resolve) => {
        this.waiting.set(id, resolve);
        this.worker.postMessage({ id, url, headers, check, count, concurrency } satisfies ClientRun);
      });
      this.waiting.delete(id);
      if (result.failure) throw new Error(result.failure);
      if (result.total !== undefined) this.total = result.total;
      const latencies = result.latencies.sort((a, b) => a - b);
      return {
        count,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        perSecond: count / (result.elapsed / 1000),
      } satisfies LatencySummary;
    };
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

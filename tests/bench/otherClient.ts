// What heavy work (an import, an export, an upload) costs everyone else, measured from outside: another
// client's latency while it runs, and the server's resident memory (the server runs in the bench's process).
import { percentile } from "./stats.ts";

export const PROBE_EVERY_MS = 20;

/** Another client's requests to `url`, one every PROBE_EVERY_MS until stopped: their p95 and worst latency. */
export function probe(url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(url, { headers })).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      latencies.sort((a, b) => a - b);
      return { p95: percentile(latencies, 95), worst: latencies.at(-1) ?? 0, count: latencies.length };
    },
  };
}

/** The client's latencies on the idle server for `forMs`: the floor the figures during work are set against. */
export async function idleLatency(url: string, headers: Record<string, string>, forMs = 3_000) {
  const idle = probe(url, headers);
  await new Promise((resolve) => setTimeout(resolve, forMs));
  return idle.stop();
}

/** This process's resident memory at its highest while `work` runs, over what it was before. */
export async function peakMemoryDuring<T>(
  work: () => Promise<T>,
): Promise<{ before: number; peak: number; result: T }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    return { before, peak: Math.max(peak, process.memoryUsage().rss), result };
  } finally {
    clearInterval(timer);
  }
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// What a long request costs the rest of the server, measured in this process (the bench's server runs
// in it): its peak resident memory, and another client's latency meanwhile.
import { percentile } from "./stats.ts";

export const PROBE_EVERY_MS = 20;

/** Another client's requests, one every PROBE_EVERY_MS until stopped: their latencies. */
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
      return { p95: percentile(latencies, 95), worst: latencies.at(-1) ?? 0 };
    },
  };
}

/** This process's resident memory at its highest while `work` runs, over what it was before. */
export async function peakMemoryDuring(work: () => Promise<void>): Promise<{ before: number; peak: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { before, peak: Math.max(peak, process.memoryUsage().rss) };
}

/** The idle floor of `probe`: the same client's latencies on a server doing nothing else. */
export async function idleLatency(url: string, headers: Record<string, string>, forMs = 3_000) {
  const idle = probe(url, headers);
  await new Promise((resolve) => setTimeout(resolve, forMs));
  return idle.stop();
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// What a long request costs the rest of the server, measured in this process (the bench's server runs
// in it): its peak resident memory, and another client's latency meanwhile.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { percentile } from "./stats.ts";

export const PROBE_EVERY_MS = 20;

/**
 * Another client's requests, one due every PROBE_EVERY_MS until stopped: their latencies, each counted
 * from when it was due, and how many failed (a server that stalls longer than its keep-alive timeout resets
 * the connection a request was sent on). The client shares this process's event loop with the server: a request held up
 * before it could even be sent (the loop blocked) is as late for the client as one the server sat on.
 * `every` changes the pace; `send` makes each request a POST of the body it builds (a write: a new guest).
 */
export function probe(
  url: string,
  headers: Record<string, string>,
  options: { every?: number; send?: (index: number) => unknown } = {},
) {
  const every = options.every ?? PROBE_EVERY_MS;
  const latencies: number[] = [];
  let failed = 0;
  let running = true;
  const done = (async () => {
    let due = performance.now();
    while (running) {
      try {
        const response = options.send
          ? await fetch(url, {
              method: "POST",
              headers: { ...headers, "Content-Type": "application/json" },
              body: JSON.stringify(options.send(latencies.length)),
            })
          : await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - due);
      due = performance.now() + every;
      await new Promise((resolve) => setTimeout(resolve, every));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      latencies.sort((a, b) => a - b);
      return { p95: percentile(latencies, 95), worst: latencies.at(-1) ?? 0, failed };
    },
  };
}

/**
 * This process's resident memory at its highest while `work` runs, over what it was before; and the
 * longest its event loop was held up meanwhile (in ms: what any request may have had to wait for).
 */
export async function peakMemoryDuring(
  work: () => Promise<void>,
): Promise<{ before: number; peak: number; longestLoopDelay: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  try {
    await work();
  } finally {
    clearInterval(timer);
    loop.disable();
  }
  return { before, peak: Math.max(peak, process.memoryUsage().rss), longestLoopDelay: loop.max / 1e6 };
}

/** The idle floor of `probe`: the same client's latencies on a server doing nothing else. */
export async function idleLatency(
  url: string,
  headers: Record<string, string>,
  forMs = 3_000,
  options: Parameters<typeof probe>[2] = {},
) {
  const idle = probe(url, headers, options);
  await new Promise((resolve) => setTimeout(resolve, forMs));
  return idle.stop();
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

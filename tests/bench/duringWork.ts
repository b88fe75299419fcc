// What a long request costs the rest of the server: its peak resident memory (the bench's server runs in
// this process), and another client's latency meanwhile (that client in a process of its own).
import { fork } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { percentile } from "./stats.ts";

export const PROBE_EVERY_MS = 20;

/** What the probe's process is asked: GETs of `url`, or POSTs of `body` ("{index}" replaced in it). */
export interface ProbeAsk {
  url: string;
  headers: Record<string, string>;
  every: number;
  body?: Record<string, unknown> | undefined;
}

export interface ProbeReply {
  latencies: number[];
  failed: number;
}

/**
 * Another client's requests, one due every PROBE_EVERY_MS until stopped: their latencies, each counted
 * from when it was due, and how many failed (a server that stalls longer than its keep-alive timeout resets
 * the connection a request was sent on). The client runs in a process of its own, as a server's clients do:
 * sharing the server's thread, its own sending and reading (and the garbage they make) were counted as the
 * server's stalls. `every` changes the pace; `body` makes each request a POST of it (a write: a new guest),
 * "{index}" in it replaced by the request's number.
 */
export async function probe(
  url: string,
  headers: Record<string, string>,
  options: { every?: number; body?: Record<string, unknown> } = {},
) {
  const child = fork(new URL("./probeProcess.ts", import.meta.url), { execArgv: ["--import", "tsx"] });
  const replies = new Promise<ProbeReply>((resolve, reject) => {
    child.on("message", (message: ProbeReply | "started") => message !== "started" && resolve(message));
    child.once("exit", (code) => reject(new Error(`the probe's process ended (${code})`)));
  });
  const started = new Promise<void>((resolve) => child.once("message", () => resolve()));
  child.send({ url, headers, every: options.every ?? PROBE_EVERY_MS, body: options.body } satisfies ProbeAsk);
  await started;
  return {
    async stop() {
      child.send("stop");
      const { latencies, failed } = await replies;
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
  const idle = await probe(url, headers, options);
  await new Promise((resolve) => setTimeout(resolve, forMs));
  return idle.stop();
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

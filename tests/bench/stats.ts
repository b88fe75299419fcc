export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  perSecond: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `operation` `count` times with `concurrency` in flight; latencies in milliseconds. */
export async function measure(
  operation: () => Promise<unknown>,
  count: number,
  concurrency: number,
): Promise<LatencySummary> {
  const latencies: number[] = [];
  let started = 0;
  const begin = performance.now();
  async function worker(): Promise<void> {
    while (started < count) {
      started++;
      const t0 = performance.now();
      await operation();
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  return { count, p50: percentile(latencies, 50), p95: percentile(latencies, 95), perSecond: count / elapsed };
}

/**
 * Runs `operation` `count` times at `perSecond` offered in total (the i-th due at start + i / perSecond)
 * by `concurrency` clients, each one operation at a time: an open load, as guests arriving on their own.
 * A latency counts from when the operation was due, not from when a client was free to start it, so a
 * server that falls behind is charged for the queue it causes (no coordinated omission).
 */
export async function measurePaced(
  operation: () => Promise<unknown>,
  count: number,
  concurrency: number,
  perSecond: number,
): Promise<LatencySummary> {
  const latencies: number[] = [];
  let next = 0;
  const begin = performance.now();
  const dueAt = (index: number) => begin + (index * 1000) / perSecond;
  async function client(): Promise<void> {
    while (next < count) {
      const due = dueAt(next++);
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // A timer may fire a little early: then the operation's own time is its latency.
      const started = Math.min(performance.now(), due);
      await operation();
      latencies.push(performance.now() - started);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  return { count, p50: percentile(latencies, 50), p95: percentile(latencies, 95), perSecond: count / elapsed };
}

/**
 * A measurement: `count` operations with `concurrency` in flight, here or in another process; with
 * `perSecond`, offered at that rate (measurePaced) instead of each client sending again at once.
 */
export type Measured = (count: number, concurrency: number, perSecond?: number) => Promise<LatencySummary>;

/** `operation` measured in this process. */
export const inProcess =
  (operation: () => Promise<unknown>): Measured =>
  (count, concurrency, perSecond) =>
    perSecond ? measurePaced(operation, count, concurrency, perSecond) : measure(operation, count, concurrency);

/**
 * A figure against its `floor` in the same run: a warm-up of each, then `runs` alternating measurements
 * of each; the median of the runs' figures.
 */
export async function compareToFloor(
  figure: Measured,
  floor: Measured,
  options: { requests: number; concurrency: number; runs: number; warmUp: number },
): Promise<{ figure: LatencySummary; floor: LatencySummary }> {
  await figure(options.warmUp, options.concurrency);
  await floor(options.warmUp, options.concurrency);
  const figures: LatencySummary[] = [];
  const floors: LatencySummary[] = [];
  for (let run = 0; run < options.runs; run++) {
    figures.push(await figure(options.requests, options.concurrency));
    floors.push(await floor(options.requests, options.concurrency));
  }
  return { figure: medianSummary(figures), floor: medianSummary(floors) };
}

function medianSummary(runs: LatencySummary[]): LatencySummary {
  return {
    count: runs[0]!.count,
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    perSecond: median(runs.map((r) => r.perSecond)),
  };
}

export interface Row {
  operation: string;
  figure: string;
  floor: string;
  ratio: string;
}

export function printTable(title: string, rows: Row[]): void {
  const headers: Row = { operation: "operation", figure: "figure", floor: "floor (same run)", ratio: "ratio" };
  const all = [headers, ...rows];
  const width = (key: keyof Row) => Math.max(...all.map((row) => row[key].length));
  const line = (row: Row) =>
    `| ${(Object.keys(headers) as Array<keyof Row>).map((k) => row[k].padEnd(width(k))).join(" | ")} |`;
  console.log(`\n### ${title}\n`);
  console.log(line(headers));
  console.log(`|${(Object.keys(headers) as Array<keyof Row>).map((k) => "-".repeat(width(k) + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

/** The p50, p95 and throughput rows of an operation against its floor. */
export function latencyRows(
  operation: string,
  a: LatencySummary,
  f: LatencySummary,
  units: { figure: string; floor: string },
): Row[] {
  return [
    { operation: `${operation} p50`, figure: ms(a.p50), floor: ms(f.p50), ratio: (a.p50 / f.p50).toFixed(1) + "×" },
    { operation: `${operation} p95`, figure: ms(a.p95), floor: ms(f.p95), ratio: (a.p95 / f.p95).toFixed(1) + "×" },
    {
      operation: "throughput",
      figure: `${a.perSecond.toFixed(0)} ${units.figure}/s`,
      floor: `${f.perSecond.toFixed(0)} ${units.floor}/s`,
      ratio: (f.perSecond / a.perSecond).toFixed(1) + "×",
    },
  ];
}

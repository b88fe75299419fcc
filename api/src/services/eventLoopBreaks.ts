import { setTimeout as sleep } from "node:timers/promises";
import { requestsInFlight } from "./requestsInFlight.ts";

/**
 * How long synchronous work may hold the event loop before other requests get a turn. A request waits up to
 * a slice at each of its turns (6 for a guest created): with 10 ms, a guest created during a 100k
 * PostgreSQL import waited up to 108 ms (p95 74 ms), with 5 ms up to 87 ms (p95 59 ms), for an import 4%
 * longer (bench guests-import, 3 runs each).
 */
export const SLICE_MS = 5;

/**
 * The longest a break waits for requests being answered before the work takes another slice. Short: a
 * request may itself be waiting for the work (on PostgreSQL, for index pages the import's transaction
 * holds). With 50 ms, a 100k PostgreSQL import took 13.3 s and a guest created meanwhile waited up to 228 ms;
 * with 10 ms, 10.5 s and 109 ms (bench guests-import).
 */
export const MOST_PATIENCE_MS = 10;

/**
 * Long work made of many small synchronous steps (parsing, checking or building 100k rows) gives the
 * event loop back every `sliceMs`: `if (breaks.due) await breaks.take();` between steps. A break lasts
 * while requests are being answered (up to MOST_PATIENCE_MS): a request takes several turns of the loop
 * (its queries, its answer), and would otherwise wait a slice at each.
 */
export class EventLoopBreaks {
  private sliceStart = performance.now();
  private steps = 0;
  /** Requests that arrived before the work began (the one it runs for among them) are not waited for. */
  private readonly since = requestsInFlight.mark;

  constructor(
    private readonly sliceMs = SLICE_MS,
    private readonly patienceMs = MOST_PATIENCE_MS,
  ) {}

  /** Whether the slice has run out: the clock is read every 32 steps (reading it costs more than a cell). */
  get due(): boolean {
    if (++this.steps % 32 !== 0) return false;
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  async take(): Promise<void> {
    sliceEnded();
    const until = performance.now() + this.patienceMs;
    do await giveWay();
    while (requestsInFlight.arrivedSince(this.since) && performance.now() < until);
    await afterPoll();
    this.sliceStart = performance.now();
  }
}

/**
 * Whether the event loop has polled for I/O since the last slice of long work ended. Slices of several
 * pieces of work (an import reading its file while its rows are written) would otherwise run back to back
 * when their breaks end in the same turn of the loop, holding it for a slice each.
 */
let polledSinceSlice = true;

function sliceEnded(): void {
  polledSinceSlice = false;
  // Immediates run after the loop's poll phase.
  setImmediate(() => {
    polledSinceSlice = true;
  });
}

/** Resolves once the loop has polled for I/O since the last slice ended (at once if it has). */
async function afterPoll(): Promise<void> {
  while (!polledSinceSlice) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Lets other work run: a millisecond, not a single turn of the loop (setImmediate). A request goes through
 * several turns (received, its queries, its answer sent, read by its client); with one turn per slice it
 * would wait a slice at each of them, with a millisecond it usually gets through them all at once.
 */
export async function giveWay(): Promise<void> {
  await sleep(1);
}

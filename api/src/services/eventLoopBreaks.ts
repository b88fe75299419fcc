import { setImmediate as nextTurn } from "node:timers/promises";

/** How long synchronous work may hold the event loop before other requests get a turn. */
export const SLICE_MS = 10;

/**
 * Long work made of many small synchronous steps (parsing, checking or building 100k rows) gives the
 * event loop back every `sliceMs`, so another tenant's request waits at most about one slice:
 * `if (breaks.due) await breaks.take();` between steps.
 */
export class EventLoopBreaks {
  private sliceStart = performance.now();
  private steps = 0;

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Whether the slice has run out: the clock is read every 32 steps (reading it costs more than a cell). */
  get due(): boolean {
    if (++this.steps % 32 !== 0) return false;
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  async take(): Promise<void> {
    await nextTurn();
    this.sliceStart = performance.now();
  }
}

/** The items of `source`, with a break for the event loop whenever a slice of work has run. */
export async function* withBreaks<T>(source: Iterable<T>, breaks = new EventLoopBreaks()): AsyncGenerator<T> {
  for (const item of source) {
    if (breaks.due) await breaks.take();
    yield item;
  }
}

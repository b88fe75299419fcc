import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** A full garbage collection on demand, what `node --expose-gc` gives, without the flag on the command line. */
function fullCollector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

/**
 * The heap still in use after a full collection, before `work` and at its highest while it runs (sampled
 * every `everyMs`), in bytes: what the work keeps, unlike the resident size, which also counts garbage
 * not yet collected. The collections hold the event loop: never measure latencies in the same pass.
 */
export async function liveHeapDuring(
  work: () => Promise<unknown>,
  everyMs = 500,
): Promise<{ before: number; highest: number }> {
  const collect = fullCollector();
  const live = () => {
    collect();
    return process.memoryUsage().heapUsed;
  };
  const before = live();
  let highest = before;
  const timer = setInterval(() => (highest = Math.max(highest, live())), everyMs);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { before, highest };
}

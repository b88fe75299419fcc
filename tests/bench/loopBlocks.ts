import { readFileSync } from "node:fs";

export interface LoopBlocks {
  /** The longest time between two turns of the event loop, in ms. */
  longest: number;
  /** The most CPU time the main thread spent between two turns (Linux; NaN elsewhere), in ms. */
  longestOnCpu: number;
}

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

/** The main thread's time on a CPU so far (ms), from the scheduler's own count; NaN if not on Linux. */
function mainThreadCpu(): number {
  try {
    return Number(readFileSync(SCHEDSTAT, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return NaN;
  }
}

/**
 * The event loop's longest blocks while `work` runs, seen by a 1 ms timer. On a machine shared with other
 * work a block's wall time counts the time the process waited for a CPU too; its time on the CPU is what
 * the server itself held the loop for.
 */
export async function loopBlocksDuring(work: () => Promise<unknown>): Promise<LoopBlocks> {
  let longest = 0;
  let longestOnCpu = 0;
  let lastAt = performance.now();
  let lastCpu = mainThreadCpu();
  const ticker = setInterval(() => {
    const at = performance.now();
    const cpu = mainThreadCpu();
    longest = Math.max(longest, at - lastAt);
    longestOnCpu = Math.max(longestOnCpu, cpu - lastCpu);
    lastAt = at;
    lastCpu = cpu;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  return { longest, longestOnCpu };
}

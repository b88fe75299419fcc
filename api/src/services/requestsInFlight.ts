/**
 * The HTTP requests the process is answering right now (counted by http/middleware/inFlight.ts), each
 * numbered in the order it arrived. Long work on the event loop (an import's parsing) lets the requests that
 * arrived since it began finish first (eventLoopBreaks.ts); the request it runs for, if any, arrived before.
 * One count per process, whatever app it serves: it only decides who goes first, never what is done.
 */
let lastNumber = 0;
const answering = new Set<number>();

export const requestsInFlight = {
  /** Answers a request: `answer` runs counted. */
  async during<T>(answer: () => Promise<T>): Promise<T> {
    const number = ++lastNumber;
    answering.add(number);
    try {
      return await answer();
    } finally {
      answering.delete(number);
    }
  },
  /** The number of the last request that arrived (work notes it as it begins). */
  get mark(): number {
    return lastNumber;
  },
  /** Whether a request that arrived after `mark` is still being answered. */
  arrivedSince(mark: number): boolean {
    for (const number of answering) if (number > mark) return true;
    return false;
  },
};

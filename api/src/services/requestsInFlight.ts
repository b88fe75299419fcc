import { AsyncLocalStorage } from "node:async_hooks";

/**
 * How many HTTP requests the process is answering right now (counted by http/middleware/inFlight.ts).
 * Long work on the event loop (an import's parsing) lets the others finish first (eventLoopBreaks.ts).
 * One count per process, whatever app it serves: it only decides who goes first, never what is done.
 */
let answering = 0;
const insideRequest = new AsyncLocalStorage<true>();

export const requestsInFlight = {
  /** Answers a request: `answer` runs counted, and knows itself from the others. */
  async during<T>(answer: () => Promise<T>): Promise<T> {
    answering += 1;
    try {
      return await insideRequest.run(true, answer);
    } finally {
      answering -= 1;
    }
  },
  /** The requests being answered, besides the one this code runs for (if any). */
  get others(): number {
    return answering - (insideRequest.getStore() ? 1 : 0);
  },
};

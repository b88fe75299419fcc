import { vi } from "vitest";

/** A call the code under test made through the real API client, answered when the test says so. */
export interface HeldCall {
  url: string;
  method: string;
  body: unknown;
  answer(status: number, body: unknown): void;
}

/**
 * Replaces `fetch` with a stand-in that records each call and holds it until the test answers: the real
 * client (derived from the contracts) runs, only the network is the test's. Undo with vi.unstubAllGlobals().
 */
export function holdFetch(): HeldCall[] {
  const calls: HeldCall[] = [];
  vi.stubGlobal("fetch", (url: string, init: { method: string; body?: unknown }) => {
    return new Promise((resolve) => {
      calls.push({
        url,
        method: init.method,
        body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
        answer: (status, body) =>
          resolve({ status, ok: status < 400, headers: { get: () => null }, text: async () => JSON.stringify(body) }),
      });
    });
  });
  return calls;
}

/** Lets the promises already settled run their continuations. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

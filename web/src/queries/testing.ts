import { MutationObserver, type MutationObserverOptions, type QueryClient } from "@tanstack/react-query";
import { vi } from "vitest";
import { createQueryClient } from "./queryClient.ts";

/** One call the client made: its method, address and JSON body. */
export interface ServedCall {
  method: string;
  url: string;
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
}

/**
 * Tests of the query layer: the real client over a `fetch` that answers what `answer` says (at once, or
 * when a promise settles) and records each call. Undo with `vi.unstubAllGlobals()`.
 */
export function serve(answer: (call: ServedCall) => Answer | Promise<Answer>): ServedCall[] {
  const calls: ServedCall[] = [];
  vi.stubGlobal("fetch", async (url: string, init: { method: string; body?: unknown }) => {
    const call = {
      method: init.method,
      url,
      body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : init.body,
    };
    calls.push(call);
    const { status, body } = await answer(call);
    return {
      status,
      ok: status < 400,
      headers: { get: () => null },
      text: async () => (body === undefined ? "" : JSON.stringify(body)),
    };
  });
  return calls;
}

/** The error answer of the API for a status and a catalogue code. */
export function refusal(status: number, code: string, details: { field: string; message: string }[] = []): Answer {
  return { status, body: { error: { code, message: code, details } } };
}

export function pageOf<T>(items: T[], page = 1, perPage = 25) {
  return { data: items, pagination: { page, perPage, total: items.length } };
}

/** Runs a mutation of the query layer as a screen's `useMutation` would, outside React. */
export function runMutation<TData, TVariables>(
  client: QueryClient,
  options: MutationObserverOptions<TData, Error, TVariables, unknown>,
  variables: TVariables,
): Promise<TData> {
  return new MutationObserver(client, options).mutate(variables);
}

/** A query client as the app makes it, counting the session ends it reports. */
export function testQueryClient() {
  const ends = { count: 0 };
  const client = createQueryClient({ onUnauthenticated: () => ends.count++ });
  return { client, ends };
}

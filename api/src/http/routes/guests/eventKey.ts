import type { EventKey } from "../../../services/events/find.ts";

/** The event the /api/v1 paths `/events/:a/:e/...` name, as the services take it. */
export function eventKey(params: { a: string; e: string }): EventKey {
  return { accountId: params.a, eventId: params.e };
}

import type { Middleware } from "koa";
import { requestsInFlight } from "../../services/requestsInFlight.ts";

/** Counts the requests being answered, up to their handler's end (a streamed body is not waited for). */
export function countInFlight(): Middleware {
  return (_ctx, next) => requestsInFlight.during(next);
}

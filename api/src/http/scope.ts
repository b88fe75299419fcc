import { createScope, type Scope } from "../services/scope.ts";
import type { ApiContext } from "./context.ts";

/** The plain scope a route hands to a service: what the services need of this request, and no Koa. */
export function requestScope(ctx: ApiContext): Scope {
  return createScope(ctx.deps, {
    actor: ctx.state.actor,
    language: ctx.state.language,
    requestId: ctx.state.requestId,
    clientAddress: ctx.ip || null,
    userAgent: ctx.get("User-Agent") || null,
    logger: ctx.state.logger,
  });
}

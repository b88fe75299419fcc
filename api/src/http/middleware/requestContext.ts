import { randomUUID } from "node:crypto";
import { createI18n, pickLanguage, type Language } from "@tessera/shared";
import type { ApiMiddleware } from "../context.ts";

const i18n = createI18n();
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The answer's language and translator: a path's language (`/fr/…`) wins over Accept-Language. */
export function useLanguage(ctx: Parameters<ApiMiddleware>[0], language: Language): void {
  ctx.state.language = language;
  ctx.t = i18n.getFixedT(language);
}

/** Request id (honours a sane incoming X-Request-Id), language, translator and one JSON log line per request. */
export function requestContext(): ApiMiddleware {
  return async (ctx, next) => {
    const started = performance.now();
    const incoming = ctx.get("X-Request-Id");
    ctx.state.requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set("X-Request-Id", ctx.state.requestId);
    useLanguage(ctx, pickLanguage(ctx.get("Accept-Language")));
    ctx.state.logger = ctx.deps.logger.child({ requestId: ctx.state.requestId });
    try {
      await next();
    } finally {
      if (ctx.deps.config.logRequests || ctx.status >= 500) logRequest(ctx, started);
    }
  };
}

function logRequest(ctx: Parameters<ApiMiddleware>[0], started: number): void {
  ctx.state.logger.info(
    {
      method: ctx.method,
      path: ctx.path,
      status: ctx.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      actor: ctx.state.actor?.id,
    },
    "request",
  );
}

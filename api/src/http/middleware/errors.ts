import type { ErrorBody, ErrorCode } from "@tessera/shared";
import type { ApiContext, ApiMiddleware } from "../context.ts";
import { AppError } from "../../errors.ts";
import { recordErrorReport } from "../../services/system/errorReports.ts";

/** Status codes raised by Koa and its body parser, mapped to catalogue codes. */
const HTTP_ERRORS: Record<number, ErrorCode> = {
  400: "invalid_json",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  413: "payload_too_large",
  415: "unsupported_media_type",
};

function translate(ctx: ApiContext, code: string, params?: Record<string, unknown>): string {
  return ctx.t(code, { ns: "errors", ...params });
}

function bodyFor(ctx: ApiContext, error: AppError): ErrorBody {
  const issues = error.options.issues;
  const details = issues?.map((issue) => ({
    field: issue.field,
    code: issue.code,
    message: ctx.t(issue.code, { ns: "validation", ...issue.params }),
  }));
  let code = error.code;
  const translated = Object.entries(error.options.translatedParams ?? {}).map(([name, key]) => [
    name,
    translate(ctx, key),
  ]);
  let message = translate(ctx, code, { ...error.options.params, ...Object.fromEntries(translated) });
  if (details?.length) {
    // Only missing fields: the sign-in app's words. Otherwise the first problem says what is wrong.
    const allMissing = issues!.every((issue) => issue.code === "required");
    if (allMissing) code = "incomplete_fields";
    message = allMissing ? translate(ctx, "incomplete_fields") : details[0]!.message;
  }
  return {
    error: {
      code,
      message,
      ...(details ? { details } : error.options.details ? { details: error.options.details } : {}),
      requestId: ctx.state.requestId,
    },
  };
}

/** Every failure leaves as {"error": {code, message, details}} in the caller's language. */
export function errorHandler(): ApiMiddleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith("/api/")) throw AppError.notFound();
    } catch (caught) {
      let error: AppError;
      if (caught instanceof AppError) {
        error = caught;
      } else {
        const status = (caught as { status?: number; expose?: boolean }).status;
        const code = status ? HTTP_ERRORS[status] : undefined;
        error = code && status ? new AppError(code, status) : new AppError("internal_error", 500);
        if (!code) {
          ctx.state.logger.error({ err: caught }, "unhandled error");
          await recordErrorReport(ctx.deps.db, ctx.state.logger, {
            source: "server",
            requestId: ctx.state.requestId,
            method: ctx.method,
            path: ctx.path,
            message: caught instanceof Error ? caught.message : String(caught),
            stack: caught instanceof Error ? (caught.stack ?? null) : null,
            userId: ctx.state.actor?.kind === "user" ? ctx.state.actor.id : null,
            userAgent: ctx.get("User-Agent") || null,
          });
        }
      }
      ctx.status = error.status;
      ctx.body = bodyFor(ctx, error);
      if (error.status === 429 && error.options.details?.retryAfterSeconds) {
        ctx.set("Retry-After", String(error.options.details.retryAfterSeconds));
      }
    }
  };
}

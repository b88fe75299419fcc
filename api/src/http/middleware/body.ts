import { bodyParser } from "@koa/bodyparser";
import type { ApiContext, ApiMiddleware } from "../context.ts";
import { AppError } from "../../errors.ts";
import { isMultipart } from "./multipart.ts";

/** A raw binary body (application/octet-stream): no HTML form of another site can send one. */
export function isRawBinary(ctx: ApiContext): boolean {
  return Boolean(ctx.is("application/octet-stream"));
}

/**
 * JSON bodies within the configured limit; anything larger is refused unread. A body of another type
 * is refused (415): an HTML form of another site can post URL-encoded or plain text, never JSON, so no
 * route can be driven by one (a cross-site sign-in would set the session cookie: login CSRF).
 */
export function parseBody(limitBytes: number): ApiMiddleware {
  const parser = bodyParser({
    enableTypes: ["json"],
    jsonLimit: limitBytes,
    onError(error) {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new AppError("payload_too_large", 413);
      if (status === 415) throw new AppError("unsupported_media_type", 415);
      throw new AppError("invalid_json", 400);
    },
  }) as unknown as ApiMiddleware;
  return async (ctx, next) => {
    // Multipart bodies (uploads) and raw binary chunks are streamed by their route, which enforces its own
    // limits (a route that declares no raw body refuses one: mount.ts).
    if (isMultipart(ctx) || isRawBinary(ctx)) return next();
    const declared = Number(ctx.get("Content-Length") || 0);
    if (declared > limitBytes) throw new AppError("payload_too_large", 413);
    // A body declared by its length or sent in chunks.
    const hasBody = declared > 0 || ctx.get("Transfer-Encoding") !== "";
    if (hasBody && !ctx.is("json")) throw new AppError("unsupported_media_type", 415);
    await parser(ctx, next);
  };
}

import { bodyParser } from "@koa/bodyparser";
import type { ApiMiddleware } from "../context.ts";
import { AppError } from "../../errors.ts";
import { isMultipart } from "./multipart.ts";

/** JSON and URL-encoded bodies within the configured limit; anything larger is refused unread. */
export function parseBody(limitBytes: number): ApiMiddleware {
  const parser = bodyParser({
    enableTypes: ["json", "form"],
    jsonLimit: limitBytes,
    formLimit: limitBytes,
    onError(error) {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new AppError("payload_too_large", 413);
      if (status === 415) throw new AppError("unsupported_media_type", 415);
      throw new AppError("invalid_json", 400);
    },
  }) as unknown as ApiMiddleware;
  return async (ctx, next) => {
    // Multipart bodies (uploads) are streamed by their route, which enforces its own limits.
    if (isMultipart(ctx)) return next();
    const declared = Number(ctx.get("Content-Length") || 0);
    if (declared > limitBytes) throw new AppError("payload_too_large", 413);
    await parser(ctx, next);
  };
}

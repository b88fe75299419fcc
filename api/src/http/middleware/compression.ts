import { Stream } from "node:stream";
import { constants } from "node:zlib";
import compress from "koa-compress";
import type { ApiMiddleware } from "../context.ts";

/**
 * The API's answers compressed as the client accepts (JSON, CSV exports, the reference page): a page of
 * guests is about 100 KB of JSON, 10 KB gzipped. Fast settings (brotli 4, gzip 4): compression costs
 * the server a fraction of what the answer took to build. What is compressed already (images, PDFs,
 * XLSX) passes as it is (koa-compress asks `compressible` about the type); the web app's files are
 * compressed at build time (webApp.ts).
 */
export function compressAnswers(): ApiMiddleware {
  const middleware = compress({
    threshold: 1024,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 4 },
    deflate: false,
  }) as unknown as ApiMiddleware;
  return (ctx, next) =>
    ctx.path.startsWith("/api/")
      ? middleware(ctx, async () => {
          await next();
          serializeJsonOnce(ctx);
        })
      : next();
}

/**
 * A JSON answer turned into its text here, once: koa-compress asks the answer's length (its threshold), and
 * Koa answers that for an object by serializing it, then serializes it again to send it (a page of guests:
 * 100 KB twice). The Content-Type set for the object stays.
 */
function serializeJsonOnce(ctx: Parameters<ApiMiddleware>[0]): void {
  const body: unknown = ctx.body;
  if (body === null || typeof body !== "object" || ArrayBuffer.isView(body) || body instanceof Stream) return;
  ctx.body = JSON.stringify(body);
}

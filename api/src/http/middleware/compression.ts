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
  return (ctx, next) => (ctx.path.startsWith("/api/") ? middleware(ctx, next) : next());
}

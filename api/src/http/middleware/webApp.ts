import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import serve from "koa-static";
import type { ApiMiddleware } from "../context.ts";

/**
 * Serves the built web app: hashed assets cached for a year, compressed as the browser accepts (the
 * build writes .br and .gz beside each asset), every other GET outside /api answered with index.html
 * (the React router decides), never cached so a deploy is picked up at once.
 */
export function webApp(distDir: string): ApiMiddleware {
  const assets = serve(distDir, {
    index: false,
    maxage: 365 * 24 * 3600 * 1000,
    immutable: true,
  }) as unknown as ApiMiddleware;
  const indexFile = path.join(distDir, "index.html");
  let indexHtml: Promise<string> | undefined;
  return async (ctx, next) => {
    if (ctx.path.startsWith("/api/") || (ctx.method !== "GET" && ctx.method !== "HEAD")) return next();
    await assets(ctx, async () => undefined);
    if (ctx.body !== undefined || ctx.status !== 404) {
      // One address, several encodings: a shared cache must keep them apart.
      ctx.vary("Accept-Encoding");
      return;
    }
    if (ctx.path.startsWith("/assets/")) return; // a missing asset stays a 404
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = "text";
      ctx.body = "The web app is not built yet: run `npm run build` (npm start does it for you).";
      return;
    }
    indexHtml ??= readFile(indexFile, "utf8");
    ctx.type = "html";
    ctx.set("Cache-Control", "no-cache");
    ctx.body = await indexHtml;
  };
}

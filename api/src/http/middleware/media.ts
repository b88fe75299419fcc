import type { ApiMiddleware } from "../context.ts";
import { findImage } from "../../services/images/list.ts";
import { STORED_FILE_CSP } from "./security.ts";

const IMAGE_PATH = /^\/media\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * GET /media/images/{id}: the public bytes of an image (event pages show them to guests, possibly
 * on a custom domain). The type is the one sniffed at upload; an id never changes its bytes, so the
 * answer is cached for a year.
 */
export function mediaFiles(): ApiMiddleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith("/media/")) return next();
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Content-Security-Policy", STORED_FILE_CSP);
    const match = IMAGE_PATH.exec(ctx.path);
    const image =
      match && (ctx.method === "GET" || ctx.method === "HEAD")
        ? await findImage(ctx.deps.db, match[1]!.toLowerCase())
        : undefined;
    const file = image ? await ctx.deps.storage.get(image.storageKey) : null;
    if (!image || !file) {
      ctx.status = 404;
      ctx.type = "text/plain";
      ctx.set("Cache-Control", "no-store");
      ctx.body = "Not found.";
      return;
    }
    ctx.set("Cache-Control", "public, max-age=31536000, immutable");
    ctx.set("Cross-Origin-Resource-Policy", "cross-origin");
    ctx.set("ETag", `"${image.id}"`);
    ctx.set("Last-Modified", image.createdAt.toUTCString());
    ctx.status = 200;
    if (ctx.fresh) {
      file.stream.destroy();
      ctx.status = 304;
      return;
    }
    ctx.type = image.mimeType;
    ctx.length = file.size;
    if (ctx.method === "HEAD") {
      file.stream.destroy(); // Koa would not read it: do not leave the file open
      return;
    }
    ctx.body = file.stream;
  };
}

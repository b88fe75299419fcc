import type { ApiMiddleware } from "../context.ts";

/** CSP of the web app: no inline scripts, no third-party origins; Mantine needs inline styles. */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  // The badge editor shows the PDF its preview answered in a frame, from a blob address the page made of it.
  "frame-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * A stored file (an image, a guest's answer file) is only ever shown or downloaded: no script, no plugin,
 * no same-origin document.
 */
export const STORED_FILE_CSP = "default-src 'none'; sandbox";

export function securityHeaders(options: { https: boolean }): ApiMiddleware {
  return async (ctx, next) => {
    await next();
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Referrer-Policy", "same-origin");
    ctx.set("X-Frame-Options", "DENY");
    ctx.set("Cross-Origin-Opener-Policy", "same-origin");
    if (options.https) ctx.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (!ctx.response.get("Content-Security-Policy")) {
      ctx.set("Content-Security-Policy", ctx.path.startsWith("/api/") ? API_CSP : WEB_APP_CSP);
    }
    if (ctx.path.startsWith("/api/") && !ctx.response.get("Cache-Control")) ctx.set("Cache-Control", "no-store");
  };
}

import type { ApiMiddleware } from "../context.ts";

/**
 * CSP of the web app: no inline scripts, no third-party origins but Stripe.js's (the buyer's payment step loads
 * it, shows its card frame and its 3-D Secure step, and it calls Stripe's API); Mantine needs inline styles.
 */
export function webAppCsp(stripeJsUrl?: string | null): string {
  const stripe = stripeJsUrl ? stripeOrigins(stripeJsUrl) : { script: [], frame: [], connect: [] };
  const sources = (list: string[]) => (list.length ? ` ${list.join(" ")}` : "");
  return [
    "default-src 'self'",
    `script-src 'self'${sources(stripe.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sources(stripe.connect)}`,
    "object-src 'none'",
    // The badge editor shows the PDF its preview answered in a frame, from a blob address the page made of it.
    `frame-src 'self' blob:${sources(stripe.frame)}`,
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The origins Stripe.js needs: Stripe's own (as its documentation lists them) for js.stripe.com, else the one
 * origin that serves the script, its frames and its API (the local stand-in).
 */
function stripeOrigins(stripeJsUrl: string): { script: string[]; frame: string[]; connect: string[] } {
  const origin = new URL(stripeJsUrl).origin;
  if (origin === "https://js.stripe.com") {
    return {
      script: [origin],
      frame: [origin, "https://hooks.stripe.com"],
      connect: ["https://api.stripe.com"],
    };
  }
  return { script: [origin], frame: [origin], connect: [origin] };
}

export const WEB_APP_CSP = webAppCsp();

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * A stored file (an image, a guest's answer file) is only ever shown or downloaded: no script, no plugin,
 * no same-origin document.
 */
export const STORED_FILE_CSP = "default-src 'none'; sandbox";

export function securityHeaders(options: { https: boolean; stripeJsUrl?: string | null }): ApiMiddleware {
  const webCsp = webAppCsp(options.stripeJsUrl);
  return async (ctx, next) => {
    await next();
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Referrer-Policy", "same-origin");
    ctx.set("X-Frame-Options", "DENY");
    ctx.set("Cross-Origin-Opener-Policy", "same-origin");
    if (options.https) ctx.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (!ctx.response.get("Content-Security-Policy")) {
      ctx.set("Content-Security-Policy", ctx.path.startsWith("/api/") ? API_CSP : webCsp);
    }
    if (ctx.path.startsWith("/api/") && !ctx.response.get("Cache-Control")) ctx.set("Cache-Control", "no-store");
  };
}

import { unsubscribePageUrl } from "../campaigns/links.ts";
import { AppError } from "../errors.ts";
import { readLimited } from "../net/readLimited.ts";
import {
  followClick,
  recordOpen,
  unsubscribePageLanguage,
  unsubscribeRecipient,
  type TrackingRequest,
} from "../services/campaigns/tracking.ts";
import type { ApiContext, ApiMiddleware } from "./context.ts";
import { requestScope } from "./scope.ts";

/*
 * The addresses a campaign message carries (campaigns/links.ts), reached by mail clients, image proxies, link
 * scanners and people, with no session (issue 15 item 6):
 *   GET|HEAD /api/v1/mail/o/{token}          the open pixel: a 1×1 transparent GIF, never cached
 *   GET|HEAD /api/v1/mail/c/{token}/{index}  a click redirect: 302 to the link's target, with the recipient's values
 *   POST     /api/v1/mail/u/{token}          RFC 8058 one-click unsubscribe (List-Unsubscribe-Post): at once, 200
 *   GET|HEAD /api/v1/mail/u/{token}          NEVER unsubscribes (link scanners GET everything): 303 to the page,
 *                                            which asks the person to confirm
 * Plain HTTP, not JSON contracts: a GIF, redirects and a form-encoded body. An unknown token, a link the message
 * has not: 404 with nothing said.
 */

export const MAIL_PATH = "/api/v1/mail/";
const ADDRESS = /^\/api\/v1\/mail\/(o|c|u)\/([^/]+)(?:\/([^/]+))?$/;
/** RFC 8058's body is `List-Unsubscribe=One-Click`; clients' bodies are small. */
const ONE_CLICK_BODY_LIMIT_BYTES = 8 * 1024;

/** The smallest transparent GIF (43 bytes). */
export const TRANSPARENT_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

function notFound(ctx: ApiContext): void {
  ctx.status = 404;
  ctx.set("Cache-Control", "no-store");
  ctx.body = { error: { code: "not_found" } };
}

function methodNotAllowed(ctx: ApiContext, allow: string): void {
  ctx.status = 405;
  ctx.set("Allow", allow);
}

function trackingRequest(ctx: ApiContext): TrackingRequest {
  return { method: ctx.method, userAgent: ctx.get("User-Agent") || null, ip: ctx.ip || null };
}

/** 404 answers for AppError not_found; anything else goes on to the error handler. */
async function orNotFound(ctx: ApiContext, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return notFound(ctx);
    throw error;
  }
}

export function campaignMailEndpoints(): ApiMiddleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(MAIL_PATH)) return next();
    const match = ADDRESS.exec(ctx.path);
    if (!match) return notFound(ctx);
    const [, what, token = "", extra] = match;
    const scope = requestScope(ctx);
    const publicUrl = ctx.deps.config.publicUrl;
    const reading = ctx.method === "GET" || ctx.method === "HEAD";

    if (what === "o") {
      if (extra !== undefined) return notFound(ctx);
      if (!reading) return methodNotAllowed(ctx, "GET, HEAD");
      return orNotFound(ctx, async () => {
        await recordOpen(scope, token, trackingRequest(ctx));
        ctx.status = 200;
        ctx.type = "image/gif";
        ctx.set("Cache-Control", "no-store, no-cache, must-revalidate, max-age=0");
        ctx.set("Pragma", "no-cache");
        ctx.body = TRANSPARENT_GIF;
      });
    }

    if (what === "c") {
      if (extra === undefined || !/^\d{1,4}$/.test(extra)) return notFound(ctx);
      if (!reading) return methodNotAllowed(ctx, "GET, HEAD");
      return orNotFound(ctx, async () => {
        const { target } = await followClick(scope, token, Number(extra), trackingRequest(ctx));
        ctx.set("Cache-Control", "no-store");
        ctx.set("Referrer-Policy", "no-referrer");
        ctx.redirect(target);
        ctx.status = 302;
      });
    }

    // what === "u"
    if (extra !== undefined) return notFound(ctx);
    if (ctx.method === "POST") {
      // The body (`List-Unsubscribe=One-Click`, or what a client sends instead) is read and not required: the POST
      // itself is the request (RFC 8058 §3.2); a GET never gets here.
      await readLimited(ctx.req, ONE_CLICK_BODY_LIMIT_BYTES, () => new AppError("payload_too_large", 413));
      return orNotFound(ctx, async () => {
        await unsubscribeRecipient(scope, token, "one_click");
        ctx.status = 200;
        ctx.set("Cache-Control", "no-store");
        ctx.body = { unsubscribed: true };
      });
    }
    if (!reading) return methodNotAllowed(ctx, "GET, HEAD, POST");
    return orNotFound(ctx, async () => {
      const language = await unsubscribePageLanguage(scope, token);
      ctx.set("Cache-Control", "no-store");
      ctx.redirect(unsubscribePageUrl(publicUrl, language, token));
      ctx.status = 303;
    });
  };
}

import Koa from "koa";
import type { ApiContextExtras, ApiState } from "./http/context.ts";
import type { AppDeps } from "./services/scope.ts";
import { compressAnswers } from "./http/middleware/compression.ts";
import { errorHandler } from "./http/middleware/errors.ts";
import { countInFlight } from "./http/middleware/inFlight.ts";
import { mediaFiles } from "./http/middleware/media.ts";
import { requestContext } from "./http/middleware/requestContext.ts";
import { securityHeaders } from "./http/middleware/security.ts";
import { webApp } from "./http/middleware/webApp.ts";
import { legacyRoutes } from "./http/legacy/index.ts";
import { apiRoutes } from "./http/routes/index.ts";
import { routesRouter } from "./http/routes/mount.ts";
import { stripeWebhook } from "./http/stripeWebhook.ts";
import { mailgunWebhook } from "./http/mailgunWebhook.ts";
import { campaignMailEndpoints } from "./http/campaignMail.ts";

export const API_PREFIX = "/api/v1";

/** Builds the Koa app (no listen): API under /api/v1 and the web app everywhere else. */
export function createApp(deps: AppDeps, options: { serveWebApp?: boolean } = {}): Koa<ApiState, ApiContextExtras> {
  const { proxyHops } = deps.config;
  // maxIpsCount: the client's address is the one the outermost trusted proxy saw, not the first entry of
  // X-Forwarded-For, which the client writes as it likes.
  const app = new Koa<ApiState, ApiContextExtras>({
    proxy: proxyHops > 0,
    maxIpsCount: proxyHops,
    keys: [deps.config.secret],
  });
  app.context.deps = deps;
  app.silent = true; // errors are logged by the error middleware with the request id

  const router = routesRouter(deps, apiRoutes, API_PREFIX);

  app.use(countInFlight());
  app.use(requestContext());
  app.use(
    securityHeaders({ https: deps.config.publicUrl.startsWith("https://"), stripeJsUrl: deps.config.stripe.jsUrl }),
  );
  app.use(compressAnswers());
  app.use(errorHandler());
  // Before the API's routers, which parse JSON bodies: its signature covers the raw bytes.
  app.use(stripeWebhook());
  // Mailgun's events: JSON read here, its signature checked before anything is done.
  app.use(mailgunWebhook());
  // A campaign message's open pixel, click redirects and one-click unsubscribe: a GIF, redirects, a form body.
  app.use(campaignMailEndpoints());
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use(routesRouter(deps, legacyRoutes).routes());
  app.use(mediaFiles());
  if (options.serveWebApp ?? true) app.use(webApp(deps.config.webDistDir));
  return app;
}

import Koa from "koa";
import type { ApiContextExtras, ApiState, AppDeps } from "./context.ts";
import { errorHandler } from "./middleware/errors.ts";
import { mediaFiles } from "./middleware/media.ts";
import { requestContext } from "./middleware/requestContext.ts";
import { securityHeaders } from "./middleware/security.ts";
import { webApp } from "./middleware/webApp.ts";
import { legacyRoutes } from "./legacy/index.ts";
import { apiRoutes } from "./routes/index.ts";
import { routesRouter } from "./routes/mount.ts";

export const API_PREFIX = "/api/v1";

/** Builds the Koa app (no listen): API under /api/v1 and the web app everywhere else. */
export function createApp(deps: AppDeps, options: { serveWebApp?: boolean } = {}): Koa<ApiState, ApiContextExtras> {
  const app = new Koa<ApiState, ApiContextExtras>({ proxy: deps.config.trustProxy, keys: [deps.config.secret] });
  app.context.deps = deps;
  app.silent = true; // errors are logged by the error middleware with the request id

  const router = routesRouter(deps, apiRoutes, API_PREFIX);

  app.use(requestContext());
  app.use(securityHeaders({ https: deps.config.publicUrl.startsWith("https://") }));
  app.use(errorHandler());
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use(routesRouter(deps, legacyRoutes).routes());
  app.use(mediaFiles());
  if (options.serveWebApp ?? true) app.use(webApp(deps.config.webDistDir));
  return app;
}

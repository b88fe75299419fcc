import Router from "@koa/router";
import type { ApiContextExtras, ApiState, AppDeps } from "../context.ts";
import { authenticate } from "../middleware/authenticate.ts";
import { parseBody } from "../middleware/body.ts";
import type { AnyRoute } from "../routes/define.ts";
import { mountRoutes } from "../routes/mount.ts";
import { legacyDuplicateRoutes } from "./duplicates.ts";
import { legacyRecommendationRoutes } from "./recommendations.ts";
import { legacyImportRoutes } from "./imports.ts";

/**
 * The legacy JSON endpoints of spec §7 (`/{event}/admin/...`, `/{event}/recommendations/...`), served
 * outside /api/v1 by the same services, validation and policies. Each area appends its routes here
 * (declared with `isLegacy: true` so the OpenAPI document shows their real paths).
 */
export const legacyRoutes: readonly AnyRoute[] = [
  ...legacyDuplicateRoutes,
  ...legacyRecommendationRoutes,
  ...legacyImportRoutes,
];

export function legacyRouter(deps: AppDeps): Router<ApiState, ApiContextExtras> {
  const router = new Router<ApiState, ApiContextExtras>();
  router.use(parseBody(deps.config.bodyLimitBytes));
  router.use(authenticate());
  mountRoutes(router, legacyRoutes);
  return router;
}

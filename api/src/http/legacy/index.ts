import type { Route } from "../routes/define.ts";
import { legacyDuplicateRoutes } from "./duplicates.ts";
import { legacyRecommendationRoutes } from "./recommendations.ts";
import { legacyImportRoutes } from "./imports.ts";
import { legacyRegistrationRoutes } from "../routes/forms/registration.ts";
import { legacyStatisticsRoutes } from "../routes/statistics/statistics.ts";
import { legacyCampaignStatisticsRoutes } from "../routes/statistics/campaignStatistics.ts";

/**
 * The legacy JSON endpoints of spec §7 (`/{event}/admin/...`, `/{event}/recommendations/...`), served
 * outside /api/v1 (the app mounts them) by the same services, validation and policies. Each area appends its
 * routes here (declared with `isLegacy: true` so the OpenAPI document shows their real paths).
 */
export const legacyRoutes: readonly Route[] = [
  ...legacyDuplicateRoutes,
  ...legacyRecommendationRoutes,
  ...legacyImportRoutes,
  ...legacyRegistrationRoutes,
  ...legacyStatisticsRoutes,
  ...legacyCampaignStatisticsRoutes,
];

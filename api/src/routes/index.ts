import { accountRoutes } from "./accounts.ts";
import { administratorRoutes } from "./administrators.ts";
import { auditLogRoutes } from "./auditLogs.ts";
import { authRoutes } from "./auth.ts";
import { defaultEventParamRoutes } from "./defaultEventParams.ts";
import type { AnyRoute } from "./define.ts";
import { eventRoutes } from "./events.ts";
import { profileRoutes } from "./profile.ts";
import { systemRoutes } from "./system.ts";
import { teamRoutes } from "./teams.ts";
import { imageRoutes } from "./images.ts";
import { guestRoutes } from "./guests.ts";
import { guestViewRoutes } from "./guestViews.ts";
import { customFieldRoutes } from "./customFields.ts";
import { duplicateRoutes } from "./duplicates.ts";
import { recommendationRoutes } from "./recommendations.ts";
import { guestImportRoutes } from "./guestImports.ts";
import { guestExportRoutes } from "./guestExports.ts";
import { guestFileRoutes } from "./guestFiles.ts";
import { guestOrderRoutes } from "./guestOrders.ts";

/** Every /api/v1 route: mounted by the app and published in the OpenAPI document. */
export const apiRoutes: readonly AnyRoute[] = [
  ...systemRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...administratorRoutes,
  ...teamRoutes,
  ...auditLogRoutes,
  ...profileRoutes,
  ...defaultEventParamRoutes,
  ...imageRoutes,
  ...eventRoutes,
  ...guestExportRoutes, // before guestRoutes: /users/export is not /users/:id
  ...guestRoutes,
  ...guestFileRoutes,
  ...guestOrderRoutes, // loads ticketing's guest hooks (deletion guard, merge step)
  ...guestViewRoutes,
  ...customFieldRoutes,
  ...duplicateRoutes,
  ...recommendationRoutes,
  ...guestImportRoutes,
];

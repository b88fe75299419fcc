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
];

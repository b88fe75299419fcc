import { accountRoutes } from "./accounts.ts";
import { administratorRoutes } from "./administrators.ts";
import { authRoutes } from "./auth.ts";
import type { AnyRoute } from "./define.ts";
import { systemRoutes } from "./system.ts";

/** Every /api/v1 route: mounted by the app and published in the OpenAPI document. */
export const apiRoutes: readonly AnyRoute[] = [
  ...systemRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...administratorRoutes,
];

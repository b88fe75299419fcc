import type { AnyRoute } from "./define.ts";

/** /auth/*: filled by the authentication work. */
export const authRoutes: AnyRoute[] = [];

import type { AnyRoute } from "./define.ts";

/** /administrators/*: filled by the platform administration work. */
export const administratorRoutes: AnyRoute[] = [];

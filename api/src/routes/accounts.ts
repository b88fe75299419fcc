import type { AnyRoute } from "./define.ts";

/** /accounts/*: filled by the accounts work. */
export const accountRoutes: AnyRoute[] = [];

import { createApiClient } from "@tessera/shared/client";
import { getActiveLanguage } from "@/app/language.ts";

/**
 * The one API client of the web app, derived from shared's contracts: same origin, session cookie,
 * answers in the page's language. Only the query layer (this folder) calls it; screens use its hooks.
 */
export const api = createApiClient({ language: getActiveLanguage });

import { createHandTypedApiClient as createApiClient } from "@tessera/shared/client";
import { getActiveLanguage } from "./app/language.ts";

/** The one API client of the web app: same origin, session cookie, answers in the page's language. */
export const api = createApiClient({ language: getActiveLanguage });

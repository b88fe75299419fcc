import en from "./en/errors.json";
import es from "./es/errors.json";
import fr from "./fr/errors.json";

/** The error messages in every language: small, and what a page shows when the rest cannot be loaded. */
export const errorCatalogues = { en, fr, es } as const;

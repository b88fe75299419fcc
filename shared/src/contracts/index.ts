import type { ContractRegistry } from "./contract.ts";
import { customFieldContracts } from "./customFields.ts";
import { duplicateContracts } from "./duplicates.ts";
import { eventContracts } from "./events.ts";
import { guestExportContracts } from "./guestExport.ts";
import { guestImportContracts } from "./guestImports.ts";
import { guestFileContracts } from "./guestFiles.ts";
import { guestContracts } from "./guests.ts";
import { guestViewContracts } from "./guestViews.ts";
import { legacyContracts } from "./legacy.ts";
import { recommendationContracts } from "./recommendations.ts";

/**
 * Every operation of the API, by area. The API mounts a route for each (a test checks that none is
 * missing), the OpenAPI document lists them, and the typed client of web, desktop and tests is
 * derived from them.
 */
export const contracts = {
  events: eventContracts,
  guests: { ...guestContracts, ...guestViewContracts, ...guestFileContracts },
  customFields: customFieldContracts,
  guestImports: guestImportContracts,
  guestExport: guestExportContracts,
  duplicates: duplicateContracts,
  recommendations: recommendationContracts,
  legacy: legacyContracts,
} satisfies ContractRegistry;

export type Contracts = typeof contracts;

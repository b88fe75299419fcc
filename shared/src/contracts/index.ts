import type { ContractRegistry } from "./contract.ts";
import { eventContracts } from "./events.ts";
import { guestExportContracts } from "./guestExport.ts";
import { guestImportContracts, legacyImportContracts } from "./guestImports.ts";

/**
 * Every operation of the API, by area. The API mounts a route for each (a test checks that none is
 * missing), the OpenAPI document lists them, and the typed client of web, desktop and tests is
 * derived from them.
 */
export const contracts = {
  events: eventContracts,
  guestImports: guestImportContracts,
  guestExport: guestExportContracts,
  legacyImports: legacyImportContracts,
} satisfies ContractRegistry;

export type Contracts = typeof contracts;

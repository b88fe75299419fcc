import type { ContractDefinition } from "@tessera/shared/contracts/contract";
import { buildOpenApiDocument } from "./document.ts";

export const API_VERSION = "1.0.0";

/**
 * The operations the document lists. TRANSITION: the contracts of the mounted routes (/api/v1 and the
 * legacy paths) until every area is in shared's registry; then `listOperations(contracts)` from
 * shared/src/contracts/contract.ts, which names the same operations.
 */
async function publishedContracts(): Promise<ContractDefinition[]> {
  // Imported at call time: the route index imports the system routes, which serve this document.
  const { apiRoutes } = await import("../routes/index.ts");
  const { legacyRoutes } = await import("../legacy/index.ts");
  return [...apiRoutes, ...legacyRoutes].map((mounted) => mounted.contract);
}

/** Built once per public address (several servers with their own address may share a process: tests). */
const documents = new Map<string, Promise<Record<string, unknown>>>();

/** The OpenAPI 3.1 document the API serves at /api/v1/openapi.json, with `publicUrl` as its server. */
export function publishedDocument(publicUrl: string): Promise<Record<string, unknown>> {
  let document = documents.get(publicUrl);
  if (!document) {
    document = publishedContracts().then((operations) =>
      buildOpenApiDocument(operations, { title: "Tessera", version: API_VERSION, serverUrl: publicUrl }),
    );
    // A failed build is tried again by the next request rather than kept.
    document.catch(() => documents.delete(publicUrl));
    documents.set(publicUrl, document);
  }
  return document;
}

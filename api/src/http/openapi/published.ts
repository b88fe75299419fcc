import { contracts } from "@tessera/shared/contracts/index";
import { listOperations } from "@tessera/shared/contracts/contract";
import { buildOpenApiDocument } from "./document.ts";

export const API_VERSION = "1.0.0";

/** Built once per public address (several servers with their own address may share a process: tests). */
const documents = new Map<string, Record<string, unknown>>();

/**
 * The OpenAPI 3.1 document the API serves at /api/v1/openapi.json, with `publicUrl` as its server: every
 * operation of shared's contracts (the API mounts exactly those; tests/integration/contracts checks it).
 */
export function publishedDocument(publicUrl: string): Record<string, unknown> {
  let document = documents.get(publicUrl);
  if (!document) {
    const operations = listOperations(contracts).map((operation) => operation.contract);
    document = buildOpenApiDocument(operations, { title: "Tessera", version: API_VERSION, serverUrl: publicUrl });
    documents.set(publicUrl, document);
  }
  return document;
}

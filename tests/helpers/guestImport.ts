import type { CustomFieldType } from "@tessera/shared";
import { expect } from "vitest";
import type { Db } from "../../api/src/db/knex.ts";
import type { CustomField } from "../../api/src/models/CustomField.ts";
import { buildAccount, buildUser, sessionTokenFor } from "./factories.ts";
import { buildCustomField as buildEventCustomField } from "./guests.ts";
import type { HttpClient, HttpResponse } from "./http.ts";
import type { TestServer } from "./server.ts";
import { postMultipart } from "./uploads.ts";

/** A custom field of the event, labelled by its name unless told (the import matches columns by either). */
export function buildCustomField(
  db: Db,
  event: { id: string; accountId: string },
  overrides: Partial<CustomField> & { name: string; type: CustomFieldType },
): Promise<CustomField> {
  return buildEventCustomField(db, event, { label: overrides.name, ...overrides });
}

/** POSTs a multipart upload with a `file` part (and extra fields / headers) through the client's credentials. */
export async function uploadFile(
  http: HttpClient,
  path: string,
  bytes: Uint8Array | string,
  options: { fields?: Record<string, string>; headers?: Record<string, string>; lang?: string; fileName?: string } = {},
): Promise<HttpResponse> {
  return postMultipart(http.baseUrl, path, {
    fields: options.fields,
    files: [
      {
        bytes: typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes,
        contentType: "text/csv",
        fileName: options.fileName ?? "guests.csv",
      },
    ],
    lang: options.lang,
    headers: { ...http.authHeaders(), ...options.headers },
  });
}

/** Windows-1252 bytes of a Latin-1-range string (every character here is below U+0100). */
export function latin1(text: string): Uint8Array {
  return Uint8Array.from([...text].map((character) => character.charCodeAt(0)));
}

/** A new account and a client signed in as one of its users (an overseer may import into any of its events). */
export async function importingAccount(server: TestServer, role: "overseer" | "organizer" = "overseer") {
  const account = await buildAccount(server.db);
  const user = await buildUser(server.db, { accountId: account.id, role });
  const http = server.http.as(await sessionTokenFor(server.db, server.config, user));
  return { account, user, http };
}

/** Where an event's imports live in the API. */
export function importsPath(event: { id: string; accountId: string }): string {
  return `/api/v1/events/${event.accountId}/${event.id}/imports`;
}

export interface ImportOptions {
  /** Default: the mapping the upload suggested. */
  mapping?: Record<string, string | null>;
  fileName?: string;
  lang?: string;
}

/** Steps 1 and 2: the file uploaded (201), then mapped (200). */
export async function uploadAndMap(
  http: HttpClient,
  imports: string,
  file: Uint8Array | string,
  options: ImportOptions = {},
) {
  const upload = await uploadFile(http, imports, file, { fileName: options.fileName });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const id = upload.body.import.id as string;
  const mapping = options.mapping ?? upload.body.suggestedMapping;
  const mapped = await http.post(`${imports}/${id}/mapping`, { mapping }, { lang: options.lang });
  expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
  return { id, upload, mapped };
}

/** Step 3 (202) with the job queue drained: the import as GET then answers it. */
export async function processImport(server: TestServer, http: HttpClient, imports: string, id: string) {
  expect((await http.post(`${imports}/${id}/process`)).status).toBe(202);
  await server.deps.jobs.drain(60_000);
  return (await http.get(`${imports}/${id}`)).body.import;
}

/** The three steps of an import through the API: its upload and mapping answers, and the import processed. */
export async function runImport(
  server: TestServer,
  http: HttpClient,
  imports: string,
  file: Uint8Array | string,
  options: ImportOptions = {},
) {
  const { id, upload, mapped } = await uploadAndMap(http, imports, file, options);
  return { id, upload, mapped, final: await processImport(server, http, imports, id) };
}

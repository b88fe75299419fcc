import { randomUUID } from "node:crypto";
import type { CustomFieldType } from "@tessera/shared";
import type { Db } from "../../api/src/db/knex.ts";
import { CustomField } from "../../api/src/models/CustomField.ts";
import type { HttpClient, HttpResponse } from "./http.ts";

/** A custom field row straight in the database. */
export async function buildCustomField(
  db: Db,
  event: { id: string; accountId: string },
  overrides: Partial<CustomField> & { name: string; type: CustomFieldType },
): Promise<CustomField> {
  const count = await CustomField.query(db).where({ eventId: event.id }).resultSize();
  return CustomField.query(db).insertAndFetch({
    id: randomUUID(),
    accountId: event.accountId,
    eventId: event.id,
    label: overrides.name,
    helpText: null,
    isRequired: false,
    isReadOnly: false,
    options: [],
    rules: {},
    position: count,
    ...overrides,
  });
}

/** The Authorization header of a client (for raw fetch calls that read bytes). */
export function authHeaders(http: HttpClient): Record<string, string> {
  const token = (http as unknown as { auth: { token?: string } }).auth.token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** POSTs a multipart upload with a `file` part (and extra fields / headers) through the client's credentials. */
export async function uploadFile(
  http: HttpClient,
  path: string,
  bytes: Uint8Array | string,
  options: { fields?: Record<string, string>; headers?: Record<string, string>; lang?: string; fileName?: string } = {},
): Promise<HttpResponse> {
  const form = new FormData();
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  form.append(
    "file",
    new Blob([data as Uint8Array<ArrayBuffer>], { type: "text/csv" }),
    options.fileName ?? "guests.csv",
  );
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  const headers: Record<string, string> = { Accept: "application/json", ...authHeaders(http), ...options.headers };
  if (options.lang) headers["Accept-Language"] = options.lang;
  const response = await fetch(http.baseUrl + path, { method: "POST", body: form, headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // keep text
  }
  return { status: response.status, body, headers: response.headers };
}

/** Windows-1252 bytes of a Latin-1-range string (every character here is below U+0100). */
export function latin1(text: string): Uint8Array {
  return Uint8Array.from([...text].map((character) => character.charCodeAt(0)));
}

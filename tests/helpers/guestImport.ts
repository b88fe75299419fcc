import type { CustomFieldType } from "@tessera/shared";
import type { Db } from "../../api/src/db/knex.ts";
import type { CustomField } from "../../api/src/models/CustomField.ts";
import { buildCustomField as buildEventCustomField } from "./guests.ts";
import type { HttpClient, HttpResponse } from "./http.ts";
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

import type { HttpClient } from "./http.ts";

/** PUTs one chunk of a chunked guest import upload (its raw bytes, starting at `offset`): status and answer. */
export async function putImportChunk(client: HttpClient, url: string, offset: number, bytes: Uint8Array) {
  const response = await fetch(`${client.baseUrl}${url}?offset=${offset}`, {
    method: "PUT",
    headers: { ...client.authHeaders(), "Content-Type": "application/octet-stream", Accept: "application/json" },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as any };
}

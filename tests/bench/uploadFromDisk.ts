// Uploads from disk for the benches: the server runs in the bench's process, so the client must not hold
// the file (fetch's FormData builds the whole body in memory, and on the event loop the server shares).
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import http from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { text } from "node:stream/consumers";

/**
 * POSTs the file as multipart/form-data straight from disk with node:http: the answer's status and body.
 */
export async function uploadFromDisk(url: string, headers: Record<string, string>, file: string, fileName: string) {
  const boundary = `----bench${Date.now().toString(16)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const size = (await stat(file)).size;
  const request = http.request(url, {
    method: "POST",
    headers: {
      ...headers,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": String(Buffer.byteLength(head) + size + Buffer.byteLength(tail)),
    },
  });
  const answered = once(request, "response") as Promise<[http.IncomingMessage]>;
  const body = Readable.from(
    (async function* () {
      yield Buffer.from(head);
      yield* createReadStream(file);
      yield Buffer.from(tail);
    })(),
  );
  // The server may answer (a refusal) before the whole body is sent: stop sending then.
  void pipeline(body, request).catch(() => undefined);
  const [response] = await answered;
  body.destroy();
  return { status: response.statusCode ?? 0, body: JSON.parse(await text(response)) as Record<string, any> };
}

import type { IncomingMessage } from "node:http";

/**
 * A message's whole body (a response we fetched, a request posted to us), refused past `maxBytes`: by its
 * declared length before anything is read, else as soon as the bytes read pass it (the stream is then destroyed).
 */
export async function readLimited(message: IncomingMessage, maxBytes: number, tooBig: () => Error): Promise<Buffer> {
  const declared = Number(message.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    message.destroy();
    throw tooBig();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of message as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      message.destroy();
      throw tooBig();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

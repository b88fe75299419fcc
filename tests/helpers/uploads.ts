import type { HttpResponse } from "./http.ts";

export interface UploadPart {
  /** Form field name (default "file"). */
  field?: string;
  fileName?: string;
  /** The declared type of the part (default application/octet-stream): the API must ignore it. */
  contentType?: string;
  bytes: Uint8Array;
}

/** Sends multipart/form-data built by fetch's FormData (real boundaries, real Content-Length). */
export async function postMultipart(
  baseUrl: string,
  path: string,
  options: {
    token?: string;
    fields?: Record<string, string>;
    files?: UploadPart[];
    lang?: string;
    headers?: Record<string, string>;
  },
): Promise<HttpResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  for (const file of options.files ?? []) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.contentType ?? "application/octet-stream" });
    form.append(file.field ?? "file", blob, file.fileName ?? "upload.bin");
  }
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.lang) headers["Accept-Language"] = options.lang;
  const response = await fetch(baseUrl + path, { method: "POST", headers, body: form });
  return { status: response.status, body: await readJson(response), headers: response.headers };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * A multipart upload whose file never ends (chunked, no Content-Length): resolves with the answer
 * and how many bytes had been produced when it came, so a test can prove the server refused while
 * streaming instead of waiting for (or holding) the whole body. The file's chunks are 64 KiB of one
 * byte unless `chunkAt` makes them; `fieldsAfter` come after the file.
 */
export async function postEndlessMultipart(
  baseUrl: string,
  path: string,
  options: {
    token: string;
    fields: Record<string, string>;
    chunkBytes?: number;
    stopAfterBytes: number;
    fileName?: string;
    contentType?: string;
    chunkAt?: (index: number) => Uint8Array;
    fieldsAfter?: Record<string, string>;
  },
): Promise<{ status: number; body: unknown; bytesSentBeforeAnswer: number }> {
  const boundary = `----tessera${Math.random().toString(16).slice(2)}`;
  const encoder = new TextEncoder();
  let head = "";
  for (const [name, value] of Object.entries(options.fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head +=
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName ?? "endless.png"}"\r\n` +
    `Content-Type: ${options.contentType ?? "image/png"}\r\n\r\n`;
  let tail = "\r\n";
  for (const [name, value] of Object.entries(options.fieldsAfter ?? {})) {
    tail += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  tail += `--${boundary}--\r\n`;
  const filler = new Uint8Array(options.chunkBytes ?? 64 * 1024).fill(7);
  const chunkAt = options.chunkAt ?? (() => filler);
  let chunks = 0;
  let sent = 0;
  let answered = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      if (answered || sent >= options.stopAfterBytes) {
        controller.enqueue(encoder.encode(tail));
        controller.close();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
      const chunk = chunkAt(chunks++);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const response = await fetch(baseUrl + path, {
    method: "POST",
    headers: {
      Accept: "application/json",
      Authorization: `Bearer ${options.token}`,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
    },
    body,
    duplex: "half",
  } as RequestInit);
  const bytesSentBeforeAnswer = sent;
  answered = true;
  return { status: response.status, body: await readJson(response), bytesSentBeforeAnswer };
}

/** The desk's calls to the API over HTTP (never api/'s code): JSON in and out, the desk's bearer token. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface DeskHttpOptions {
  serverUrl: string;
  token?: string | null;
  fetch?: FetchLike;
  /** No answer within this time is a failure (the desk then works offline). */
  timeoutMs?: number;
}

/** Node's fetch failing on a kept-alive connection the server had just closed: asked again once, on a new one. */
function isConnectionReset(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return error instanceof TypeError && (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET");
}

export class DeskHttpError extends Error {
  override name = "DeskHttpError";
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One call to the API. A GET, or a call the caller marks `idempotent` (a batch of scans, each stored once by its
 * id), is asked again once when the connection was reset under it.
 */
export async function deskRequest<T>(
  options: DeskHttpOptions,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
  call: { idempotent?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const send = () =>
    (options.fetch ?? fetch)(`${options.serverUrl}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  const response = await send().catch((error: unknown) => {
    if ((method === "GET" || call.idempotent) && isConnectionReset(error)) return send();
    throw error;
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = (json as { error?: { code?: string; message?: string } } | null)?.error;
    throw new DeskHttpError(
      response.status,
      error?.code ?? null,
      error?.message ?? `The server answered ${response.status} to ${method} ${path}`,
    );
  }
  return json as T;
}

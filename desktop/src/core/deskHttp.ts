/** The desk's calls to the API over HTTP (never api/'s code): JSON in and out, the desk's bearer token. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface DeskHttpOptions {
  serverUrl: string;
  token?: string | null;
  fetch?: FetchLike;
  /** No answer within this time is a failure (the desk then works offline). */
  timeoutMs?: number;
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

export async function deskRequest<T>(
  options: DeskHttpOptions,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await (options.fetch ?? fetch)(`${options.serverUrl}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
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

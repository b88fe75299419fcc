/** A peer's calls to the venue's primary desk over the LAN: JSON in and out, the peer's secret as bearer. */
import type { ScanAnswer } from "@tessera/shared/schemas/checkins";
import type { FetchLike } from "../deskHttp.ts";
import type {
  HelloAnswer,
  PairAnswer,
  PairBody,
  PeerCheckBody,
  PrimaryErrorBody,
  ReconcileAnswer,
  ReconcileBody,
} from "./protocol.ts";

export interface PrimaryHttpOptions {
  /** The primary's origin, e.g. http://192.168.1.20:4870. */
  address: string;
  secret?: string | null;
  fetch?: FetchLike;
  /** No answer within this time is a failure (the desk then answers alone). */
  timeoutMs: number;
}

export class PrimaryHttpError extends Error {
  override name = "PrimaryHttpError";
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

async function primaryRequest<T>(
  options: PrimaryHttpOptions,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.secret) headers.authorization = `Bearer ${options.secret}`;
  const send = () =>
    (options.fetch ?? fetch)(`${options.address}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  // A kept-alive connection the primary closed (it restarted) fails at once: sent again on a new one. Every
  // route is safe to repeat (a check or reconcile by its scan ids; a pairing at worst leaves a secret unused).
  const response = await send().catch((error: unknown) => {
    if (isStaleConnection(error)) return send();
    throw error;
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = (json as PrimaryErrorBody | null)?.error;
    throw new PrimaryHttpError(
      response.status,
      error?.code ?? null,
      error?.message ?? `The primary desk answered ${response.status} to ${method} ${path}`,
    );
  }
  return json as T;
}

export class InvalidPrimaryAddress extends Error {
  override name = "InvalidPrimaryAddress";
}

function isStaleConnection(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === "UND_ERR_SOCKET" || code === "ECONNRESET";
}

/** The origin of a typed or discovered address (http only: the primary serves plain HTTP on the LAN). */
export function primaryOrigin(address: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(address.trim()) ? address.trim() : `http://${address.trim()}`);
  } catch {
    throw new InvalidPrimaryAddress(`Not an address: ${address}`);
  }
  if (url.protocol !== "http:") throw new InvalidPrimaryAddress("The primary desk's address must be http://host:port");
  return url.origin;
}

export const helloPrimary = (options: PrimaryHttpOptions) =>
  primaryRequest<HelloAnswer>(options, "GET", "/primary/hello");

export const pairWithPrimary = (options: PrimaryHttpOptions, body: PairBody) =>
  primaryRequest<PairAnswer>(options, "POST", "/primary/pair", body);

export const checkAtPrimary = (options: PrimaryHttpOptions, body: PeerCheckBody) =>
  primaryRequest<ScanAnswer>(options, "POST", "/primary/check", body);

export const reconcileWithPrimary = (options: PrimaryHttpOptions, body: ReconcileBody) =>
  primaryRequest<ReconcileAnswer>(options, "POST", "/primary/reconcile", body);

import type { ErrorDetail } from "../errors.ts";
import { isRecord } from "../records.ts";
import type { Language } from "../i18n/languages.ts";
import enErrors from "../i18n/en/errors.json";
import frErrors from "../i18n/fr/errors.json";
import esErrors from "../i18n/es/errors.json";
import type { UploadFile } from "../contracts/contract.ts";

/*
 * How the typed client talks HTTP, in browsers and in Node alike: no DOM-only or Node-only import,
 * the DOM is read defensively.
 */

export const CSRF_COOKIE = "tessera_csrf";
export const CSRF_HEADER = "X-CSRF-Token";

/** The client-side failures, with their message in the errors catalogue. */
export type ClientErrorCode = "network_error" | "bad_response" | "timeout";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** A code of the errors catalogue (the API's, or a ClientErrorCode). */
    readonly code: string,
    message: string,
    /** Per-field problems of a 422, each with its translated message. */
    readonly details: ErrorDetail[] = [],
    /** The API's id of the request (X-Request-Id): the reference of its error report. */
    readonly requestId: string | null = null,
    /** What a refusal other than a 422 says beyond its message (e.g. the accounts to choose from). */
    readonly info: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }

  /** The message of one field's problem, if the API reported one. */
  messageFor(field: string): string | undefined {
    return this.details.find((detail) => detail.field === field)?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What the client needs from `fetch`; the browser's and Node's both fit. */
export interface FetchResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | object; credentials: "same-origin" },
) => Promise<FetchResponse>;

export interface ApiClientOptions {
  /** Origin (and path prefix) of the API; "" for the page's own origin. */
  baseUrl?: string;
  /** The language the API should answer in (Accept-Language). */
  language: () => Language;
  fetch?: FetchLike;
  /** Sent as `Authorization: Bearer …` when given (desktop app, scripts); the web app uses its cookie. */
  token?: () => string | null | undefined;
  /** No timeout unless asked for (spec §9). */
  timeoutMs?: number;
}

export type Method = "GET" | "POST" | "PUT" | "DELETE";
export type QueryValue = string | number | boolean | null | undefined;

export interface TransportRequest {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Multipart fields: sent as FormData. */
  form?: Record<string, string | UploadFile>;
  /** Raw bytes (a chunk of an upload) sent as they are, of this media type. */
  raw?: { bytes: Uint8Array | UploadFile; contentType: string };
  headers?: Readonly<Record<string, string>>;
}

const CLIENT_MESSAGES: Record<Language, Record<ClientErrorCode, string>> = {
  en: enErrors,
  fr: frErrors,
  es: esErrors,
};

function clientError(language: Language, code: ClientErrorCode, status = 0): ApiError {
  return new ApiError(status, code, CLIENT_MESSAGES[language][code]);
}

/** The anti-forgery token the API left in a readable cookie, when running in a page. */
export function readCsrfToken(): string | null {
  const cookies = (globalThis as { document?: { cookie?: unknown } }).document?.cookie;
  if (typeof cookies !== "string") return null;
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    // Over https the API names it with the __Host- prefix (bound to the exact host, Secure, path /).
    if (name === CSRF_COOKIE || name === `__Host-${CSRF_COOKIE}`) return decodeURIComponent(value.join("="));
  }
  return null;
}

export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return "";
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
}

function toDetails(details: unknown): ErrorDetail[] {
  if (!Array.isArray(details)) return [];
  return details.filter(
    (detail): detail is ErrorDetail =>
      typeof detail === "object" && detail !== null && typeof (detail as ErrorDetail).field === "string",
  );
}

/** Timers exist in every runtime we target, though not in the ES library types shared compiles with. */
const timers = globalThis as unknown as {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

function withTimeout<T>(promise: Promise<T>, timeoutMs: number | undefined, onTimeout: () => Error): Promise<T> {
  if (!timeoutMs) return promise;
  let timer: unknown;
  const timeout = new Promise<never>((_, reject) => {
    timer = timers.setTimeout(() => reject(onTimeout()), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => timers.clearTimeout(timer));
}

function formData(fields: Record<string, string | UploadFile>): object {
  const FormDataClass = (globalThis as unknown as { FormData: new () => { append(k: string, v: unknown): void } })
    .FormData;
  const form = new FormDataClass();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  return form;
}

/**
 * Sends one request to `url` (the API's origin already in it) and reads the JSON answer: the payload
 * when the status is 2xx, an ApiError with the catalogue's message otherwise.
 */
export async function sendRequest<T>(
  options: ApiClientOptions,
  method: Method,
  url: string,
  input: TransportRequest = {},
): Promise<T> {
  const language = options.language();
  const headers: Record<string, string> = {
    ...input.headers,
    Accept: "application/json",
    "Accept-Language": language,
  };
  // Multipart bodies (FormData) carry their own Content-Type with the boundary.
  if (input.body !== undefined && !input.form) headers["Content-Type"] = "application/json";
  if (input.raw) headers["Content-Type"] = input.raw.contentType;
  const csrfToken = method === "GET" ? null : readCsrfToken();
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  const bearer = options.token?.();
  if (bearer) headers.Authorization = `Bearer ${bearer}`;

  const fetchImpl = options.fetch ?? (globalThis as unknown as { fetch: FetchLike }).fetch;
  const init = {
    method,
    headers,
    credentials: "same-origin" as const,
    ...(input.raw
      ? { body: input.raw.bytes as object }
      : input.form
        ? { body: formData(input.form) }
        : input.body !== undefined
          ? { body: JSON.stringify(input.body) }
          : {}),
  };
  let response: FetchResponse;
  let text: string;
  try {
    response = await withTimeout(fetchImpl(`${url}${queryString(input.query)}`, init), options.timeoutMs, () =>
      clientError(language, "timeout"),
    );
    text = await response.text();
  } catch (caught) {
    if (caught instanceof ApiError) throw caught;
    throw clientError(language, "network_error");
  }

  let payload: unknown = undefined;
  if (text !== "") {
    try {
      payload = JSON.parse(text);
    } catch {
      throw clientError(language, "bad_response", response.status);
    }
  }
  if (response.ok) return payload as T;

  const error = (
    payload as { error?: { code?: unknown; message?: unknown; details?: unknown; requestId?: unknown } } | undefined
  )?.error;
  if (!error || typeof error.code !== "string" || typeof error.message !== "string") {
    throw clientError(language, "bad_response", response.status);
  }
  const requestId = typeof error.requestId === "string" ? error.requestId : response.headers.get("X-Request-Id");
  const info = isRecord(error.details) ? error.details : {};
  throw new ApiError(response.status, error.code, error.message, toDetails(error.details), requestId, info);
}

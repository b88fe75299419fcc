import type { Static } from "@sinclair/typebox";
import type { ErrorDetail } from "./errors.ts";
import type { Language } from "./i18n/index.ts";
import enErrors from "./i18n/en/errors.json";
import frErrors from "./i18n/fr/errors.json";
import esErrors from "./i18n/es/errors.json";
import type { Role } from "./permissions.ts";
import type {
  ForgotPasswordBody,
  InvitationResponse,
  LoginBody,
  MeResponse,
  RegisterAdminBody,
  ResetPasswordBody,
  SendingTokenBody,
  SendingTokenResponse,
  SessionResponse,
} from "./schemas/auth.ts";
import type {
  Account,
  AccountCreate,
  AccountUpdate,
  AccountUserCreate,
  AccountUserUpdate,
  AdministratorCreate,
  AdministratorUpdate,
  User,
} from "./schemas/users.ts";

/*
 * The typed client of /api/v1, shared by the web app, the desktop app and the tests.
 * It runs in browsers and in Node: no DOM-only or Node-only import, the DOM is read defensively.
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

export interface Pagination {
  page: number;
  perPage: number;
  total: number;
}

export interface PageOf<T> {
  data: T[];
  pagination: Pagination;
}

export interface ListOf<T> {
  data: T[];
}

export interface Ok {
  ok: true;
}

export interface PageQuery {
  search?: string;
  page?: number;
  perPage?: number;
}

export interface AdministratorsQuery extends PageQuery {
  accountId?: string;
  role?: Role;
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
  init: { method: string; headers: Record<string, string>; body?: string; credentials: "same-origin" },
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

type Method = "GET" | "POST" | "PUT" | "DELETE";
type QueryValue = string | number | boolean | null | undefined;

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
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join("="));
  }
  return null;
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return "";
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
}

function segment(value: string): string {
  return encodeURIComponent(value);
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

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = (options.baseUrl ?? "").replace(/\/$/, "");

  async function request<T>(
    method: Method,
    path: string,
    input: { query?: Record<string, QueryValue>; body?: unknown } = {},
  ): Promise<T> {
    const language = options.language();
    const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": language };
    if (input.body !== undefined) headers["Content-Type"] = "application/json";
    const csrfToken = method === "GET" ? null : readCsrfToken();
    if (csrfToken) headers[CSRF_HEADER] = csrfToken;
    const bearer = options.token?.();
    if (bearer) headers.Authorization = `Bearer ${bearer}`;

    const fetchImpl = options.fetch ?? (globalThis as unknown as { fetch: FetchLike }).fetch;
    const init = {
      method,
      headers,
      credentials: "same-origin" as const,
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    };
    let response: FetchResponse;
    let text: string;
    try {
      response = await withTimeout(
        fetchImpl(`${baseUrl}/api/v1${path}${queryString(input.query)}`, init),
        options.timeoutMs,
        () => clientError(language, "timeout"),
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

    const error = (payload as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
    if (!error || typeof error.code !== "string" || typeof error.message !== "string") {
      throw clientError(language, "bad_response", response.status);
    }
    throw new ApiError(response.status, error.code, error.message, toDetails(error.details));
  }

  const get = <T>(path: string, query?: Record<string, QueryValue>) => request<T>("GET", path, { query });
  const post = <T>(path: string, body: unknown = {}) => request<T>("POST", path, { body });
  const put = <T>(path: string, body: unknown) => request<T>("PUT", path, { body });
  const remove = <T>(path: string) => request<T>("DELETE", path);

  return {
    auth: {
      login: (body: LoginBody) => post<SessionResponse>("/auth/login", body),
      logout: () => post<Ok>("/auth/logout"),
      sendingToken: (body: SendingTokenBody) => post<Static<typeof SendingTokenResponse>>("/auth/sending-token", body),
      forgotPassword: (body: ForgotPasswordBody) => post<Ok>("/auth/forgot-password", body),
      resetPassword: (body: ResetPasswordBody) => post<Ok>("/auth/reset-password", body),
      invitation: (token: string) => get<Static<typeof InvitationResponse>>("/auth/invitation", { token }),
      registerAdmin: (body: RegisterAdminBody) => post<Ok>("/auth/register-admin", body),
      me: () => get<MeResponse>("/auth/me"),
    },

    /** Accounts of the platform (platform administrators). */
    accounts: {
      list: (query: PageQuery = {}) => get<PageOf<Account>>("/accounts", { ...query }),
      create: (body: AccountCreate) => post<Account>("/accounts", body),
      get: (accountId: string) => get<Account>(`/accounts/${segment(accountId)}`),
      update: (accountId: string, body: AccountUpdate) => post<Account>(`/accounts/${segment(accountId)}`, body),
    },

    /** Users of one account (overseers and platform administrators manage them). */
    accountUsers: {
      list: (accountId: string, query: PageQuery = {}) =>
        get<PageOf<User>>(`/accounts/${segment(accountId)}/administrators`, { ...query }),
      create: (accountId: string, body: AccountUserCreate) =>
        post<User>(`/accounts/${segment(accountId)}/administrators`, body),
      get: (accountId: string, userId: string) =>
        get<User>(`/accounts/${segment(accountId)}/administrators/${segment(userId)}`),
      update: (accountId: string, userId: string, body: AccountUserUpdate) =>
        put<User>(`/accounts/${segment(accountId)}/administrators/${segment(userId)}`, body),
      remove: (accountId: string, userId: string) =>
        remove<Ok | undefined>(`/accounts/${segment(accountId)}/administrators/${segment(userId)}`),
      invite: (accountId: string, userId: string) =>
        post<Ok>(`/accounts/${segment(accountId)}/administrators/${segment(userId)}/invite`),
    },

    /** Every user of the platform (platform administrators). */
    administrators: {
      list: (query: AdministratorsQuery = {}) => get<PageOf<User>>("/administrators", { ...query }),
      create: (body: AdministratorCreate) => post<User>("/administrators", body),
      update: (userId: string, body: AdministratorUpdate) => post<User>(`/administrators/${segment(userId)}`, body),
      remove: (userId: string) => remove<Ok | undefined>(`/administrators/${segment(userId)}`),
      accounts: (userId: string) => get<ListOf<Account>>(`/administrators/${segment(userId)}/accounts`),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

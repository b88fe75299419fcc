import type { Static, TSchema } from "@sinclair/typebox";

export type HttpMethod = "get" | "post" | "put" | "delete";

/**
 * One operation of the API, declared once: the API's route reads it (validation with ajv, status,
 * documentation), the OpenAPI document is generated from it and the typed client is derived from it.
 */
export interface ContractDefinition {
  method: HttpMethod;
  /** Koa-style path ("/accounts/:a/events/:id"): below /api/v1, or from the root when `isLegacy`. */
  path: string;
  /** The legacy JSON endpoints of spec §7 (`/{event}/admin/...`) live outside /api/v1. */
  isLegacy?: boolean;
  summary: string;
  description?: string;
  tags: readonly string[];
  /**
   * "public" accepts anonymous callers; "desk" only a check-in desk's token (its session's work, nothing else);
   * every other operation needs a session or an API key.
   */
  auth?: "public" | "required" | "desk";
  params?: TSchema;
  query?: TSchema;
  /** A JSON body. */
  body?: TSchema;
  /** The fields of a multipart/form-data body (file uploads): the handler reads it, the client sends FormData. */
  multipart?: TSchema;
  /** A raw binary body of this media type (a chunk of an upload): the handler streams it, within its own limit. */
  rawBody?: string;
  /** The JSON answer. */
  response?: TSchema;
  /** A file answer (its media types): the browser follows a link to it, the client gives its URL. */
  download?: string | readonly string[];
  /** Success status (200 unless said). */
  status?: number;
  /** Error statuses worth documenting besides 401 and 422. */
  errors?: readonly number[];
  /** Headers the client sends with every call (spec §9: event fetches send cache-control headers). */
  clientHeaders?: Readonly<Record<string, string>>;
}

/** Declares an operation, keeping the exact types of its schemas for the route and the client. */
export function contract<const C extends ContractDefinition>(definition: C): C {
  return definition;
}

/** A file a multipart field carries: the browser's File or Blob. */
export interface UploadFile {
  readonly size: number;
  readonly type: string;
}

type FormFields<T> = { [K in keyof T]: T[K] extends string ? string | UploadFile : T[K] };

/** The body a caller sends: JSON, multipart fields, either one when the operation takes both, or raw bytes. */
type BodyInput<C> = C extends { rawBody: string }
  ? { raw: Uint8Array | UploadFile }
  : C extends { body: infer B extends TSchema }
    ? C extends { multipart: infer M extends TSchema }
      ? { body: Static<B>; form?: never } | { form: FormFields<Static<M>>; body?: never }
      : { body: Static<B> }
    : C extends { multipart: infer M extends TSchema }
      ? { form: FormFields<Static<M>> }
      : unknown;

/** What a caller passes to an operation: only the parts it declares. */
export type ContractInput<C> = (C extends { params: infer P extends TSchema } ? { params: Static<P> } : unknown) &
  (C extends { query: infer Q extends TSchema } ? { query?: Partial<Static<Q>> } : unknown) &
  BodyInput<C>;

/** What an operation answers: its JSON, or nothing to read for a file (the client gives its URL). */
export type ContractOutput<C> = C extends { response: infer R extends TSchema } ? Static<R> : void;

/** The server-side view of the input once validated: every declared part present. */
export type ContractHandlerInput<C> = {
  params: C extends { params: infer P extends TSchema } ? Static<P> : Record<string, never>;
  query: C extends { query: infer Q extends TSchema } ? Static<Q> : Record<string, never>;
  body: C extends { body: infer B extends TSchema } ? Static<B> : Record<string, never>;
};

/** Areas of operations, as `shared/src/contracts/index.ts` gathers them. */
export type ContractRegistry = Record<string, Record<string, ContractDefinition>>;

/** "/accounts/:a/events/:id" with {a, id} → "/accounts/…/events/…" (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") throw new Error(`Missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** Every operation of a registry with its area and name ("events.update"). */
export function listOperations(registry: ContractRegistry): { name: string; contract: ContractDefinition }[] {
  return Object.entries(registry).flatMap(([area, operations]) =>
    Object.entries(operations).map(([name, definition]) => ({ name: `${area}.${name}`, contract: definition })),
  );
}

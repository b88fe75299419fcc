import type { Static, TSchema } from "@sinclair/typebox";
import type { ApiContext } from "../context.ts";

export type HttpMethod = "get" | "post" | "put" | "delete" | "patch";

type Input<S> = S extends TSchema ? Static<S> : Record<string, never>;
type Output<S> = S extends TSchema ? Static<S> : unknown;

/**
 * One API operation: the schemas that validate it are the ones the OpenAPI document publishes.
 * `auth: "public"` routes accept anonymous callers; every other route needs a session or an API key.
 */
export interface RouteDefinition<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema | undefined = undefined,
> {
  method: HttpMethod;
  /** Koa path below /api/v1, e.g. "/accounts/:a/administrators/:id" (from the root for legacy routes). */
  path: string;
  /** Legacy endpoints of spec §7 live outside /api/v1 (e.g. "/:event/admin/duplicates/getDuplicatesJson"). */
  isLegacy?: boolean;
  summary: string;
  description?: string;
  tags: string[];
  auth?: "public" | "required";
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Request body media types published in the OpenAPI document when the handler reads the body itself
   * (multipart uploads); `body` covers the JSON case.
   */
  documentedBodies?: Record<string, TSchema>;
  response?: R;
  /** Success status (200 unless said). */
  status?: number;
  /** Error statuses worth documenting besides 401/422. */
  errors?: number[];
  handler: (
    ctx: ApiContext,
    input: { params: Input<P>; query: Input<Q>; body: Input<B> },
  ) => Promise<Output<R>> | Output<R>;
}

// The registry holds routes of many schema types; handlers are only ever called with validated input.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- heterogeneous list of typed routes
export type AnyRoute = RouteDefinition<any, any, any, any>;

export function route<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema | undefined = undefined,
>(definition: RouteDefinition<P, Q, B, R>): AnyRoute {
  return definition as AnyRoute;
}

import Router from "@koa/router";
import { validate, type ValidationIssue } from "@tessera/shared";
import type { TSchema } from "@sinclair/typebox";
import type { ApiContextExtras, ApiState, AppDeps } from "../context.ts";
import { AppError } from "../../errors.ts";
import { requireAntiForgery } from "../middleware/antiForgery.ts";
import { authenticate } from "../middleware/authenticate.ts";
import { parseBody } from "../middleware/body.ts";
import type { AnyRoute } from "./define.ts";

function check(
  schema: TSchema | undefined,
  data: unknown,
  prefix: string,
  coerce: boolean,
  issues: ValidationIssue[],
): unknown {
  if (!schema) return {};
  const result = validate(schema, data ?? {}, { coerce });
  if (result.ok) return result.value;
  issues.push(
    ...result.issues.map((issue) => ({
      ...issue,
      field: prefix ? `${prefix}.${issue.field}`.replace(/\.$/, "") : issue.field,
    })),
  );
  return undefined;
}

/** Registers each route on the router: authentication, anti-forgery, validation, handler, status. */
export function mountRoutes(router: Router<ApiState, ApiContextExtras>, routes: readonly AnyRoute[]): void {
  for (const definition of routes) {
    router[definition.method](definition.path, async (ctx) => {
      if (definition.auth !== "public" && !ctx.state.actor) throw AppError.unauthenticated();
      requireAntiForgery(ctx);
      const issues: ValidationIssue[] = [];
      // A malformed id in the path is a resource that does not exist.
      const params = check(definition.params, ctx.params, "", true, []);
      if (params === undefined) throw AppError.notFound();
      const query = check(definition.query, { ...ctx.query }, "", true, issues);
      const body = check(definition.body, ctx.request.body, "", false, issues);
      if (issues.length) throw AppError.invalid(issues);
      const result = await definition.handler(ctx, { params, query, body } as never);
      ctx.status = definition.status ?? 200;
      if (result !== undefined) ctx.body = result;
    });
  }
}

/** A router serving `routes` (below `prefix`, if any): body parsed and caller authenticated first. */
export function routesRouter(
  deps: AppDeps,
  routes: readonly AnyRoute[],
  prefix?: string,
): Router<ApiState, ApiContextExtras> {
  const router = new Router<ApiState, ApiContextExtras>(prefix ? { prefix } : {});
  router.use(parseBody(deps.config.bodyLimitBytes));
  router.use(authenticate());
  mountRoutes(router, routes);
  return router;
}

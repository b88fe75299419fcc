import Router from "@koa/router";
import { isLanguage, prepareValidator, validate, type ValidationIssue } from "@tessera/shared";
import type { TSchema } from "@sinclair/typebox";
import type { ApiContextExtras, ApiState } from "../context.ts";
import type { AppDeps } from "../../services/scope.ts";
import { AppError } from "../../errors.ts";
import { requireAntiForgery } from "../middleware/antiForgery.ts";
import { authenticate } from "../middleware/authenticate.ts";
import { isRawBinary, parseBody } from "../middleware/body.ts";
import { useLanguage } from "../middleware/requestContext.ts";
import { isMultipart } from "../middleware/multipart.ts";
import { requestScope } from "../scope.ts";
import type { Route } from "./define.ts";

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
export function mountRoutes(router: Router<ApiState, ApiContextExtras>, routes: readonly Route[]): void {
  for (const { contract, handler } of routes) {
    for (const schema of [contract.params, contract.query]) if (schema) prepareValidator(schema, { coerce: true });
    if (contract.body) prepareValidator(contract.body);
    router[contract.method](contract.path, async (ctx) => {
      // A path that names its language (`/:lang/…`, spec §7) answers in it.
      if (isLanguage(ctx.params.lang)) useLanguage(ctx, ctx.params.lang);
      if (contract.auth === "desk" ? !ctx.state.deskToken : contract.auth !== "public" && !ctx.state.actor)
        throw AppError.unauthenticated();
      requireAntiForgery(ctx);
      if (isRawBinary(ctx) !== Boolean(contract.rawBody)) throw new AppError("unsupported_media_type", 415);
      const issues: ValidationIssue[] = [];
      // A malformed id in the path is a resource that does not exist.
      const params = check(contract.params, ctx.params, "", true, []);
      if (params === undefined) throw AppError.notFound();
      const query = check(contract.query, { ...ctx.query }, "", true, issues);
      // A multipart upload is read by its handler; the same operation may also take a JSON body.
      const readsItsBody = contract.multipart !== undefined && isMultipart(ctx);
      const body = readsItsBody ? {} : check(contract.body, ctx.request.body, "", false, issues);
      if (issues.length) throw AppError.invalid(issues);
      const result = await handler(requestScope(ctx), { params, query, body } as never, ctx);
      ctx.status = contract.status ?? 200;
      if (result !== undefined) ctx.body = result;
    });
  }
}

/** A router serving `routes` (below `prefix`, if any): body parsed and caller authenticated first. */
export function routesRouter(
  deps: AppDeps,
  routes: readonly Route[],
  prefix?: string,
): Router<ApiState, ApiContextExtras> {
  const router = new Router<ApiState, ApiContextExtras>(prefix ? { prefix } : {});
  router.use(parseBody(deps.config.bodyLimitBytes));
  router.use(authenticate());
  mountRoutes(router, routes);
  return router;
}

import { deskContracts as desk } from "@tessera/shared/contracts/checkins";
import { AppError } from "../../../errors.ts";
import {
  deskSearch,
  deskSessionOf,
  deskSignIn,
  deskSignOut,
  deskSnapshot,
  deskVerification,
  resolveDesk,
} from "../../../services/checkins/desk.ts";
import { deskCheck, deskCheckBatch } from "../../../services/checkins/scans.ts";
import type { Scope } from "../../../services/scope.ts";
import type { ApiContext } from "../../context.ts";
import { route, type Route } from "../define.ts";

/** The desk the request's token names (authenticate.ts kept it aside: it is no actor). */
function deskOf(scope: Scope, ctx: ApiContext) {
  const token = ctx.state.deskToken;
  if (!token) throw AppError.unauthenticated();
  return resolveDesk(scope, token);
}

/** /desk: a check-in desk's work with the token its access code gave it, and nothing else. */
export const deskRoutes: Route[] = [
  route(desk.signIn, (scope, { body }) => deskSignIn(scope, body)),
  route(desk.session, async (scope, _input, ctx) => deskSessionOf(scope, await deskOf(scope, ctx))),
  route(desk.signOut, async (scope, _input, ctx) => {
    await deskSignOut(scope, await deskOf(scope, ctx));
    return { ok: true as const };
  }),
  route(desk.snapshot, async (scope, { query }, ctx) => deskSnapshot(scope, await deskOf(scope, ctx), query)),
  route(desk.verification, async (scope, _input, ctx) => deskVerification(scope, await deskOf(scope, ctx))),
  route(desk.search, async (scope, { query }, ctx) => deskSearch(scope, await deskOf(scope, ctx), query)),
  route(desk.check, async (scope, { body }, ctx) => deskCheck(scope, await deskOf(scope, ctx), body)),
  route(desk.checkBatch, async (scope, { body }, ctx) => ({
    data: await deskCheckBatch(scope, await deskOf(scope, ctx), body.scans),
  })),
];

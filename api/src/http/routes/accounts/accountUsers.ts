import { accountUserContracts as users } from "@tessera/shared/contracts/accountUsers";
import { authorizeInAccount } from "../../../policies/accounts.ts";
import { actorUserId } from "../../../policies/actor.ts";
import { presentUser } from "../../presenters/user.ts";
import { authorizeInExistingAccount } from "../../../services/accounts/authorize.ts";
import { reinviteUser } from "../../../services/accounts/invitations.ts";
import {
  createUser,
  deleteUser,
  ensureCanAssignRole,
  findAccountUser,
  listUsers,
  updateAccountUser,
} from "../../../services/accounts/users.ts";
import { route, type Route } from "../define.ts";

/** /accounts/{a}/administrators: the users of one account. */
export const accountUserRoutes: Route[] = [
  route(users.list, async (scope, { params, query }) => {
    await authorizeInExistingAccount(scope, "users.read", params.a);
    const { rows, pagination } = await listUsers(scope.db, { ...query, accountId: params.a });
    return { data: rows.map((user) => presentUser(user, scope.actor)), pagination };
  }),
  route(users.create, async (scope, { params, body }, ctx) => {
    await authorizeInExistingAccount(scope, "users.manage", params.a);
    ensureCanAssignRole(ctx, body.role);
    return presentUser(await createUser(ctx, { ...body, accountId: params.a }), scope.actor);
  }),
  route(users.get, async (scope, { params }) => {
    authorizeInAccount(scope.actor, "users.read", params.a);
    return presentUser(await findAccountUser(scope.db, params.a, params.id), scope.actor);
  }),
  route(users.update, async (scope, { params, body }, ctx) => {
    authorizeInAccount(scope.actor, "users.read", params.a);
    if (actorUserId(scope.actor) !== params.id) authorizeInAccount(scope.actor, "users.manage", params.a);
    return presentUser(await updateAccountUser(ctx, params.a, params.id, body), scope.actor);
  }),
  route(users.remove, async (scope, { params }, ctx) => {
    authorizeInAccount(scope.actor, "users.manage", params.a);
    await deleteUser(ctx, params.id, { accountId: params.a });
    return { ok: true as const };
  }),
  route(users.invite, async (scope, { params }, ctx) => {
    authorizeInAccount(scope.actor, "users.manage", params.a);
    await reinviteUser(ctx, params.id, { accountId: params.a });
    return { ok: true as const };
  }),
];

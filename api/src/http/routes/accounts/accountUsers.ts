import { accountUserContracts as users } from "@tessera/shared/contracts/accountUsers";
import { presentUser } from "../../presenters/user.ts";
import { reinviteUser } from "../../../services/accounts/invitations.ts";
import {
  createAccountUser,
  deleteUser,
  getAccountUser,
  listAccountUsers,
  updateAccountUser,
} from "../../../services/accounts/users.ts";
import { route, type Route } from "../define.ts";

/** /accounts/{a}/administrators: the users of one account. */
export const accountUserRoutes: Route[] = [
  route(users.list, async (scope, { params, query }) => {
    const { rows, pagination } = await listAccountUsers(scope, params.a, query);
    return { data: rows.map((user) => presentUser(user, scope.actor)), pagination };
  }),
  route(users.create, async (scope, { params, body }) =>
    presentUser(await createAccountUser(scope, params.a, body), scope.actor),
  ),
  route(users.get, async (scope, { params }) =>
    presentUser(await getAccountUser(scope, params.a, params.id), scope.actor),
  ),
  route(users.update, async (scope, { params, body }) =>
    presentUser(await updateAccountUser(scope, params.a, params.id, body), scope.actor),
  ),
  route(users.remove, async (scope, { params }) => {
    await deleteUser(scope, params.id, { accountId: params.a });
    return { ok: true as const };
  }),
  route(users.invite, async (scope, { params }) => {
    await reinviteUser(scope, params.id, { accountId: params.a });
    return { ok: true as const };
  }),
];

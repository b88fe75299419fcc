import { administratorContracts as administrators } from "@tessera/shared/contracts/administrators";
import { presentAccount } from "../../presenters/account.ts";
import { presentUser } from "../../presenters/user.ts";
import { accountsOfUser } from "../../../services/accounts/accounts.ts";
import {
  createPlatformUser,
  deleteUser,
  listPlatformUsers,
  updateUserAsPlatform,
} from "../../../services/accounts/users.ts";
import { route, type Route } from "../define.ts";

/** /administrators: every user of the platform, for platform administrators only (anyone else: 404). */
export const administratorRoutes: Route[] = [
  route(administrators.list, async (scope, { query }) => {
    const { rows, pagination } = await listPlatformUsers(scope, query);
    return { data: rows.map((user) => presentUser(user, scope.actor)), pagination };
  }),
  route(administrators.create, async (scope, { body }) =>
    presentUser(await createPlatformUser(scope, body), scope.actor),
  ),
  route(administrators.update, async (scope, { params, body }) =>
    presentUser(await updateUserAsPlatform(scope, params.id, body), scope.actor),
  ),
  route(administrators.remove, async (scope, { params }) => {
    await deleteUser(scope, params.id, { accountId: null });
    return { ok: true as const };
  }),
  route(administrators.accounts, async (scope, { params }) => ({
    data: (await accountsOfUser(scope, params.id)).map((account) => presentAccount(account, scope.actor)),
  })),
];

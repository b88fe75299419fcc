import { profileContracts as profile } from "@tessera/shared/contracts/profile";
import { presentUser } from "../../presenters/user.ts";
import { changePassword, getProfile, updateProfile } from "../../../services/accounts/profile.ts";
import { route, type Route } from "../define.ts";

/** /profile: the signed-in user's own names, language and password (API keys have no profile: 403). */
export const profileRoutes: Route[] = [
  route(profile.get, (scope) => presentUser(getProfile(scope), scope.actor)),
  route(profile.update, async (scope, { body }) => presentUser(await updateProfile(scope, body), scope.actor)),
  route(profile.changePassword, async (scope, { body }) => {
    await changePassword(scope, body);
    return { ok: true as const };
  }),
];

import { profileContracts as profile } from "@tessera/shared/contracts/profile";
import { presentUser } from "../../presenters/user.ts";
import { changePassword, profileActor, updateProfile } from "../../../services/accounts/profile.ts";
import { route, type Route } from "../define.ts";

/** /profile: the signed-in user's own names, language and password (API keys have no profile: 403). */
export const profileRoutes: Route[] = [
  route(profile.get, (scope, _input, ctx) => presentUser(profileActor(ctx).user, scope.actor)),
  route(profile.update, async (scope, { body }, ctx) => presentUser(await updateProfile(ctx, body), scope.actor)),
  route(profile.changePassword, async (_scope, { body }, ctx) => {
    await changePassword(ctx, body);
    return { ok: true as const };
  }),
];

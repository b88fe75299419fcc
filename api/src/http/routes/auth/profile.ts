import { Ok, PasswordChange, ProfileUpdate, UserSchema } from "@tessera/shared";
import { presentUser } from "../../presenters/user.ts";
import { changePassword, profileActor, updateProfile } from "../../../services/accounts/profile.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["profile"];

/** /profile: the signed-in user's own names, language and password (API keys have no profile: 403). */
export const profileRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/profile",
    summary: "The signed-in user",
    tags: TAGS,
    response: UserSchema,
    errors: [403],
    handler: (ctx) => presentUser(profileActor(ctx).user, ctx.state.actor),
  }),
  defineRoute({
    method: "post",
    path: "/profile",
    summary: "Update one's names and language",
    tags: TAGS,
    body: ProfileUpdate,
    response: UserSchema,
    errors: [403],
    handler: async (ctx, { body }) => presentUser(await updateProfile(ctx, body), ctx.state.actor),
  }),
  defineRoute({
    method: "post",
    path: "/profile/password",
    summary: "Change one's password",
    description:
      "The current password must be right (422 on currentPassword: wrong_current_password); the new one " +
      "follows the password rule and matches its confirmation. Every other session of the user ends; " +
      "this one stays signed in.",
    tags: TAGS,
    body: PasswordChange,
    response: Ok,
    errors: [403],
    handler: async (ctx, { body }) => {
      await changePassword(ctx, body);
      return { ok: true as const };
    },
  }),
];

import { Ok } from "../schemas/common.ts";
import { PasswordChange, ProfileUpdate } from "../schemas/profile.ts";
import { UserSchema } from "../schemas/users.ts";
import { contract } from "./contract.ts";

const tags = ["profile"];

/** /profile: the signed-in user's own names, language and password (API keys have no profile: 403). */
export const profileContracts = {
  get: contract({
    method: "get",
    path: "/profile",
    summary: "The signed-in user",
    tags,
    response: UserSchema,
    errors: [403],
  }),
  update: contract({
    method: "post",
    path: "/profile",
    summary: "Update one's names and language",
    tags,
    body: ProfileUpdate,
    response: UserSchema,
    errors: [403],
  }),
  changePassword: contract({
    method: "post",
    path: "/profile/password",
    summary: "Change one's password",
    description:
      "The current password must be right (422 on currentPassword: wrong_current_password); the new one " +
      "follows the password rule and matches its confirmation. Every other session of the user ends; " +
      "this one stays signed in.",
    tags,
    body: PasswordChange,
    response: Ok,
    errors: [403],
  }),
};

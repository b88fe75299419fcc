import { Type, type Static } from "@sinclair/typebox";
import { Email, LanguageSchema, NewPassword, Nullable, PersonName, Timestamp, Uuid } from "./common.ts";
import { AccountSchema, UserSchema } from "./users.ts";
import { SECOND_FACTOR_LENGTH } from "../rules/secondFactor.ts";

const AnyPassword = Type.String({ minLength: 1, maxLength: 200 });
const OneTimeToken = Type.String({ minLength: 1, maxLength: 200 });
/** One person may belong to several accounts: which one, when the password is right for more than one. */
const AccountChoice = Type.Optional(
  Type.Union([Uuid, Type.Null()], {
    description:
      "The account to sign in to (null: platform administration), asked for by 409 account_choice_required, whose details list the accounts",
  }),
);

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: AnyPassword,
    token: Type.Optional(Type.String({ pattern: `^[0-9]{${SECOND_FACTOR_LENGTH}}$` })),
    accountId: AccountChoice,
    language: Type.Optional(
      Type.Union([LanguageSchema], {
        description: "The sign-in page's language: becomes the user's until they choose one in their profile",
      }),
    ),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const SessionResponse = Type.Object({
  token: Type.String({ description: "Bearer token for Authorization headers (the web app uses the cookie)" }),
  expiresAt: Timestamp,
  user: UserSchema,
});
export type SessionResponse = Static<typeof SessionResponse>;

export const ForgotPasswordBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object(
  { token: OneTimeToken, password: NewPassword, confirmation: AnyPassword },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const RegisterAdminBody = Type.Object(
  {
    token: OneTimeToken,
    firstName: PersonName,
    lastName: PersonName,
    password: NewPassword,
    confirmation: AnyPassword,
  },
  { additionalProperties: false },
);
export type RegisterAdminBody = Static<typeof RegisterAdminBody>;

export const SendingTokenBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }), password: AnyPassword, accountId: AccountChoice },
  { additionalProperties: false },
);
export type SendingTokenBody = Static<typeof SendingTokenBody>;

export const SendingTokenResponse = Type.Object({ sent: Type.Boolean(), expiresInMinutes: Type.Integer() });

export const InvitationQuery = Type.Object({ token: OneTimeToken });
export const InvitationResponse = Type.Object({
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});

export const ResetLinkQuery = Type.Object({ token: OneTimeToken });
export const ResetLinkResponse = Type.Object({ email: Type.String() });

export const MeResponse = Type.Object({
  user: UserSchema,
  account: Nullable(AccountSchema),
  capabilities: Type.Array(Type.String(), { description: "actions of the capability table the user's role allows" }),
});
export type MeResponse = Static<typeof MeResponse>;

export { Email };

import { Type, type TSchema } from "@sinclair/typebox";
import { LANGUAGES } from "../i18n/languages.ts";
import { MESSAGE_KEYWORD } from "./keywords.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_PATTERN } from "../rules/password.ts";
import { ACCOUNT_ROLES, ROLES } from "../permissions.ts";

export const EMAIL_MAX = 254;
export const NAME_MAX = 100;

export const Uuid = Type.String({ format: "uuid" });
export const Email = Type.String({ format: "email", maxLength: EMAIL_MAX, minLength: 1 });
export const PersonName = Type.String({ minLength: 1, maxLength: NAME_MAX });
export const LanguageSchema = Type.Union(LANGUAGES.map((l) => Type.Literal(l)));
export const RoleSchema = Type.Union(ROLES.map((r) => Type.Literal(r)));
export const AccountRoleSchema = Type.Union(ACCOUNT_ROLES.map((r) => Type.Literal(r)));
export const NewPassword = Type.String({
  minLength: 1,
  maxLength: PASSWORD_MAX_LENGTH,
  pattern: PASSWORD_PATTERN,
  [MESSAGE_KEYWORD]: "password_rule",
});
export const Timestamp = Type.String({ format: "date-time" });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** One of the strings of a vocabulary (`FORM_TYPES`, `GUEST_STATUSES` …). */
export const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const IdParams = Type.Object({ id: Uuid });
export const AccountParams = Type.Object({ a: Uuid });
export const AccountIdParams = Type.Object({ a: Uuid, id: Uuid });

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    pagination: Type.Object({ page: Type.Integer(), perPage: Type.Integer(), total: Type.Integer() }),
  });

export const Ok = Type.Object({ ok: Type.Literal(true) });

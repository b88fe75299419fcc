import { Type, type Static } from "@sinclair/typebox";
import {
  AccountRoleSchema,
  Email,
  LanguageSchema,
  Nullable,
  Page,
  PageQuery,
  PersonName,
  RoleSchema,
  Timestamp,
  Uuid,
} from "./common.ts";

export const AbilitiesSchema = Type.Record(Type.String(), Type.Boolean());

/** An organizer user or platform administrator as the API returns it. */
export const UserSchema = Type.Object({
  id: Uuid,
  accountId: Nullable(Uuid),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  role: RoleSchema,
  language: LanguageSchema,
  isActive: Type.Boolean(),
  isRegistered: Type.Boolean({ description: "false until the invitation has been completed" }),
  lastLoginAt: Nullable(Timestamp),
  createdAt: Timestamp,
  abilities: AbilitiesSchema,
});
export type User = Static<typeof UserSchema>;

export const AccountSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  maxOrganizers: Nullable(Type.Integer()),
  maxEvents: Nullable(Type.Integer()),
  maxCampaignsPerEvent: Nullable(Type.Integer()),
  eventRetentionDays: Nullable(Type.Integer()),
  twoFactorEnabled: Type.Boolean(),
  multilang: Type.Boolean(),
  defaultPlatformDomain: Nullable(Type.String()),
  isActive: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  abilities: AbilitiesSchema,
});
export type Account = Static<typeof AccountSchema>;

const Limit = Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }));
const Domain = Type.String({
  maxLength: 253,
  pattern: "^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$",
});

export const AccountCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 150 }),
    maxOrganizers: Type.Optional(Limit),
    maxEvents: Type.Optional(Limit),
    maxCampaignsPerEvent: Type.Optional(Limit),
    eventRetentionDays: Type.Optional(Limit),
    twoFactorEnabled: Type.Optional(Type.Boolean()),
    multilang: Type.Optional(Type.Boolean()),
    defaultPlatformDomain: Type.Optional(Nullable(Domain)),
  },
  { additionalProperties: false },
);
export type AccountCreate = Static<typeof AccountCreate>;

export const AccountUpdate = Type.Partial(Type.Object({ ...AccountCreate.properties, isActive: Type.Boolean() }), {
  additionalProperties: false,
});
export type AccountUpdate = Static<typeof AccountUpdate>;
/** Fields only a platform administrator may change. */
export const ACCOUNT_LIMIT_FIELDS = [
  "maxOrganizers",
  "maxEvents",
  "maxCampaignsPerEvent",
  "eventRetentionDays",
  "defaultPlatformDomain",
  "isActive",
] as const;

export const AdministratorCreate = Type.Object(
  {
    email: Email,
    firstName: PersonName,
    lastName: PersonName,
    language: Type.Optional(LanguageSchema),
    role: RoleSchema,
    accountId: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
export type AdministratorCreate = Static<typeof AdministratorCreate>;

export const AdministratorUpdate = Type.Partial(
  Type.Object({
    firstName: PersonName,
    lastName: PersonName,
    language: LanguageSchema,
    role: RoleSchema,
    accountId: Nullable(Uuid),
    isActive: Type.Boolean(),
  }),
  { additionalProperties: false },
);
export type AdministratorUpdate = Static<typeof AdministratorUpdate>;

export const AccountUserCreate = Type.Object(
  {
    email: Email,
    firstName: PersonName,
    lastName: PersonName,
    language: Type.Optional(LanguageSchema),
    role: AccountRoleSchema,
  },
  { additionalProperties: false },
);
export type AccountUserCreate = Static<typeof AccountUserCreate>;

export const AccountUserUpdate = Type.Partial(
  Type.Object({ firstName: PersonName, lastName: PersonName, language: LanguageSchema, role: AccountRoleSchema }),
  { additionalProperties: false },
);
export type AccountUserUpdate = Static<typeof AccountUserUpdate>;

/** GET /accounts: the platform's accounts, `search` on the name. */
export const AccountListQuery = PageQuery;
export type AccountListQuery = Static<typeof AccountListQuery>;

/** GET /administrators: every user of the platform; `search` on names and email. */
export const AdministratorListQuery = Type.Object({
  ...PageQuery.properties,
  accountId: Type.Optional(Uuid),
  role: Type.Optional(RoleSchema),
});
export type AdministratorListQuery = Static<typeof AdministratorListQuery>;

/** GET /accounts/{a}/administrators: the users of one account; `search` on names and email. */
export const AccountUserListQuery = Type.Object({
  ...PageQuery.properties,
  role: Type.Optional(AccountRoleSchema),
});
export type AccountUserListQuery = Static<typeof AccountUserListQuery>;

export const UserPage = Page(UserSchema);
export const AccountPage = Page(AccountSchema);
/** GET /administrators/{id}/accounts: the accounts the user can work in. */
export const AccountList = Type.Object({ data: Type.Array(AccountSchema) });

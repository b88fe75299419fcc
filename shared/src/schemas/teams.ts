import { Type, type Static } from "@sinclair/typebox";
import { Nullable, Page, PageQuery, Timestamp, Uuid } from "./common.ts";
import { AbilitiesSchema, UserSchema } from "./users.ts";

export const TEAM_NAME_MAX = 150;

export const TeamSchema = Type.Object({
  id: Uuid,
  accountId: Uuid,
  name: Type.String(),
  description: Nullable(Type.String()),
  memberCount: Type.Integer(),
  /** With ?expand=members. */
  members: Type.Optional(Type.Array(UserSchema)),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  abilities: AbilitiesSchema,
});
export type TeamJson = Static<typeof TeamSchema>;

export const TeamCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: TEAM_NAME_MAX }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    memberIds: Type.Optional(Type.Array(Uuid, { uniqueItems: true, maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type TeamCreate = Static<typeof TeamCreate>;
export const TeamUpdate = Type.Partial(TeamCreate, { additionalProperties: false });
export type TeamUpdate = Static<typeof TeamUpdate>;

export const TeamListQuery = Type.Object({
  ...PageQuery.properties,
  expand: Type.Optional(Type.String({ maxLength: 50 })),
});
export const TeamGetQuery = Type.Object({ expand: Type.Optional(Type.String({ maxLength: 50 })) });
export const TeamPage = Page(TeamSchema);
export const TeamParams = Type.Object({ a: Uuid, id: Uuid });
export const TeamMemberParams = Type.Object({ a: Uuid, id: Uuid, adminId: Uuid });

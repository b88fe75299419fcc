import { Type, type Static } from "@sinclair/typebox";
import { Nullable, Page, Timestamp, Uuid } from "./common.ts";

/**
 * What an entry says of the records it names, as people named them when it was written, so the history
 * reads in names even once those records are renamed or gone. Entries written before it have none.
 */
export const AuditMetadataSchema = Type.Object({
  subject: Type.Optional(
    Type.String({ description: "the entry's subject: a guest's name (else email), an import's file name" }),
  ),
  names: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description:
        "names of the other records the entry's values point at (guests, users, teams, events, custom fields), by id",
    }),
  ),
});
export type AuditMetadata = Static<typeof AuditMetadataSchema>;

export const AuditLogSchema = Type.Object({
  id: Uuid,
  accountId: Nullable(Uuid),
  eventId: Nullable(Uuid),
  action: Type.String({ description: "e.g. event.updated, team.member_added (rules/auditActions.ts lists them)" }),
  subjectType: Type.String(),
  subjectId: Nullable(Uuid),
  actor: Nullable(
    Type.Object({ type: Type.Union([Type.Literal("user"), Type.Literal("apiKey")]), id: Uuid, name: Type.String() }),
  ),
  before: Nullable(Type.Record(Type.String(), Type.Unknown())),
  after: Nullable(Type.Record(Type.String(), Type.Unknown())),
  metadata: Nullable(AuditMetadataSchema),
  createdAt: Timestamp,
});
export type AuditLogJson = Static<typeof AuditLogSchema>;

export const AuditLogQuery = Type.Object({
  eventId: Type.Optional(Uuid),
  subjectType: Type.Optional(Type.String({ maxLength: 40 })),
  subjectId: Type.Optional(Uuid),
  actorUserId: Type.Optional(Uuid),
  action: Type.Optional(Type.String({ maxLength: 60 })),
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
  exclude: Type.Optional(Type.String({ maxLength: 1000, description: "comma-joined actions to leave out" })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;
export const AuditLogPage = Page(AuditLogSchema);

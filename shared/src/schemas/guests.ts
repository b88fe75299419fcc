import { Type, type Static } from "@sinclair/typebox";
import { CIVILITIES, GUEST_SOURCES, GUEST_STATUSES, MAIL_STATUSES, RECOMMENDATION_STATUSES } from "../rules/guests.ts";
import { CUSTOM_FIELD_NAME_MAX, CUSTOM_FIELD_TYPES } from "../rules/customFields.ts";
import { Nullable, Page, Timestamp, Uuid, literals } from "./common.ts";
import { MESSAGE_KEYWORD } from "./keywords.ts";
import { AbilitiesSchema } from "./users.ts";

export const GuestStatusSchema = literals(GUEST_STATUSES);
export const MailStatusSchema = literals(MAIL_STATUSES);
export const GuestSourceSchema = literals(GUEST_SOURCES);
export const CivilitySchema = literals(CIVILITIES);
export const CustomFieldTypeSchema = literals(CUSTOM_FIELD_TYPES);

export const EventScopedParams = Type.Object({ a: Uuid, e: Uuid });
export const EventScopedIdParams = Type.Object({ a: Uuid, e: Uuid, id: Uuid });

// ---- custom fields -------------------------------------------------------------------------------

export const CustomFieldOptionSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    label: Type.String({ minLength: 1, maxLength: 300 }),
    quota: Type.Optional(Nullable(Type.Integer({ minimum: 1, [MESSAGE_KEYWORD]: "quota_positive" }))),
  },
  { additionalProperties: false },
);
export const CustomFieldRulesSchema = Type.Object(
  {
    min: Type.Optional(Nullable(Type.Number())),
    max: Type.Optional(Nullable(Type.Number())),
    exact: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    noNegative: Type.Optional(Type.Boolean()),
    maxRating: Type.Optional(Type.Integer({ minimum: 2, maximum: 10 })),
  },
  { additionalProperties: false },
);

export const CustomFieldSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  name: Type.String(),
  label: Type.String(),
  helpText: Nullable(Type.String()),
  type: CustomFieldTypeSchema,
  isRequired: Type.Boolean(),
  isReadOnly: Type.Boolean(),
  options: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), quota: Nullable(Type.Integer()) })),
  rules: CustomFieldRulesSchema,
  position: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  abilities: AbilitiesSchema,
});
export type CustomFieldJson = Static<typeof CustomFieldSchema>;

export const CustomFieldCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CUSTOM_FIELD_NAME_MAX }),
    label: Type.String({ minLength: 1, maxLength: 300 }),
    helpText: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    type: CustomFieldTypeSchema,
    isRequired: Type.Optional(Type.Boolean()),
    isReadOnly: Type.Optional(Type.Boolean()),
    options: Type.Optional(Type.Array(CustomFieldOptionSchema, { maxItems: 500 })),
    rules: Type.Optional(CustomFieldRulesSchema),
  },
  { additionalProperties: false },
);
export type CustomFieldCreate = Static<typeof CustomFieldCreate>;
export const CustomFieldUpdate = Type.Partial(Type.Omit(CustomFieldCreate, ["type"]), { additionalProperties: false });
export type CustomFieldUpdate = Static<typeof CustomFieldUpdate>;
export const CustomFieldReorder = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, uniqueItems: true, maxItems: 1000 }) },
  { additionalProperties: false },
);
export const CustomFieldList = Type.Object({ data: Type.Array(CustomFieldSchema) });

// ---- guests -------------------------------------------------------------------------------------

/** Answers by custom-field id; each value is checked against its field's rules. */
export const AnswersSchema = Type.Record(Type.String({ format: "uuid" }), Type.Unknown());

const GuestWritable = {
  firstName: Nullable(Type.String({ maxLength: 100 })),
  lastName: Nullable(Type.String({ maxLength: 100 })),
  email: Nullable(Type.String({ format: "email", maxLength: 254 })),
  civility: Nullable(CivilitySchema),
  company: Nullable(Type.String({ maxLength: 200 })),
  jobTitle: Nullable(Type.String({ maxLength: 200 })),
  status: GuestStatusSchema,
  companionsExpected: Type.Integer({ minimum: 0, maximum: 1000 }),
  godfatherId: Nullable(Uuid),
  prescriber: Nullable(Type.String({ maxLength: 200 })),
  language: Nullable(Type.String({ maxLength: 5 })),
  registeredAt: Nullable(Timestamp),
  answers: AnswersSchema,
};

export const GuestCreate = Type.Object(
  { ...Type.Partial(Type.Object(GuestWritable)).properties },
  { additionalProperties: false },
);
export type GuestCreate = Static<typeof GuestCreate>;
export const GuestUpdate = Type.Partial(
  Type.Object({ ...GuestWritable, unlockEmail: Type.Boolean({ description: "lift an unsubscription" }) }),
  { additionalProperties: false },
);
export type GuestUpdate = Static<typeof GuestUpdate>;

export const GuestSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  ...GuestWritable,
  // As stored: rows written before the format check, or by the import and seeds, may hold any text.
  email: Nullable(Type.String()),
  fullName: Type.String(),
  mailStatus: MailStatusSchema,
  mailStatusAt: Nullable(Timestamp),
  isUnsubscribed: Type.Boolean(),
  createdSource: GuestSourceSchema,
  companionsCount: Type.Integer({ description: "companions registered under this guest" }),
  godfather: Nullable(Type.Object({ id: Uuid, fullName: Type.String() })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  abilities: AbilitiesSchema,
});
export type GuestJson = Static<typeof GuestSchema>;

/** One filter of the guest list: a built-in field or a custom field (by id). */
export const GuestFilterSchema = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 60 }),
    op: literals(["eq", "neq", "in", "contains", "empty", "not_empty", "gte", "lte"] as const),
    value: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type GuestFilter = Static<typeof GuestFilterSchema>;
export const GuestFilters = Type.Array(GuestFilterSchema, { maxItems: 20 });

export const GUEST_PRESET_VIEWS = ["all", "unanswered", "waiting"] as const;

export const GuestListQuery = Type.Object({
  view: Type.Optional(Type.String({ maxLength: 40, description: "all | unanswered | waiting | a saved view id" })),
  status: Type.Optional(Type.String({ maxLength: 200, description: "comma-joined statuses" })),
  mailStatus: Type.Optional(Type.String({ maxLength: 200, description: "comma-joined mail statuses" })),
  createdSource: Type.Optional(Type.String({ maxLength: 200, description: "comma-joined sources" })),
  createdFrom: Type.Optional(Timestamp),
  createdTo: Type.Optional(Timestamp),
  registeredFrom: Type.Optional(Timestamp),
  registeredTo: Type.Optional(Timestamp),
  filters: Type.Optional(Type.String({ maxLength: 4000, description: "JSON array of {field, op, value}" })),
  search: Type.Optional(Type.String({ maxLength: 200, description: "name, email, company" })),
  godfatherId: Type.Optional({ ...Uuid, description: "the companions of this guest" }),
  sort: Type.Optional(Type.String({ maxLength: 60, description: "a guest field, or cf:<custom field id>" })),
  order: Type.Optional(literals(["asc", "desc"] as const)),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  count: Type.Optional(
    Type.Boolean({
      default: true,
      description:
        "false: the page without counting what the view matches (pagination.total is then -1); a list that shows a window of pages asks GET users/count once per view instead",
    }),
  ),
});
export type GuestListQuery = Static<typeof GuestListQuery>;
export const GuestPage = Page(GuestSchema);

export const GuestViewSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  query: Type.Record(Type.String(), Type.Unknown()),
  isShared: Type.Boolean(),
  createdAt: Timestamp,
});
export const GuestViewCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    query: Type.Record(Type.String(), Type.Unknown()),
    isShared: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const GuestViewList = Type.Object({ data: Type.Array(GuestViewSchema) });

/** The list's filters without paging or order: which guests a bulk action acts on ("all N matching"). */
export const GuestSelectionQuery = Type.Omit(GuestListQuery, ["page", "perPage", "sort", "order"], {
  additionalProperties: false,
});
export type GuestSelectionQuery = Static<typeof GuestSelectionQuery>;
/** The list's filters without paging, order or counting: which guests a list view counts. */
export const GuestCountQuery = Type.Omit(GuestListQuery, ["page", "perPage", "sort", "order", "count"], {
  additionalProperties: false,
});
export type GuestCountQuery = Static<typeof GuestCountQuery>;
export const GuestCount = Type.Object({ total: Type.Integer({ minimum: 0, description: "guests the view matches" }) });
/** The guests a bulk action acts on: listed `ids`, or every guest matching `query` (exactly one of the two). */
export const GuestSelection = {
  ids: Type.Optional(Type.Array(Uuid, { minItems: 1, maxItems: 10_000, uniqueItems: true })),
  query: Type.Optional(GuestSelectionQuery),
};

export const DeleteGuestsBody = Type.Object({ ...GuestSelection }, { additionalProperties: false });
export const DeleteGuestsResult = Type.Object({
  deleted: Type.Array(Uuid),
  refused: Type.Array(Type.Object({ id: Uuid, reason: Type.String() })),
});

/** The same answers on the selected guests (null removes an answer). */
export const GuestsAnswersBody = Type.Object(
  { ...GuestSelection, answers: AnswersSchema },
  { additionalProperties: false },
);
export const GuestsAnswersResult = Type.Object({ updated: Type.Array(Uuid) });

// ---- guests' answer files -----------------------------------------------------------------------

export const GuestFileParams = Type.Object({ a: Uuid, e: Uuid, id: Uuid, fileId: Uuid });
/** The text fields of the multipart upload (the file itself is the `file` part). */
export const GuestFileFields = Type.Object({ customFieldId: Uuid }, { additionalProperties: false });
/** The multipart upload as documented: the `file` part and the `customFieldId` field. */
export const GuestFileUpload = Type.Object({
  file: Type.String({ contentMediaType: "application/octet-stream", description: "the file" }),
  customFieldId: Uuid,
});

export const RecommendationSchema = Type.Object({
  id: Uuid,
  recommenderGuestId: Uuid,
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  email: Type.String(),
  company: Nullable(Type.String()),
  status: literals(RECOMMENDATION_STATUSES),
  guestId: Nullable(Uuid),
  createdAt: Timestamp,
});

import { Type, type Static } from "@sinclair/typebox";
import { CONDITION_MAX_NODES } from "../conditions/vocabulary.ts";
import type { Rule } from "../conditions/schema.ts";
import {
  EBADGE_ALIGNMENTS,
  EBADGE_BLOCK_TYPES,
  EBADGE_BLOCKS_MAX,
  EBADGE_COLOR_PATTERN,
  EBADGE_FIELD_PATTERN,
  EBADGE_FONT_FAMILIES,
  EBADGE_FONT_SIZE_MAX,
  EBADGE_FONT_SIZE_MIN,
  EBADGE_FONT_WEIGHTS,
  EBADGE_FORMATS,
  EBADGE_LAYOUTS,
  EBADGE_MM_MAX,
  EBADGE_NAME_MAX,
  EBADGE_ORIENTATIONS,
  EBADGE_REASON_MAX,
  EBADGE_TEXT_MAX,
} from "../rules/ebadges.ts";
import { Nullable, Timestamp, Uuid, literals } from "./common.ts";
import { GuestSelectionQuery } from "./guests.ts";

const strict = { additionalProperties: false } as const;
const Mm = (description: string) => Type.Number({ minimum: 0, maximum: EBADGE_MM_MAX, description });

export const EbadgeFontSchema = Type.Object(
  {
    family: Type.Optional(literals(EBADGE_FONT_FAMILIES)),
    size: Type.Optional(
      Type.Number({ minimum: EBADGE_FONT_SIZE_MIN, maximum: EBADGE_FONT_SIZE_MAX, description: "points" }),
    ),
    weight: Type.Optional(literals(EBADGE_FONT_WEIGHTS)),
    color: Type.Optional(Type.String({ pattern: EBADGE_COLOR_PATTERN, description: "#rrggbb" })),
  },
  strict,
);

/**
 * One block of a badge. Positions and sizes in millimetres from the page's top-left corner, the font size in
 * points, the rotation in degrees clockwise about the block's centre. `text` is a text block's, `field` a guest
 * field block's (fullName, firstName, lastName, civility, company, jobTitle, email or cf:<custom field id>),
 * `imageId` a logo block's (an account image, JPEG or PNG; none: the event's logo).
 */
export const EbadgeBlockSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 40, pattern: "^[A-Za-z0-9_-]+$" }),
    type: literals(EBADGE_BLOCK_TYPES),
    x: Mm("mm from the left edge"),
    y: Mm("mm from the top edge"),
    width: Type.Number({ exclusiveMinimum: 0, maximum: EBADGE_MM_MAX, description: "mm" }),
    height: Type.Number({ exclusiveMinimum: 0, maximum: EBADGE_MM_MAX, description: "mm" }),
    rotation: Type.Optional(Type.Number({ minimum: -360, maximum: 360, description: "degrees, clockwise" })),
    font: Type.Optional(EbadgeFontSchema),
    align: Type.Optional(literals(EBADGE_ALIGNMENTS)),
    text: Type.Optional(Type.String({ maxLength: EBADGE_TEXT_MAX })),
    field: Type.Optional(Type.String({ pattern: EBADGE_FIELD_PATTERN })),
    imageId: Type.Optional(Uuid),
  },
  strict,
);
export type EbadgeBlockJson = Static<typeof EbadgeBlockSchema>;
const Blocks = Type.Array(EbadgeBlockSchema, { maxItems: EBADGE_BLOCKS_MAX });

/**
 * A rule of the condition engine (shared/src/conditions), or null for none. Read loosely here: the engine's
 * own checks (validateRule, checkRule) word what is wrong with it, at its place in the body.
 */
const Conditions = Type.Unsafe<Rule | null>({
  description: `A condition rule (all / any / not / comparisons, at most ${CONDITION_MAX_NODES} parts), or null.`,
});

const Name = Type.String({ minLength: 1, maxLength: EBADGE_NAME_MAX });

export const EbadgeBackgroundSchema = Type.Object({
  name: Type.String(),
  mimeType: Type.String(),
  size: Type.Integer(),
  width: Type.Integer({ description: "pixels" }),
  height: Type.Integer({ description: "pixels" }),
});

export const EbadgeSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  name: Type.String(),
  format: literals(EBADGE_FORMATS),
  orientation: literals(EBADGE_ORIENTATIONS),
  /** The page in millimetres. */
  page: Type.Object({ width: Type.Number(), height: Type.Number() }),
  isEnabled: Type.Boolean(),
  background: Nullable(EbadgeBackgroundSchema),
  blocks: Type.Array(EbadgeBlockSchema),
  conditions: Type.Unsafe<Rule | null>({ description: "the rule, or null (the event's default badge)" }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  abilities: Type.Object({ update: Type.Boolean(), delete: Type.Boolean(), print: Type.Boolean() }),
});
export type EbadgeJson = Static<typeof EbadgeSchema>;
export const EbadgeList = Type.Object({ data: Type.Array(EbadgeSchema) });

export const EbadgeCreate = Type.Object(
  {
    name: Name,
    format: Type.Optional(literals(EBADGE_FORMATS)),
    orientation: Type.Optional(literals(EBADGE_ORIENTATIONS)),
    isEnabled: Type.Optional(Type.Boolean()),
    blocks: Type.Optional(Blocks),
    conditions: Type.Optional(Conditions),
  },
  strict,
);
export type EbadgeCreate = Static<typeof EbadgeCreate>;

export const EbadgeUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    format: Type.Optional(literals(EBADGE_FORMATS)),
    orientation: Type.Optional(literals(EBADGE_ORIENTATIONS)),
    isEnabled: Type.Optional(Type.Boolean()),
    blocks: Type.Optional(Blocks),
    conditions: Type.Optional(Conditions),
    removeBackground: Type.Optional(Type.Literal(true)),
  },
  strict,
);
export type EbadgeUpdate = Static<typeof EbadgeUpdate>;

/**
 * The editor's preview: the template as it stands in the editor (`draft`, read as an update's body over the
 * saved template, never saved) drawn for one guest of the event, or for a sample guest when none is named.
 */
export const EbadgePreviewRequest = Type.Object(
  {
    draft: EbadgeUpdate,
    guestId: Type.Optional(Uuid),
  },
  strict,
);
export type EbadgePreviewRequest = Static<typeof EbadgePreviewRequest>;

/** GET /accounts/{a}/ebadges: the account's templates, of one event or of every event the caller sees. */
export const EbadgeAccountListQuery = Type.Object({ event: Type.Optional(Uuid) }, strict);
export const EbadgeAccountItemParams = Type.Object({ a: Uuid, e: Uuid, id: Uuid });

/** POST {ebadge}/background: the `file` part. */
export const EbadgeBackgroundUpload = Type.Object({ file: Type.String({ description: "the image (binary)" }) });

export const EbadgeConditionsItem = Type.Object({
  id: Uuid,
  name: Type.String(),
  isEnabled: Type.Boolean(),
  conditions: Type.Unsafe<Rule | null>({ description: "the rule, or null" }),
});
export const EbadgeConditionsList = Type.Object({ data: Type.Array(EbadgeConditionsItem) });
/** The conditions of some of the event's templates, by template id (null: none). */
export const EbadgeConditionsUpdate = Type.Object(
  {
    conditions: Type.Record(Uuid, Conditions, {
      description: "template id → rule or null; templates not named keep theirs",
    }),
  },
  strict,
);
export type EbadgeConditionsUpdate = Static<typeof EbadgeConditionsUpdate>;

/** Who printed a badge and why (reprint control). */
export const EbadgePrintSchema = Type.Object({
  id: Uuid,
  guestId: Uuid,
  ebadgeId: Nullable(Uuid),
  batchId: Nullable(Uuid),
  /** 1 for the first print of the guest's badge, 2 for the first reprint … */
  printNumber: Type.Integer({ minimum: 1 }),
  isReprint: Type.Boolean(),
  source: literals(["organizer", "bulk", "portal"] as const),
  reason: Nullable(Type.String()),
  printedBy: Nullable(
    Type.Object({ type: literals(["user", "apiKey", "guest"] as const), id: Uuid, name: Type.String() }),
  ),
  createdAt: Timestamp,
  /** The PDF of this print (organizers), while the guest and a badge exist. */
  url: Type.String(),
});
export type EbadgePrintJson = Static<typeof EbadgePrintSchema>;
export const EbadgePrintList = Type.Object({
  data: Type.Array(EbadgePrintSchema),
  /** How many times the guest's badge was printed (organizers, bulk, portal). */
  printCount: Type.Integer({ minimum: 0 }),
});

export const EbadgePrintCreate = Type.Object(
  {
    guestId: Uuid,
    /** Required for a reprint (the guest's badge was printed before). */
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: EBADGE_REASON_MAX })),
  },
  strict,
);
export type EbadgePrintCreate = Static<typeof EbadgePrintCreate>;
export const EbadgePrintParams = Type.Object({ a: Uuid, e: Uuid, id: Uuid });

export const EBADGE_BATCH_STATUSES = ["queued", "running", "done", "failed"] as const;
export const EbadgeBatchSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  status: literals(EBADGE_BATCH_STATUSES),
  layout: literals(EBADGE_LAYOUTS),
  reason: Nullable(Type.String()),
  /** Guests the list's filters matched when the batch was asked for. */
  total: Type.Integer({ minimum: 0 }),
  /** Guests gone through so far (printed or skipped): the progress is processed / total. */
  processed: Type.Integer({ minimum: 0 }),
  printed: Type.Integer({ minimum: 0 }),
  /** Printed before and not reprinted (no reason given), or without a badge. */
  skippedPrinted: Type.Integer({ minimum: 0 }),
  withoutBadge: Type.Integer({ minimum: 0 }),
  size: Nullable(Type.Integer({ description: "bytes of the PDF once done" })),
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
  createdAt: Timestamp,
  finishedAt: Nullable(Timestamp),
  /** The PDF, once done. */
  url: Nullable(Type.String()),
});
export type EbadgeBatchJson = Static<typeof EbadgeBatchSchema>;

/**
 * A bulk PDF of the guest list as filtered (the list's view, filters and search). Without `reason` only the
 * guests whose badge was never printed are printed; with one, the others are reprinted for that reason.
 */
export const EbadgeBatchCreate = Type.Object(
  {
    query: Type.Optional(GuestSelectionQuery),
    layout: Type.Optional(literals(EBADGE_LAYOUTS)),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: EBADGE_REASON_MAX })),
  },
  strict,
);
export type EbadgeBatchCreate = Static<typeof EbadgeBatchCreate>;

export const PortalBadgeParams = Type.Object({ event: Type.String({ minLength: 1, maxLength: 100 }) });

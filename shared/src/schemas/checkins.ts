import { Type, type Static } from "@sinclair/typebox";
import {
  CHECKIN_DESK_NAME_MAX,
  CHECKIN_DISPLAYED_FIELDS_MAX,
  CHECKIN_NAME_MAX,
  CHECKIN_STATUSES,
  CHECKIN_TYPES,
  DESK_SEARCH_MAX,
  SCAN_BATCH_MAX,
  SCAN_DIRECTIONS,
  SCAN_RESULTS,
  SCANNED_CODE_MAX,
  SNAPSHOT_PAGE_MAX,
} from "../rules/checkins.ts";
import { Nullable, Timestamp, Uuid, literals } from "./common.ts";
import { GuestStatusSchema } from "./guests.ts";

export const CheckinTypeSchema = literals(CHECKIN_TYPES);
export const CheckinStatusSchema = literals(CHECKIN_STATUSES);
export const ScanDirectionSchema = literals(SCAN_DIRECTIONS);
export const ScanResultSchema = literals(SCAN_RESULTS);

const Name = Type.String({ minLength: 1, maxLength: CHECKIN_NAME_MAX });
const DeskName = Type.String({ minLength: 1, maxLength: CHECKIN_DESK_NAME_MAX });
/** A rule of the condition engine (shared/src/conditions: ConditionRule), checked by validateRule and checkRule. */
const Conditions = Nullable(
  Type.Unknown({ description: "a rule of the condition engine (all / any / not / comparisons); null: every guest" }),
);
const DisplayedFields = Type.Array(
  Type.String({ minLength: 1, maxLength: 100, description: "a guest column (firstName …) or a custom field's id" }),
  { maxItems: CHECKIN_DISPLAYED_FIELDS_MAX },
);

export const CheckinOptionsSchema = Type.Object(
  {
    /** A guest may come in again while in (each entry counted). */
    multipleEntries: Type.Boolean(),
    /** A guest who went out may come back in. */
    reentryAfterExit: Type.Boolean(),
    /** Desks scan guests out as well as in. */
    exitScans: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type CheckinOptions = Static<typeof CheckinOptionsSchema>;

/** A desk that connected with one of the session's access codes. */
export const DeskConnectionSchema = Type.Object({
  id: Uuid,
  checkinId: Uuid,
  codeId: Uuid,
  desk: Type.String(),
  connectedAt: Timestamp,
  lastSeenAt: Timestamp,
  revokedAt: Nullable(Timestamp),
});
export type DeskConnectionJson = Static<typeof DeskConnectionSchema>;

export const CheckinSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  name: Type.String(),
  type: CheckinTypeSchema,
  status: CheckinStatusSchema,
  conditions: Conditions,
  /** The rule in words, in the caller's language (null: every confirmed guest). */
  conditionsText: Nullable(Type.String()),
  displayedFields: Type.Array(Type.String()),
  options: CheckinOptionsSchema,
  /** The desks that connected last, newest first (derived from the desk tokens). */
  lastConnections: Type.Array(DeskConnectionSchema),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  abilities: Type.Object({ update: Type.Boolean(), delete: Type.Boolean(), check: Type.Boolean() }),
});
export type CheckinJson = Static<typeof CheckinSchema>;

export const CheckinList = Type.Object({ data: Type.Array(CheckinSchema) });

export const CheckinCreate = Type.Object(
  {
    name: Name,
    type: CheckinTypeSchema,
    status: Type.Optional(CheckinStatusSchema),
    conditions: Type.Optional(Conditions),
    displayedFields: Type.Optional(DisplayedFields),
    options: Type.Optional(Type.Partial(CheckinOptionsSchema, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type CheckinCreate = Static<typeof CheckinCreate>;

export const CheckinUpdate = Type.Partial(CheckinCreate, { additionalProperties: false });
export type CheckinUpdate = Static<typeof CheckinUpdate>;

// ---- access codes ------------------------------------------------------------------------------

/** An access code as listed: its plain text only in the answer that created it (it is hashed at rest). */
export const CheckinCodeSchema = Type.Object({
  id: Uuid,
  checkinId: Uuid,
  /** "ABCDE-FGHJK", given once, when the code is made. */
  code: Type.Optional(Type.String()),
  /** The code's last two characters, to tell codes apart. */
  hint: Type.String(),
  createdAt: Timestamp,
  createdBy: Nullable(Type.String()),
  revokedAt: Nullable(Timestamp),
});
export type CheckinCodeJson = Static<typeof CheckinCodeSchema>;

export const CheckinCodeCreate = Type.Object({ checkinId: Uuid }, { additionalProperties: false });
export const CheckinCodeQuery = Type.Object({ checkinId: Uuid });
export const CheckinCodeOptionalQuery = Type.Object({ checkinId: Type.Optional(Uuid) });
export const CheckinCodeLast = Type.Object({ data: Nullable(CheckinCodeSchema) });
export const DeskConnectionList = Type.Object({ data: Type.Array(DeskConnectionSchema) });

/** A desk signs in with a session's access code and names itself. */
export const DeskSignIn = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 40 }), desk: DeskName },
  { additionalProperties: false },
);

// ---- scans -------------------------------------------------------------------------------------

const ScanFields = {
  /** The client's id of the scan: a repeat answers the first answer and records nothing. */
  scanId: Uuid,
  /** The scanned code's text … */
  code: Type.Optional(Type.String({ minLength: 1, maxLength: SCANNED_CODE_MAX })),
  /** … or the guest found by name at the desk. */
  guestId: Type.Optional(Uuid),
  direction: Type.Optional(ScanDirectionSchema),
  /** When the guest was scanned (an offline upload's original time); the server's time when absent. */
  scannedAt: Type.Optional(Timestamp),
  /** The desk's name (a desk token's own name wins). */
  desk: Type.Optional(DeskName),
};

export const ScanBody = Type.Object(
  {
    ...ScanFields,
    /** A supervisor lets the guest in whatever the answer (users who may change the event only). */
    force: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ScanBody = Static<typeof ScanBody>;

export const OfflineScan = Type.Object(
  {
    ...ScanFields,
    /** What the desk answered offline (default ok: the guest went in). Its admissions are never dropped. */
    localResult: Type.Optional(ScanResultSchema),
  },
  { additionalProperties: false },
);
export type OfflineScan = Static<typeof OfflineScan>;

export const ScanBatch = Type.Object(
  { scans: Type.Array(OfflineScan, { minItems: 1, maxItems: SCAN_BATCH_MAX }) },
  { additionalProperties: false },
);
export type ScanBatch = Static<typeof ScanBatch>;

/** A guest as the desk shows them: the session's displayed fields. */
export const DeskGuestSchema = Type.Object({
  id: Uuid,
  fields: Type.Record(Type.String(), Type.Unknown()),
});

export const ScanAnswerSchema = Type.Object({
  scanId: Uuid,
  result: ScanResultSchema,
  direction: ScanDirectionSchema,
  guest: Nullable(DeskGuestSchema),
  scannedAt: Timestamp,
  receivedAt: Timestamp,
  desk: Nullable(Type.String()),
  /** Let in by a supervisor, or an offline admission the server would have refused. */
  forced: Type.Boolean(),
  /** An offline admission in conflict with what the server knew: to be looked at. */
  flagged: Type.Boolean(),
  /** This answer was given before, to the same scan id: nothing new was recorded. */
  repeated: Type.Boolean(),
  /** already_checked_in (and a flagged admission): the entry that came first. */
  previous: Type.Optional(Type.Object({ at: Timestamp, desk: Nullable(Type.String()), by: Nullable(Type.String()) })),
  /**
   * not_allowed: the part of the session's rules the guest fails, in words (null: exits are not scanned); unpaid:
   * the part the guest's paid tickets fail (the tickets held are in an order awaiting its payment).
   */
  rule: Type.Optional(Nullable(Type.String())),
  /** not_confirmed: the guest's status. */
  status: Type.Optional(GuestStatusSchema),
  /** A flagged admission: what the server would have answered. */
  conflict: Type.Optional(ScanResultSchema),
});
export type ScanAnswer = Static<typeof ScanAnswerSchema>;

export const ScanBatchAnswer = Type.Object({ data: Type.Array(ScanAnswerSchema) });

// ---- desk's snapshot and search -----------------------------------------------------------------

export const SnapshotQuery = Type.Object({
  /** Only guests changed after this instant (each with `allowed`); every allowed guest when absent. */
  updatedSince: Type.Optional(Timestamp),
  /** The `next` of the previous page. */
  after: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SNAPSHOT_PAGE_MAX, default: 500 })),
});

/** A flagged offline admission (a desk's scan id) with the entry that came first: its desk finds its own. */
const FlaggedScanSchema = Type.Object({
  scanId: Uuid,
  conflict: Nullable(ScanResultSchema),
  previous: Nullable(Type.Object({ at: Timestamp, desk: Nullable(Type.String()), by: Nullable(Type.String()) })),
});

const SnapshotGuest = Type.Object({
  id: Uuid,
  /** false in an incremental page: the guest no longer belongs to the session (the desk drops them). */
  allowed: Type.Boolean(),
  /**
   * unpaid (with `allowed` false, in any download): the session's ticket conditions pass only thanks to a ticket
   * whose order awaits its payment; the desk keeps the guest, with their fields, to answer unpaid offline.
   */
  refusal: Type.Optional(Type.Literal("unpaid")),
  fields: Type.Record(Type.String(), Type.Unknown()),
  updatedAt: Timestamp,
  /**
   * Whether the guest is in now, and since when (null: never came in); `flagged` when one of the guest's scans in
   * the session is a flagged offline admission (a conflict between desks), listed in `flaggedScans`.
   */
  entry: Nullable(
    Type.Object({
      state: ScanDirectionSchema,
      at: Timestamp,
      flagged: Type.Optional(Type.Boolean()),
      flaggedScans: Type.Optional(Type.Array(FlaggedScanSchema)),
    }),
  ),
});

export const DeskSessionSchema = Type.Object({
  checkin: Type.Object({
    id: Uuid,
    eventId: Uuid,
    name: Type.String(),
    type: CheckinTypeSchema,
    status: CheckinStatusSchema,
    displayedFields: Type.Array(
      Type.Object({
        id: Type.String(),
        label: Type.String(),
        /** A choice question's answers, so the desk shows an answer's label rather than its id. */
        options: Type.Optional(Type.Array(Type.Object({ id: Type.String(), label: Type.String() }))),
      }),
    ),
    options: CheckinOptionsSchema,
    /** When the session's rules or fields last changed: a desk whose snapshot is older downloads it again. */
    updatedAt: Timestamp,
  }),
  desk: Type.String(),
});

export const DeskSignInAnswer = Type.Object({
  ...DeskSessionSchema.properties,
  token: Type.String({ description: "send it as Authorization: Bearer" }),
});

/** An entry changed since `updatedSince` (another desk's scan): the desk applies it to its copy of the guest. */
const SnapshotEntry = Type.Object({
  guestId: Uuid,
  /** Whether the guest is in now, and since when. */
  state: ScanDirectionSchema,
  at: Timestamp,
  /** One of the guest's scans in the session is a flagged offline admission (a conflict between desks). */
  flagged: Type.Boolean(),
  /** Those flagged admissions: a desk finds its own. */
  flaggedScans: Type.Array(FlaggedScanSchema),
  updatedAt: Timestamp,
});

export const SnapshotPage = Type.Object({
  /** The guests (with `updatedSince`: changed since, listed first, page after page). */
  data: Type.Array(SnapshotGuest),
  /**
   * With `updatedSince`: the session's entries changed since, once the changed guests are all listed (a page
   * holds at most `limit` items of both lists together); always empty in a full download.
   */
  entries: Type.Array(SnapshotEntry),
  /** Pass as `after` for the next page; null on the last one. */
  next: Nullable(Type.String()),
  /** Pass as `updatedSince` next time: the server's time when this download began. */
  asOf: Timestamp,
});

/** What a desk verifies signed guest codes with, offline (shared/src/checkin/guestCode.ts verifyGuestCode). */
export const DeskVerificationSchema = Type.Object({
  eventId: Uuid,
  /** The event's keys that still verify: number and Ed25519 public key (base64url). */
  keys: Type.Array(Type.Object({ id: Type.Integer(), publicKey: Type.String() })),
  /** Revoked serials, packed 4 bytes each (base64url): decodeRevokedSerials. */
  revokedSerials: Type.String(),
});

export const DeskSearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DESK_SEARCH_MAX, default: 20 })),
});
export const DeskSearchAnswer = Type.Object({ data: Type.Array(DeskGuestSchema) });

// ---- statistics -----------------------------------------------------------------------------------

export const CheckinStatsSchema = Type.Object({
  /** Guests the session's rules let in (confirmed unless the rules judge the status). */
  allowedGuests: Type.Integer(),
  /** Guests who came in at least once. */
  checkedIn: Type.Integer(),
  /** Guests in now (came in, did not go out since). */
  presentNow: Type.Integer(),
  /** Entries counted (re-entries and multiple entries included). */
  entries: Type.Integer(),
  exits: Type.Integer(),
  forced: Type.Integer(),
  flagged: Type.Integer(),
  scans: Type.Integer(),
  byResult: Type.Record(Type.String(), Type.Integer()),
  byDesk: Type.Array(
    Type.Object({
      desk: Nullable(Type.String()),
      scans: Type.Integer(),
      ok: Type.Integer(),
      lastScanAt: Nullable(Timestamp),
    }),
  ),
});
export type CheckinStats = Static<typeof CheckinStatsSchema>;

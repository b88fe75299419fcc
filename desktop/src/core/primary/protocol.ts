/**
 * What the primary desk and its peers say to each other over the LAN (issue 13, item 5): the routes' bodies,
 * validated on arrival like the API's, and the limits that keep a request small.
 */
import { Type, type Static } from "@sinclair/typebox";
import { CHECKIN_DESK_NAME_MAX, SCANNED_CODE_MAX } from "@tessera/shared/rules/checkins";
import { ScanDirectionSchema, ScanResultSchema } from "@tessera/shared/schemas/checkins";
import { Timestamp, Uuid } from "@tessera/shared/schemas/common";

/** The mDNS service type the primary advertises (_tessera-desk._tcp). */
export const PRIMARY_SERVICE_TYPE = "tessera-desk";
/** Scans a reconcile request carries (a longer backlog goes in several). */
export const RECONCILE_BATCH_MAX = 200;
/** A request body larger than this is refused (413) before it is parsed. */
export const PRIMARY_BODY_MAX = 256 * 1024;
export const PAIRING_CODE_LENGTH = 6;

const DeskName = Type.String({ minLength: 1, maxLength: CHECKIN_DESK_NAME_MAX });

const ScanFields = {
  scanId: Uuid,
  code: Type.Optional(Type.String({ minLength: 1, maxLength: SCANNED_CODE_MAX })),
  guestId: Type.Optional(Uuid),
  direction: ScanDirectionSchema,
  scannedAt: Timestamp,
};

/** A peer's scan, to be answered by the primary (of the peer's session only). */
export const PeerCheckBody = Type.Object(
  { ...ScanFields, checkinId: Uuid, desk: DeskName },
  { additionalProperties: false },
);
export type PeerCheckBody = Static<typeof PeerCheckBody>;

/** A scan a peer answered without the primary: what it answered, and the guest it found. */
export const ReconcileScan = Type.Object(
  { ...ScanFields, guestId: Type.Union([Uuid, Type.Null()]), localResult: ScanResultSchema },
  { additionalProperties: false },
);
export type ReconcileScan = Static<typeof ReconcileScan>;

export const ReconcileBody = Type.Object(
  {
    checkinId: Uuid,
    desk: DeskName,
    scans: Type.Array(ReconcileScan, { minItems: 1, maxItems: RECONCILE_BATCH_MAX }),
  },
  { additionalProperties: false },
);
export type ReconcileBody = Static<typeof ReconcileBody>;

export interface ReconcileAnswer {
  /** Scans the primary recorded now (a scan it had already is not counted again). */
  recorded: number;
  /** Ids of the admissions the primary would have refused: the guest was already in at another desk. */
  conflicts: string[];
}

export const PairBody = Type.Object(
  {
    pairingCode: Type.String({ pattern: `^[0-9]{${PAIRING_CODE_LENGTH}}$` }),
    checkinId: Uuid,
    desk: DeskName,
  },
  { additionalProperties: false },
);
export type PairBody = Static<typeof PairBody>;

export interface PairAnswer {
  /** The peer's secret: the bearer token of its later requests. */
  secret: string;
  checkinId: string;
  name: string;
  desk: string;
}

export interface HelloAnswer {
  checkinId: string;
  /** The check-in session's name. */
  name: string;
  /** The primary desk's name. */
  desk: string;
  /** Whether the request's bearer secret is one of this primary's peers. */
  paired: boolean;
}

export interface PrimaryErrorBody {
  error: { code: string; message: string; issues?: unknown[] };
}

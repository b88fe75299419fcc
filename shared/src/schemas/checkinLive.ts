import { Type, type Static } from "@sinclair/typebox";
import { Nullable, Timestamp, Uuid } from "./common.ts";
import { ScanDirectionSchema, ScanResultSchema } from "./checkins.ts";

/**
 * One scan as the live board shows it: an event `scan` of the check-in streams (Server-Sent Events), its id
 * `<received at, ms>-<scan row id>` to resume from. A stream may send a scan again after a reconnect: the
 * board keeps each `id` once.
 */
export const LiveScanSchema = Type.Object({
  id: Uuid,
  checkinId: Uuid,
  result: ScanResultSchema,
  direction: ScanDirectionSchema,
  guestId: Nullable(Uuid),
  guestName: Nullable(Type.String()),
  desk: Nullable(Type.String()),
  forced: Type.Boolean(),
  flagged: Type.Boolean(),
  scannedAt: Timestamp,
  receivedAt: Timestamp,
});
export type LiveScan = Static<typeof LiveScanSchema>;

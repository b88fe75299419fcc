/**
 * The desk's typed IPC surface. main/ relays these names to the core; preload exposes exactly them;
 * tests call the same handlers under plain Node.
 */
import type { ScanDirection } from "@tessera/shared/rules/checkins";
import type { ScanAnswer } from "@tessera/shared/schemas/checkins";
import type { DeskConflict } from "./sync.ts";

export type { DeskConflict } from "./sync.ts";

export interface DeskInfo {
  version: string;
  platform: string;
  serverUrl: string | null;
}

/** The session the desk signed in to (its token stays in the core). */
export interface DeskSessionView {
  checkinId: string;
  eventId: string;
  name: string;
  desk: string;
  serverUrl: string;
  options: { multipleEntries: boolean; reentryAfterExit: boolean; exitScans: boolean };
  displayedFields: { id: string; label: string; options?: { id: string; label: string }[] }[];
}

export interface DeskRefreshResult {
  kind: "full" | "incremental";
  changed: number;
  guests: number;
  asOf: string;
  lastSyncAt: string;
}

export interface DeskScanInput {
  code?: string;
  guestId?: string;
  direction?: ScanDirection;
}

export interface DeskStatus {
  signedIn: boolean;
  /** Whether the server answered the last call (null: not asked yet). */
  online: boolean | null;
  lastSyncAt: string | null;
  /** Milliseconds since the last complete refresh (null: never). */
  lastSyncAgeMs: number | null;
  pendingScans: number;
  /** Guests admitted at this desk and another while they could not see each other (desk.conflicts lists them). */
  conflicts: number;
  /** Why the last sync failed (null: it went through, or none yet); it is tried again with a growing wait. */
  lastSyncError: string | null;
}

export interface DeskSyncResult {
  /** Scans the server answered (repeats of an upload cut short included). */
  uploaded: number;
  repeated: number;
  flagged: number;
  refresh: DeskRefreshResult;
}

export interface DeskHandlers {
  "desk.info": () => Promise<DeskInfo>;
  "desk.setServerUrl": (url: string) => Promise<DeskInfo>;
  /** Trades a check-in access code for the desk's token and keeps the session locally. */
  "desk.signIn": (code: string, desk: string) => Promise<DeskSessionView>;
  /** Downloads the snapshot (all of it the first time, then what changed) and the verification material. */
  "desk.refresh": () => Promise<DeskRefreshResult>;
  /** Verifies a scan offline, queues it and answers as the server would. */
  "desk.check": (scan: DeskScanInput) => Promise<ScanAnswer>;
  "desk.status": () => Promise<DeskStatus>;
  /** Uploads the queued scans now, then refreshes the snapshot (other desks' entries come down). */
  "desk.sync": () => Promise<DeskSyncResult>;
  /** The guests admitted here and at another desk, with their names. */
  "desk.conflicts": () => Promise<DeskConflict[]>;
}

export type DeskChannel = keyof DeskHandlers;
export const DESK_CHANNELS: readonly DeskChannel[] = [
  "desk.info",
  "desk.setServerUrl",
  "desk.signIn",
  "desk.refresh",
  "desk.check",
  "desk.status",
  "desk.sync",
  "desk.conflicts",
];

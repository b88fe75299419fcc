import type { ScanAnswer, ScanDirection, ScanResult } from "@tessera/shared";
import type { Checkin } from "../../models/Checkin.ts";

/*
 * What a scan may answer, decided before any entry row is read: the guest's row, the code, the session's
 * options and who scans decide everything except the entry's state, which only the write sees under the
 * row's lock (scanWrite.ts). So a plan holds two answers, one where the entry's state lets the scan through
 * and one where it stands in the way, and the write picks one as it writes.
 */

export interface Outcome {
  result: ScanResult;
  /** Let in against the answer: by a supervisor, or an offline desk. */
  forced: boolean;
  flagged: boolean;
  details: Partial<Pick<ScanAnswer, "previous" | "rule" | "status" | "conflict">>;
}

export interface Refusal {
  result: ScanResult;
  details: Outcome["details"];
}

/** Who may let a refused guest in: a supervisor forcing it, or an offline desk that already did. */
export type Override = "force" | "offline" | null;

/**
 * What the scan does to the guest's entry row: nothing, an entry (let through when the guest is not in, or
 * is in and the session allows multiple entries, or was out and it allows re-entry; always when
 * overridden), or an exit (when the guest is in).
 */
export type EntryChange =
  | { kind: "none" }
  | { kind: "enter"; multipleEntries: boolean; reentryAfterExit: boolean; overridden: boolean }
  | { kind: "exit" };

export interface ScanPlan {
  change: EntryChange;
  /** The answer when the entry's state lets the scan through (or the scan changes no entry). */
  clear: Outcome;
  /** The answer when it stands in the way: the guest already in (an entry), not in (an exit). */
  blocked: Outcome;
  /** Whether the blocked answer tells when, where and by whom the guest came in last (`previous`). */
  blockedTellsPrevious: boolean;
}

export interface PlanInput {
  checkin: Pick<Checkin, "multipleEntries" | "reentryAfterExit" | "exitScans">;
  /** Null when the scan names no guest of the event: `unknownResult` says why. */
  hasGuest: boolean;
  unknownResult: ScanResult;
  direction: ScanDirection;
  isOffline: boolean;
  /** What an offline desk answered (ok: the guest went through). */
  localResult: ScanResult;
  force: boolean;
  /** What the guest's row alone refuses (status, the session's rule), before any entry is read. */
  rowRefusal: Refusal | null;
}

const answered = (refusal: Refusal, flagged = false): Outcome => ({ ...refusal, forced: false, flagged });
const OK: Outcome = { result: "ok", forced: false, flagged: false, details: {} };

/** An entry let in over a refusal: ok, forced, flagged when an offline desk did it, the refusal as its conflict. */
const overriding = (refusal: Refusal, override: Override): Outcome => ({
  result: "ok",
  forced: true,
  flagged: override === "offline",
  details: { ...refusal.details, conflict: refusal.result },
});

const unchanged = (outcome: Outcome): ScanPlan => ({
  change: { kind: "none" },
  clear: outcome,
  blocked: outcome,
  blockedTellsPrevious: false,
});

export function planScan(input: PlanInput): ScanPlan {
  const { checkin, direction, rowRefusal } = input;
  const admittedOffline = input.isOffline && input.localResult === "ok";
  const override: Override = input.force ? "force" : admittedOffline ? "offline" : null;

  if (!input.hasGuest) return unchanged(answered({ result: input.unknownResult, details: {} }, admittedOffline));
  if (input.isOffline && !admittedOffline) return unchanged(answered({ result: input.localResult, details: {} }));
  if (direction === "out") {
    if (!checkin.exitScans)
      return unchanged(answered({ result: "not_allowed", details: { rule: null } }, admittedOffline));
    return {
      change: { kind: "exit" },
      clear: OK,
      blocked: answered({ result: "not_checked_in", details: {} }, override === "offline"),
      blockedTellsPrevious: false,
    };
  }
  if (rowRefusal && !override) return unchanged(answered(rowRefusal));
  const change: EntryChange = {
    kind: "enter",
    multipleEntries: checkin.multipleEntries,
    reentryAfterExit: checkin.reentryAfterExit,
    overridden: override !== null,
  };
  // Overriding the guest's row: the entry goes in whatever its state, with the row's refusal as the conflict.
  if (rowRefusal) {
    const forced = overriding(rowRefusal, override);
    return { change, clear: forced, blocked: forced, blockedTellsPrevious: false };
  }
  const already: Refusal = { result: "already_checked_in", details: {} };
  return {
    change,
    clear: OK,
    blocked: override ? overriding(already, override) : answered(already),
    blockedTellsPrevious: true,
  };
}

/** Whether an entry's former state let the scan through (null: the scan made the row: the first entry). */
export function entryWasClear(change: Extract<EntryChange, { kind: "enter" }>, previousState: string | null): boolean {
  if (previousState === null) return true;
  return previousState === "in" ? change.multipleEntries : change.reentryAfterExit;
}

/**
 * Check-in vocabulary (spec §3 Check-in session, §4 enabled or disabled, §7 checkins and checkincodes): what a
 * session is, what a scan answers, and the limits the API and the web forms share.
 */
import { GUEST_FIELDS, type GuestField } from "./guests.ts";

/** spec §3: a session is run from browsers online, or from desks that keep working offline. */
export const CHECKIN_TYPES = ["online", "offline"] as const;
export type CheckinType = (typeof CHECKIN_TYPES)[number];

/** spec §4: check-in is enabled or disabled; a disabled session answers no scan and lets no desk in. */
export const CHECKIN_STATUSES = ["enabled", "disabled"] as const;
export type CheckinStatus = (typeof CHECKIN_STATUSES)[number];

export const CHECKIN_NAME_MAX = 100;
export const CHECKIN_DISPLAYED_FIELDS_MAX = 30;
export const CHECKIN_DESK_NAME_MAX = 100;
/** Offline check-in sessions an event may hold when its administrator has set no maximum (spec §9). */
export const DEFAULT_MAX_OFFLINE_CHECKINS = 3;

/** The guest's own columns a session may show at the desk (custom fields are named by their id). */
export const CHECKIN_GUEST_COLUMNS: readonly GuestField[] = GUEST_FIELDS;
export const DEFAULT_DISPLAYED_FIELDS: readonly GuestField[] = ["firstName", "lastName", "company"];

export function isGuestColumn(field: string): field is GuestField {
  return (CHECKIN_GUEST_COLUMNS as readonly string[]).includes(field);
}

/**
 * An access code as people type it: 10 characters of Crockford's base 32 (no I, L, O, U: nothing to
 * misread), shown as two groups of five. 50 bits: guessing is throttled, and the code is hashed at rest.
 */
export const ACCESS_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const ACCESS_CODE_LENGTH = 10;

/** A typed code as stored: upper case, without separators or spaces, the misreadable letters read as digits. */
export function normalizeAccessCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0");
}

/** "ABCDE-FGHJK". */
export function formatAccessCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Which way a guest goes through the door. Exits are scanned only in sessions that allow them. */
export const SCAN_DIRECTIONS = ["in", "out"] as const;
export type ScanDirection = (typeof SCAN_DIRECTIONS)[number];

/**
 * What a scan answers:
 * - ok: in (or out) — the session's displayed fields come with it;
 * - already_checked_in: the guest is in (or came in and may not come back): when, at which desk, by whom;
 * - not_checked_in: an exit of a guest who is not in;
 * - not_allowed: the session's rules leave the guest out (which rule, in words), or exits are not scanned;
 * - not_confirmed: the guest's status is not confirmed (and the session's rules do not judge the status);
 * - unpaid: the session's ticket conditions pass only thanks to tickets whose order still awaits its payment
 *   (which part the paid tickets fail, in words);
 * - unknown: no such guest, or a code that does not read or verify;
 * - revoked: a code revoked since it was issued;
 * - other_event: a guest or a code of another event.
 */
export const SCAN_RESULTS = [
  "ok",
  "already_checked_in",
  "not_checked_in",
  "not_allowed",
  "not_confirmed",
  "unpaid",
  "unknown",
  "revoked",
  "other_event",
] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

/** Offline uploads sent at once by a desk coming back online. */
export const SCAN_BATCH_MAX = 500;
/** A scanned code's text (a signed guest code is 130 characters; a keyboard wedge may add noise). */
export const SCANNED_CODE_MAX = 512;
/** Guests of a snapshot page, and of a name search at the desk. */
export const SNAPSHOT_PAGE_MAX = 1_000;
export const DESK_SEARCH_MAX = 50;

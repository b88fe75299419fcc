import { Ok } from "../schemas/common.ts";
import {
  CheckinCodeCreate,
  CheckinCodeLast,
  CheckinCodeOptionalQuery,
  CheckinCodeQuery,
  CheckinCodeSchema,
  CheckinCreate,
  CheckinList,
  CheckinSchema,
  CheckinStatsSchema,
  CheckinUpdate,
  DeskConnectionList,
  DeskSearchAnswer,
  DeskSearchQuery,
  DeskSessionSchema,
  DeskSignIn,
  DeskSignInAnswer,
  DeskVerificationSchema,
  ScanAnswerSchema,
  ScanBatch,
  ScanBatchAnswer,
  ScanBody,
  SnapshotPage,
  SnapshotQuery,
} from "../schemas/checkins.ts";
import { DeskBadgeTemplateList, DeskGuestBadgeParams, DeskGuestBadgeSchema } from "../schemas/deskBadges.ts";
import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["checkins"];

const SCAN_DESCRIPTION =
  "`scanId` (a uuid the client makes) makes the scan idempotent: sent again, it answers the first answer and " +
  "records nothing. Give the scanned `code` or the `guestId` (found by name). Answers ok, already_checked_in " +
  "(when, at which desk, by whom), not_checked_in (an exit of a guest who is not in), not_allowed (the rule in " +
  "words), not_confirmed, unpaid (a ticket the rule asks for held only through an order awaiting its payment), " +
  "unknown, revoked or other_event; every attempt is recorded. Two desks scanning one " +
  "guest at once: exactly one ok.";

/** /events/{a}/{e}/checkins: the event's check-in sessions and their scans (spec §7). */
export const checkinContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/checkins",
    summary: "List the event's check-in sessions",
    description: "Newest first, each with its last desk connections. Anyone who sees the event.",
    tags,
    params: EventScopedParams,
    response: CheckinList,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/checkins",
    summary: "Create a check-in session",
    description:
      "A name, online or offline, the rules of the condition engine that let a guest in (none: every confirmed " +
      "guest), the guest fields a desk shows, the options. An event holds at most its maximum of offline " +
      "sessions (409 max_checkins_reached). Editors and up (events.update).",
    tags,
    params: EventScopedParams,
    body: CheckinCreate,
    response: CheckinSchema,
    status: 201,
    errors: [403, 404, 409, 422],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/checkins/:id",
    summary: "Get a check-in session",
    tags,
    params: EventScopedIdParams,
    response: CheckinSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/checkins/:id",
    summary: "Update a check-in session",
    description: "Any of the creation's fields. Editors and up (events.update).",
    tags,
    params: EventScopedIdParams,
    body: CheckinUpdate,
    response: CheckinSchema,
    errors: [403, 404, 409, 422],
  }),
  remove: contract({
    method: "delete",
    path: "/events/:a/:e/checkins/:id",
    summary: "Delete a check-in session",
    description: "Its access codes, desk tokens and scans with it. Editors and up (events.update).",
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404],
  }),
  stats: contract({
    method: "get",
    path: "/events/:a/:e/checkins/:id/stats",
    summary: "A check-in session's figures",
    description:
      "Guests allowed, checked in, present now, entries and exits, scans by result and by desk. Anyone who " +
      "sees the event.",
    tags,
    params: EventScopedIdParams,
    response: CheckinStatsSchema,
    errors: [404],
  }),
  check: contract({
    method: "post",
    path: "/events/:a/:e/checkins/:id/check",
    summary: "Scan a guest",
    description: `${SCAN_DESCRIPTION} \`force\` lets the guest in whatever the answer, recorded as forced (editors and up only). Anyone who sees the event may scan.`,
    tags,
    params: EventScopedIdParams,
    body: ScanBody,
    response: ScanAnswerSchema,
    errors: [403, 404, 409, 422],
  }),
  checkBatch: contract({
    method: "post",
    path: "/events/:a/:e/checkins/:id/checks",
    summary: "Upload scans made offline",
    description:
      "Each scan as `check` takes it, with its original time; each is answered in order. An admission the server " +
      "would refuse (the guest came in earlier at another desk) is kept as a flagged forced entry: nothing is dropped. " +
      "Of two offline admissions of one guest, the one scanned first (`scannedAt`) is the clean entry whatever the " +
      "order of the uploads: when it comes up after the other, the other becomes the flagged forced entry (its " +
      "conflict already_checked_in, `previous` naming the earlier) and its desk finds it in the entries of its next " +
      "snapshot. An admission answered online stands: an offline one scanned before it is flagged.",
    tags,
    params: EventScopedIdParams,
    body: ScanBatch,
    response: ScanBatchAnswer,
    errors: [404, 409, 422],
  }),
};

/** /events/{a}/{e}/checkincodes: the access codes desks sign in with (spec §7). */
export const checkinCodeContracts = {
  last: contract({
    method: "get",
    path: "/events/:a/:e/checkincodes/last",
    summary: "A session's newest access code",
    description: "Without its text (codes are hashed at rest: the text is shown once). Anyone who sees the event.",
    tags,
    params: EventScopedParams,
    query: CheckinCodeQuery,
    response: CheckinCodeLast,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/checkincodes",
    summary: "Make an access code for a session",
    description:
      "Ten characters a person can type (shown as ABCDE-FGHJK), in this answer only. A disabled session's code " +
      "lets no desk in until it is enabled. Editors and up (events.update).",
    tags,
    params: EventScopedParams,
    body: CheckinCodeCreate,
    response: CheckinCodeSchema,
    status: 201,
    errors: [403, 404, 422],
  }),
  revoke: contract({
    method: "delete",
    path: "/events/:a/:e/checkincodes/:id",
    summary: "Revoke an access code",
    description: "It lets no desk in any more, and the desks it let in are signed out. Editors and up.",
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404],
  }),
  sessions: contract({
    method: "get",
    path: "/events/:a/:e/checkincodes/sessions",
    summary: "The desks signed in with access codes",
    description: "Of one session (checkinId) or of every session, last seen first. Anyone who sees the event.",
    tags,
    params: EventScopedParams,
    query: CheckinCodeOptionalQuery,
    response: DeskConnectionList,
    errors: [404],
  }),
};

/**
 * /desk: what a check-in desk does with the token an access code gave it, and nothing else: its session's
 * snapshot, a name search among the session's guests, scans. The token is refused everywhere else.
 */
export const deskContracts = {
  signIn: contract({
    method: "post",
    path: "/desk/session",
    summary: "Sign a desk in with an access code",
    description:
      "The code of an enabled session and the desk's name give a token (Authorization: Bearer) for that " +
      "session's work only. Wrong codes are throttled per address (429).",
    tags,
    auth: "public",
    body: DeskSignIn,
    response: DeskSignInAnswer,
    status: 201,
    errors: [401, 403, 429],
  }),
  session: contract({
    method: "get",
    path: "/desk/session",
    summary: "The desk's session",
    tags,
    auth: "desk",
    response: DeskSessionSchema,
  }),
  signOut: contract({
    method: "delete",
    path: "/desk/session",
    summary: "Sign the desk out",
    tags,
    auth: "desk",
    response: Ok,
  }),
  snapshot: contract({
    method: "get",
    path: "/desk/snapshot",
    summary: "The session's guests for a desk",
    description:
      "Every guest the session lets in with its displayed fields and entry, page by page; with `updatedSince`, " +
      "only the guests changed since, each saying whether it is still allowed, then in `entries` the session's " +
      "entries changed since (other desks' scans, flagged conflicts), continued by the same `next`.",
    tags,
    auth: "desk",
    query: SnapshotQuery,
    response: SnapshotPage,
    errors: [403, 422],
  }),
  verification: contract({
    method: "get",
    path: "/desk/verification",
    summary: "What the desk verifies guest codes with",
    description:
      "The event's public keys that still verify and the revoked serials: a desk checks a scanned code's signature " +
      "offline, including a guest registered after its last snapshot.",
    tags,
    auth: "desk",
    response: DeskVerificationSchema,
    errors: [403],
  }),
  search: contract({
    method: "get",
    path: "/desk/search",
    summary: "Find the session's guests by name",
    tags,
    auth: "desk",
    query: DeskSearchQuery,
    response: DeskSearchAnswer,
    errors: [403],
  }),
  check: contract({
    method: "post",
    path: "/desk/check",
    summary: "Scan a guest at the desk",
    description: `${SCAN_DESCRIPTION} A desk cannot force an entry.`,
    tags,
    auth: "desk",
    body: ScanBody,
    response: ScanAnswerSchema,
    errors: [403, 409, 422],
  }),
  checkBatch: contract({
    method: "post",
    path: "/desk/checks",
    summary: "Upload the desk's offline scans",
    description: checkinContracts.checkBatch.description,
    tags,
    auth: "desk",
    body: ScanBatch,
    response: ScanBatchAnswer,
    errors: [403, 409, 422],
  }),
  badges: contract({
    method: "get",
    path: "/desk/badges",
    summary: "The badge templates a desk prints",
    description:
      "The event's enabled e-badge templates, oldest first, as a desk printer prints them: text and guest-field " +
      "blocks (the event's name, date and place written out) and the QR of the entry code; logos and backgrounds " +
      "left out.",
    tags,
    auth: "desk",
    response: DeskBadgeTemplateList,
    errors: [403],
  }),
  guestBadge: contract({
    method: "get",
    path: "/desk/guests/:id/badge",
    summary: "One guest's badge for the desk printer",
    description:
      "The template the guest's badge uses, the text of its guest fields and the guest's entry code in force " +
      "(issued on first need), for a guest the session lets in; 404 for any other guest.",
    tags,
    auth: "desk",
    params: DeskGuestBadgeParams,
    response: DeskGuestBadgeSchema,
    errors: [403, 404],
  }),
};

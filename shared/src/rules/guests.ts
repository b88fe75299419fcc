import { withoutAccents } from "../text.ts";

/**
 * Guest vocabulary of spec §3/§4, shared by the API and the web.
 *
 * Guest status — the spec gives two readings; both map onto this one set:
 *   first reading                    second reading                      here
 *   unanswered                       not responded                       unanswered
 *   has refused the invitation       refused                             refused
 *   pending approval                 pending when approval required      pending_approval
 *   rejected                         —                                   rejected (by the organizer)
 *   confirmed                        confirmed                           confirmed
 *   has cancelled                    —                                   cancelled (after confirming)
 *   to be seen                       —                                   to_be_seen (undecided)
 */
export const GUEST_STATUSES = [
  "unanswered",
  "refused",
  "pending_approval",
  "rejected",
  "confirmed",
  "cancelled",
  "to_be_seen",
] as const;
export type GuestStatus = (typeof GUEST_STATUSES)[number];

/** The statuses of a guest who attends: they take a place of the event (its maximum), and may bring companions. */
export const ATTENDING_STATUSES: readonly GuestStatus[] = ["confirmed", "pending_approval"];

/**
 * Which status a merged guest keeps: the more advanced of the two, in this order (most advanced
 * first). A wish to attend (confirmed, then awaiting approval) beats indecision, indecision beats a
 * negative outcome, and any decision beats no answer; among negative outcomes the later one in the
 * guest's life wins (cancelled after confirming, then rejected by the organizer, then refused).
 */
export const MERGE_STATUS_ORDER: readonly GuestStatus[] = [
  "confirmed",
  "pending_approval",
  "to_be_seen",
  "cancelled",
  "rejected",
  "refused",
  "unanswered",
];

/** Mail status of spec §4 (both listings): "none" until the guest is first emailed. */
export const MAIL_STATUSES = [
  "none",
  "pending",
  "queued",
  "sent",
  "delivered",
  "opened",
  "clicked",
  "unsubscribed",
  "bounce",
  "blocked",
  "error",
  "deleted",
] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** How a guest came to be. */
export const GUEST_SOURCES = ["manual", "import", "registration", "api", "companion", "recommendation"] as const;
export type GuestSource = (typeof GUEST_SOURCES)[number];

export const CIVILITIES = ["mr", "ms", "mx"] as const;
export type Civility = (typeof CIVILITIES)[number];

export const RECOMMENDATION_STATUSES = ["pending", "accepted", "refused"] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

/** Built-in guest columns (custom fields come on top, by id). */
export const GUEST_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "civility",
  "company",
  "jobTitle",
  "status",
  "mailStatus",
  "companionsExpected",
  "createdSource",
  "registeredAt",
  "createdAt",
  "updatedAt",
  "prescriber",
  "language",
] as const;
export type GuestField = (typeof GUEST_FIELDS)[number];

/** Who the guest is: the identity fields (a merge fills the kept guest's empty ones from the other). */
export const GUEST_IDENTITY_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "civility",
  "company",
  "jobTitle",
  "prescriber",
  "language",
] as const satisfies readonly GuestField[];
export type GuestIdentityField = (typeof GUEST_IDENTITY_FIELDS)[number];

/** The identity fields written as free text (trimmed, empty ones stored as null); civility is a choice. */
export const GUEST_TEXT_FIELDS = GUEST_IDENTITY_FIELDS.filter(
  (field): field is Exclude<GuestIdentityField, "civility"> => field !== "civility",
);

/** The email of a guest as compared for matching and duplicates: trimmed, case-insensitive. */
export function normalizeGuestEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim().toLowerCase();
  return trimmed ? trimmed : null;
}

/** What the full-text search looks in (name, email, company), lowercased and without accents. */
export function guestSearchText(guest: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  company?: string | null;
}): string {
  return withoutAccents(
    [guest.firstName, guest.lastName, guest.email, guest.company].filter(Boolean).join(" "),
  ).toLowerCase();
}

/** Guest fields an import column may fill (spec §3 CSV import); custom fields come as `customField:<id>`. */
export const IMPORT_GUEST_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "civility",
  "company",
  "jobTitle",
  "status",
  "companionsExpected",
  "prescriber",
  "language",
] as const;
export type ImportGuestField = (typeof IMPORT_GUEST_FIELDS)[number];
export const CUSTOM_FIELD_TARGET = "customField:";

/**
 * Who an imported guest is: an email, or a first AND a last name. A mapping must give one of them a
 * column, and an import never creates a guest from a row that has neither (values or "is filled" flags).
 */
export function hasImportIdentity(guest: { email?: unknown; firstName?: unknown; lastName?: unknown }): boolean {
  return Boolean(guest.email) || (Boolean(guest.firstName) && Boolean(guest.lastName));
}

/**
 * A guest is someone: an email address or a name (first or last), not blank. Otherwise 'guest_identity'
 * (validation catalogue), on the email field where forms show it.
 */
export function guestIdentityProblem(guest: {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}): "guest_identity" | null {
  const given = [guest.email, guest.firstName, guest.lastName].some(
    (value) => typeof value === "string" && value.trim(),
  );
  return given ? null : "guest_identity";
}

import type { EventUpdateBody } from "@/queries/events.ts";

/**
 * The label of each field an event's audit entries carry: the settings forms' own labels, so the
 * history names a field as the screen that changes it does. Typed against EventUpdate so a new
 * event field fails to compile until it has a label here.
 */
const EVENT_FIELD_LABELS = {
  name: "fields.name",
  slug: "events.slug",
  startsAt: "events.startsAt",
  endsAt: "events.endsAt",
  isAllDay: "events.isAllDay",
  timezone: "events.timezone",
  venueName: "events.venueName",
  address: "events.address",
  country: "events.country",
  latitude: "events.latitude",
  longitude: "events.longitude",
  moreInformation: "events.moreInformation",
  registrationClosesAt: "events.registrationClosesAt",
  maxAttendees: "events.maxAttendees",
  maxCompanions: "events.maxCompanions",
  languages: "events.languages",
  socialLinks: "settings.tabs.social",
  bannerImageId: "images.banner",
  logoImageId: "images.logo",
  faviconImageId: "images.favicon",
  whiteLabel: "admin.whiteLabel",
  modules: "admin.modules",
  retentionDays: "admin.retentionDays",
  maxOfflineCheckinSessions: "admin.maxOfflineCheckinSessions",
  customDomains: "admin.customDomains",
} as const satisfies Record<keyof Required<EventUpdateBody>, string>;

/** Fields of the trail that are not event settings: archiving, duplication and access grants. */
const TRAIL_FIELD_LABELS = {
  isArchived: "events.archived",
  archivedAt: "history.fields.archivedAt",
  duplicatedFrom: "history.fields.duplicatedFrom",
  userId: "history.fields.userId",
  teamId: "history.fields.teamId",
} as const;

const FIELD_LABELS = { ...EVENT_FIELD_LABELS, ...TRAIL_FIELD_LABELS };

export type HistoryField = keyof typeof FIELD_LABELS;
export type HistoryFieldLabel = (typeof FIELD_LABELS)[HistoryField];

/** The event's own id is in every creation snapshot and says nothing to the reader. */
const HIDDEN_FIELDS = new Set(["id"]);

export function isShownField(field: string): boolean {
  return !HIDDEN_FIELDS.has(field);
}

export function isKnownField(field: string): field is HistoryField {
  return Object.hasOwn(FIELD_LABELS, field);
}

/** The translation key naming the field, or null for a field the history does not know (shown raw). */
export function fieldLabelKey(field: string): HistoryFieldLabel | null {
  return isKnownField(field) ? FIELD_LABELS[field] : null;
}

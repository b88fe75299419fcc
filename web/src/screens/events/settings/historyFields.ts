import type { FormOptions } from "@tessera/shared/rules/forms";
import type { GuestField } from "@tessera/shared/rules/guests";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import type { EventUpdateBody } from "@/queries/events.ts";

/** What an entry's values describe: its fields are labelled and formatted as that thing's screen shows them. */
export type HistorySubject = "event" | "guest" | "customField" | "recommendation" | "form";

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
  // Fields of the trail that are not event settings: archiving and access grants.
  isArchived: "events.archived",
  archivedAt: "history.fields.archivedAt",
  userId: "history.fields.userId",
  teamId: "history.fields.teamId",
} as const satisfies Record<keyof Required<EventUpdateBody>, string> & Record<string, string>;

/** A guest's fields as its form and list name them (typed against shared's list of guest fields). */
const GUEST_FIELD_LABELS = {
  firstName: "guests.fields.firstName",
  lastName: "guests.fields.lastName",
  email: "guests.fields.email",
  civility: "guests.fields.civility",
  company: "guests.fields.company",
  jobTitle: "guests.fields.jobTitle",
  status: "guests.fields.status",
  mailStatus: "guests.fields.mailStatus",
  companionsExpected: "guests.fields.companionsExpected",
  createdSource: "guests.fields.createdSource",
  registeredAt: "guests.fields.registeredAt",
  createdAt: "guests.fields.createdAt",
  updatedAt: "guests.fields.updatedAt",
  prescriber: "guests.fields.prescriber",
  language: "guests.fields.language",
  unsubscribedAt: "guests.detail.unsubscribedTitle",
  godfatherId: "guests.detail.godfather",
} as const satisfies Record<GuestField, string> & Record<string, string>;

type DefinitionField = Exclude<keyof CustomFieldJson, "id" | "eventId" | "createdAt" | "updatedAt" | "abilities">;

/** A custom field's definition as the field's edit dialog labels it; its rules one by one. */
const CUSTOM_FIELD_LABELS = {
  name: "guests.customFields.name",
  label: "guests.customFields.label",
  helpText: "guests.customFields.helpText",
  type: "guests.customFields.type",
  isRequired: "guests.customFields.required",
  isReadOnly: "guests.customFields.readOnly",
  options: "guests.customFields.options",
  rules: "guests.customFields.flags",
  position: "guests.customFields.order",
  "rules.min": "guests.customFields.min",
  "rules.max": "guests.customFields.max",
  "rules.minSelections": "guests.customFields.minSelections",
  "rules.maxSelections": "guests.customFields.maxSelections",
  "rules.exact": "guests.customFields.exactSelections",
  "rules.noNegative": "guests.customFields.noNegative",
  "rules.maxRating": "guests.customFields.maxRating",
} as const satisfies Record<DefinitionField, string> & Record<string, string>;

/** A recommended person, named as the guest form names the same fields. */
const RECOMMENDATION_FIELD_LABELS = {
  firstName: "guests.fields.firstName",
  lastName: "guests.fields.lastName",
  email: "guests.fields.email",
  company: "guests.fields.company",
} as const;

/**
 * A form as the builder and its options panel label it (typed against shared's options, so a new option
 * fails to compile until it has a label here); its items' changes as the history groups them.
 */
const FORM_FIELD_LABELS = {
  title: "forms.fields.title",
  state: "forms.columns.state",
  items: "forms.builder.items",
  "items.added": "history.formItems.added",
  "items.removed": "history.formItems.removed",
  "items.moved": "history.formItems.moved",
  "items.edited": "history.formItems.edited",
  "items.rules": "history.formItems.rules",
  requiresApproval: "forms.options.requiresApproval",
  opensAt: "forms.options.opensAt",
  closesAt: "forms.options.closesAt",
  confirmationMessage: "forms.options.confirmationMessage",
  publishAttendees: "forms.options.publishAttendees",
  waitingList: "history.fields.waitingList",
  terms: "forms.options.terms",
} as const satisfies Record<keyof FormOptions, string> & Record<string, string>;

const LABELS = {
  event: EVENT_FIELD_LABELS,
  guest: GUEST_FIELD_LABELS,
  customField: CUSTOM_FIELD_LABELS,
  recommendation: RECOMMENDATION_FIELD_LABELS,
  form: FORM_FIELD_LABELS,
} as const;

type LabelsOf<S> = S extends HistorySubject ? (typeof LABELS)[S][keyof (typeof LABELS)[S]] : never;
export type HistoryFieldLabel = LabelsOf<HistorySubject>;

/**
 * The translation key naming a field of an entry about `subject`, or null for one the history does not
 * show (ids, links the sentence already names, bookkeeping such as a merge's counts).
 */
export function fieldLabelKey(subject: HistorySubject, field: string): HistoryFieldLabel | null {
  const labels: Readonly<Record<string, HistoryFieldLabel>> = LABELS[subject];
  return Object.hasOwn(labels, field) ? labels[field]! : null;
}

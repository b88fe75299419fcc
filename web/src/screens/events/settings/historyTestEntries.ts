import type { EventAuditAction } from "@tessera/shared/rules/auditActions";
import type { AuditLogJson } from "@/queries/auditLogs.ts";
import type { CustomFieldJson } from "@/queries/customFields.ts";

/**
 * Audit entries of the history's tests, shaped as the API records them (the services' snapshots and
 * metadata), one or more per event action.
 */
export const IDS = {
  ticketingParams: "c4d5e6f7-0a1b-4c2d-8e3f-5a6b7c8d9e0f",
  event: "5a1c2e3f-4b5d-4c6e-8f7a-9b0c1d2e3f40",
  sourceEvent: "6b2d3f40-5c6e-4d7f-9a8b-0c1d2e3f4a51",
  marie: "7c3e4a51-6d7f-4e8a-8b9c-1d2e3f4a5b62",
  jean: "8d4f5b62-7e8a-4f9b-9cad-2e3f4a5b6c73",
  paul: "9e5a6c73-8f9b-4a0c-8dbe-3f4a5b6c7d84",
  diet: "af6b7d84-9a0c-4b1d-9ecf-4a5b6c7d8e95",
  arrival: "b07c8e95-0b1d-4c2e-8fd0-5b6c7d8e9fa6",
  vegan: "c18d9fa6-1c2e-4d3f-9ae1-6c7d8e9fa0b7",
  fish: "d29ea0b7-2d3f-4e4a-8bf2-7d8e9fa0b1c8",
  user: "e3afb1c8-3e4a-4f5b-9c03-8e9fa0b1c2d9",
  team: "f4b0c2d9-4f5b-4a6c-8d14-9fa0b1c2d3ea",
  goneField: "05c1d3ea-5a6c-4b7d-9e25-a0b1c2d3e4fb",
  import: "16d2e4fb-6b7d-4c8e-8f36-b1c2d3e4f50c",
  recommendation: "27e3f50c-7c8e-4d9f-9a47-c2d3e4f5061d",
  apiUser: "38f4061d-8d9f-4e0a-8b58-d3e4f506172e",
  form: "4905172e-9e0a-4f1b-9c69-e4f50617283f",
  sourceForm: "5a16283f-0f1b-4a2c-8d7a-f50617283940",
  checkin: "6b27394a-1a2c-4b3d-9e8b-0617283940a1",
  ebadge: "6b273940-1a2c-4b3d-9e8b-061728394a51",
  batch: "7c384a51-2b3d-4c4e-8f9c-1728394a5b62",
  entryCodeKey: "8d495b62-3c4e-4d5f-9a0d-28394a5b6c73",
  ticket: "9e5a6c73-4d5f-4e6a-8b1e-394a5b6c7d84",
  ticketCategory: "af6b7d84-5e6a-4f7b-9c2f-4a5b6c7d8e95",
  coupon: "b07c8e95-6f7b-4a8c-9d3a-5b6c7d8e9fa6",
  campaign: "c4a1d2e3-7b8c-4d9e-8f0a-1b2c3d4e5f60",
  discount: "c18d9fa6-7a8c-4b9d-8e4b-6c7d8e9fa0b7",
  order: "d29e0fb7-8b9d-4cae-9f5c-7d8e9fa0b1c8",
} as const;

const dietSnapshot = {
  id: IDS.diet,
  name: "diet",
  label: "Diet",
  helpText: null,
  type: "unique_choice",
  isRequired: false,
  isReadOnly: false,
  options: [
    { id: IDS.vegan, label: "Vegan", quota: null },
    { id: IDS.fish, label: "Fish", quota: null },
  ],
  rules: {},
  position: 0,
};
const arrivalSnapshot = {
  ...dietSnapshot,
  id: IDS.arrival,
  name: "arrival",
  label: "Arrival",
  type: "date",
  options: [],
  position: 1,
};
const asRead = {
  eventId: IDS.event,
  createdAt: "2026-01-02T09:00:00.000Z",
  updatedAt: "2026-01-02T09:00:00.000Z",
  abilities: {},
};

/** The event's custom fields as the web reads them: Diet (a single choice) and Arrival (a date). */
export const CUSTOM_FIELDS = [
  { ...dietSnapshot, ...asRead },
  { ...arrivalSnapshot, ...asRead },
] as unknown as CustomFieldJson[];

const marie = {
  id: IDS.marie,
  firstName: "Marie",
  lastName: "Dupont",
  email: "marie@example.org",
  civility: "ms",
  company: "Lumière",
  jobTitle: null,
  status: "unanswered",
  mailStatus: "none",
  companionsExpected: 0,
  createdSource: "manual",
  registeredAt: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  prescriber: null,
  language: "fr",
  unsubscribedAt: null,
  godfatherId: null,
  answers: { [IDS.diet]: IDS.vegan, [IDS.arrival]: "2027-06-10" },
};
const jean = { ...marie, id: IDS.jean, firstName: "Jean", lastName: "Martin", email: "jean@example.org", answers: {} };

const goneSnapshot = { ...dietSnapshot, id: IDS.goneField, name: "shuttle", label: "Shuttle", options: [] };
const recommended = {
  id: IDS.recommendation,
  recommenderGuestId: IDS.marie,
  firstName: "Paul",
  lastName: "Durand",
  email: "paul@example.org",
  company: null,
  status: "pending",
  guestId: null,
};

/** Ticketing parameters as the trail keeps them when sales start or stop: live, the ticket office opened. */
const liveSales = {
  ticketOffice: "opened",
  mode: "live",
  terms: null,
  paymentMethods: ["card"],
  organizerId: IDS.ticketingParams,
};

/** A registration form's items as the API summarises them (api/src/services/forms/formAudit.ts). */
const formItems = [
  { id: "welcome", kind: "text", title: "Welcome", digest: "a1b2c3d4e5f6" },
  { id: "q-diet", kind: "question", fieldId: IDS.diet, digest: "b2c3d4e5f6a1" },
  { id: "g-vegan", kind: "group", condition: { fieldId: IDS.diet, answers: [IDS.vegan] } },
  { id: "q-arrival", kind: "question", group: "g-vegan", fieldId: IDS.arrival, digest: "c3d4e5f6a1b2" },
  { id: "attend", kind: "participation", title: "Will you attend?", digest: "d4e5f6a1b2c3" },
];
/** The same form changed: Arrival removed, a recommendations item added, participation moved first, the welcome text and the group's rule changed. */
const changedFormItems = [
  formItems[4],
  { ...formItems[0], title: "Welcome!", digest: "e5f6a1b2c3d4" },
  formItems[1],
  { ...formItems[2], condition: { fieldId: IDS.diet, answers: [IDS.vegan, IDS.fish] } },
  { id: "friends", kind: "recommendations", title: "Recommend a friend", digest: "f6a1b2c3d4e5" },
];
const formNames = { [IDS.diet]: "Diet", [IDS.vegan]: "Vegan", [IDS.fish]: "Fish", [IDS.arrival]: "Arrival" };
const formEntry = { subjectType: "form", subjectId: IDS.form } as const;

let counter = 0;
function entry(
  action: string,
  values: Partial<Pick<AuditLogJson, "subjectId" | "before" | "after" | "metadata" | "subjectType" | "actor">>,
): AuditLogJson {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    accountId: IDS.apiUser,
    eventId: IDS.event,
    action,
    subjectType: "guest",
    subjectId: IDS.marie,
    actor: { type: "user", id: IDS.apiUser, name: "Orla Marchand" },
    before: null,
    after: null,
    metadata: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    ...values,
  };
}

/** Entries as this version of the API writes them, by action (several where an action reads two ways). */
export const ENTRIES: Record<EventAuditAction, readonly [AuditLogJson, ...AuditLogJson[]]> = {
  "event.created": [entry("event.created", { subjectType: "event", after: { id: IDS.event, name: "Gala" } })],
  "event.updated": [
    entry("event.updated", {
      subjectType: "event",
      before: { startsAt: "2027-06-10T07:00:00.000Z" },
      after: { startsAt: "2027-06-10T08:00:00.000Z" },
    }),
  ],
  "event.deleted": [entry("event.deleted", { subjectType: "event", before: { id: IDS.event, name: "Gala" } })],
  "event.duplicated": [
    entry("event.duplicated", {
      subjectType: "event",
      after: { id: IDS.event, name: "Gala 2027", duplicatedFrom: IDS.sourceEvent },
      metadata: { names: { [IDS.sourceEvent]: "Gala 2026" } },
    }),
  ],
  "event.archived": [
    entry("event.archived", {
      subjectType: "event",
      before: { isArchived: false, archivedAt: null },
      after: { isArchived: true, archivedAt: "2026-03-01T10:00:00.000Z" },
    }),
  ],
  "event.unarchived": [
    entry("event.unarchived", {
      subjectType: "event",
      before: { isArchived: true, archivedAt: "2026-03-01T10:00:00.000Z" },
      after: { isArchived: false, archivedAt: null },
    }),
  ],
  "event.access_granted": [
    entry("event.access_granted", {
      subjectType: "event",
      after: { userId: IDS.user },
      metadata: { names: { [IDS.user]: "Ona Reyes" } },
    }),
  ],
  "event.access_revoked": [
    entry("event.access_revoked", {
      subjectType: "event",
      before: { teamId: IDS.team },
      metadata: { names: { [IDS.team]: "Crew" } },
    }),
  ],
  "guest.created": [entry("guest.created", { after: marie, metadata: { subject: "Marie Dupont" } })],
  "guest.updated": [
    entry("guest.updated", {
      before: { company: "Lumière", answers: { [IDS.diet]: IDS.vegan, [IDS.arrival]: "2027-06-10" } },
      after: {
        company: "Lumière & Fils",
        answers: { [IDS.diet]: IDS.fish, [IDS.arrival]: "2027-06-11" },
        registeredAt: "2026-03-02T17:30:00.000Z",
      },
      metadata: { subject: "Marie Dupont" },
    }),
    entry("guest.updated", {
      subjectId: null,
      after: { ids: [IDS.marie, IDS.jean], answers: { [IDS.diet]: IDS.vegan } },
    }),
  ],
  "guest.deleted": [
    entry("guest.deleted", { subjectId: IDS.jean, before: jean, metadata: { subject: "Jean Martin" } }),
    entry("guest.deleted", { subjectId: null, before: { ids: [IDS.marie, IDS.jean, IDS.paul] } }),
  ],
  "guest.merged": [
    entry("guest.merged", {
      before: { kept: { ...marie, company: null }, merged: jean },
      after: { ...marie, mergedGuestId: IDS.jean, movedHistoryEntries: 2 },
      metadata: { subject: "Marie Dupont" },
    }),
  ],
  "guest.duplicate_ignored": [
    entry("guest.duplicate_ignored", {
      after: { guestIds: [IDS.marie, IDS.jean] },
      metadata: { names: { [IDS.marie]: "Marie Dupont", [IDS.jean]: "Jean Martin" } },
    }),
  ],
  "guest.entry_code_revoked": [
    entry("guest.entry_code_revoked", { before: { serial: 48_213_907 }, metadata: { subject: "Marie Dupont" } }),
  ],
  "guest.entry_code_reissued": [
    entry("guest.entry_code_reissued", {
      before: { serial: 48_213_907 },
      after: { serial: 1_730_554_021 },
      metadata: { subject: "Marie Dupont" },
    }),
  ],
  "guest.unsubscribed": [
    entry("guest.unsubscribed", {
      actor: null,
      before: { mailStatus: "opened", unsubscribedAt: null },
      after: { mailStatus: "unsubscribed", unsubscribedAt: "2026-11-28T10:00:00.000Z", source: "one_click" },
      metadata: { subject: "Marie Dupont" },
    }),
  ],
  "guest.email_unlocked": [
    entry("guest.email_unlocked", {
      before: { mailStatus: "unsubscribed", unsubscribedAt: "2026-11-28T10:00:00.000Z" },
      after: { mailStatus: "none", unsubscribedAt: null },
      metadata: { subject: "Marie Dupont" },
    }),
  ],
  "guests.imported": [
    entry("guests.imported", {
      subjectType: "guestImport",
      subjectId: IDS.import,
      after: { created: 1192, updated: 12, failed: 3, warnings: 0 },
      metadata: { subject: "guests.csv" },
    }),
  ],
  "custom_field.created": [
    entry("custom_field.created", { subjectType: "custom_field", subjectId: IDS.diet, after: dietSnapshot }),
  ],
  "custom_field.updated": [
    entry("custom_field.updated", {
      subjectType: "custom_field",
      subjectId: IDS.diet,
      before: { ...dietSnapshot, label: "Menu", isRequired: false },
      after: { ...dietSnapshot, isRequired: true },
    }),
  ],
  "custom_field.deleted": [
    entry("custom_field.deleted", { subjectType: "custom_field", subjectId: IDS.goneField, before: goneSnapshot }),
  ],
  "custom_field.reordered": [
    entry("custom_field.reordered", {
      subjectType: "event",
      subjectId: IDS.event,
      before: { ids: [IDS.arrival, IDS.diet, IDS.goneField] },
      after: { ids: [IDS.diet, IDS.arrival, IDS.goneField] },
      metadata: { names: { [IDS.diet]: "Diet", [IDS.arrival]: "Arrival" } },
    }),
  ],
  "recommendation.created": [
    entry("recommendation.created", {
      subjectType: "recommendation",
      subjectId: IDS.recommendation,
      after: recommended,
      metadata: { names: { [IDS.marie]: "Marie Dupont" } },
    }),
  ],
  "recommendation.accepted": [
    entry("recommendation.accepted", {
      subjectType: "recommendation",
      subjectId: IDS.recommendation,
      before: recommended,
      after: { ...recommended, status: "accepted", guestId: IDS.paul },
    }),
  ],
  "recommendation.refused": [
    entry("recommendation.refused", {
      subjectType: "recommendation",
      subjectId: IDS.recommendation,
      before: recommended,
      after: { ...recommended, status: "refused" },
    }),
  ],
  "checkin.created": [
    entry("checkin.created", {
      subjectType: "checkin",
      subjectId: IDS.checkin,
      after: { id: IDS.checkin, name: "Main door", type: "online", status: "enabled" },
      metadata: { subject: "Main door" },
    }),
  ],
  "checkin.updated": [
    entry("checkin.updated", {
      subjectType: "checkin",
      subjectId: IDS.checkin,
      before: { name: "Door" },
      after: { name: "Main door" },
      metadata: { subject: "Main door" },
    }),
  ],
  "checkin.deleted": [
    entry("checkin.deleted", {
      subjectType: "checkin",
      subjectId: IDS.checkin,
      before: { id: IDS.checkin, name: "Back door", type: "offline", status: "disabled" },
      metadata: { subject: "Back door" },
    }),
  ],
  "checkin.code_created": [
    entry("checkin.code_created", {
      subjectType: "checkin",
      subjectId: IDS.checkin,
      after: { codeId: IDS.import, hint: "7K" },
      metadata: { subject: "Main door" },
    }),
  ],
  "checkin.code_revoked": [
    entry("checkin.code_revoked", {
      subjectType: "checkin",
      subjectId: IDS.checkin,
      before: { codeId: IDS.import, hint: "7K" },
      metadata: { subject: "Main door" },
    }),
  ],
  "entry_code_key.rotated": [
    entry("entry_code_key.rotated", { subjectType: "guestCodeKey", subjectId: IDS.entryCodeKey, after: { number: 2 } }),
  ],
  "entry_code_key.retired": [
    entry("entry_code_key.retired", {
      subjectType: "guestCodeKey",
      subjectId: IDS.entryCodeKey,
      before: { number: 1, retiredAt: null },
      after: { number: 1, retiredAt: "2026-03-01T10:00:00.000Z", resignedCodes: 214, resignedWithKey: 2 },
    }),
    entry("entry_code_key.retired", {
      subjectType: "guestCodeKey",
      subjectId: IDS.entryCodeKey,
      before: { number: 3, retiredAt: null },
      after: { number: 3, retiredAt: "2026-03-01T10:00:00.000Z", resignedCodes: 0, resignedWithKey: null },
    }),
  ],
  "form.created": [
    entry("form.created", {
      ...formEntry,
      after: { id: IDS.form, type: "registration", state: "draft", title: "Register", items: formItems, terms: null },
      metadata: { subject: "Register", names: formNames },
    }),
  ],
  "form.updated": [
    entry("form.updated", {
      ...formEntry,
      before: { type: "registration", title: "Register", items: formItems },
      after: { type: "registration", title: "Sign up", items: changedFormItems },
      metadata: { subject: "Sign up", names: formNames },
    }),
  ],
  "form.put_online": [
    entry("form.put_online", {
      ...formEntry,
      before: { type: "registration", state: "draft" },
      after: { type: "registration", state: "online" },
      metadata: { subject: "Register" },
    }),
  ],
  "form.taken_offline": [
    entry("form.taken_offline", {
      ...formEntry,
      before: { type: "survey", state: "online" },
      after: { type: "survey", state: "draft" },
      metadata: { subject: "Feedback" },
    }),
  ],
  "form.duplicated": [
    entry("form.duplicated", {
      ...formEntry,
      after: {
        id: IDS.form,
        type: "registration",
        state: "draft",
        title: "Register (copy)",
        duplicatedFrom: IDS.sourceForm,
      },
      metadata: { subject: "Register (copy)", names: { [IDS.sourceForm]: "Register" } },
    }),
  ],
  "form.deleted": [
    entry("form.deleted", {
      ...formEntry,
      before: { id: IDS.form, type: "companion", state: "online", title: "Companions", items: [], terms: null },
      metadata: { subject: "Companions" },
    }),
  ],
  "form.options_updated": [
    entry("form.options_updated", {
      ...formEntry,
      before: { type: "registration", requiresApproval: false, closesAt: null, confirmationMessage: {} },
      after: {
        type: "registration",
        requiresApproval: true,
        closesAt: "2027-06-01T16:00:00.000Z",
        confirmationMessage: { en: "Thanks!", fr: "Merci !" },
      },
      metadata: { subject: "Register" },
    }),
  ],
  "form.terms_uploaded": [
    entry("form.terms_uploaded", {
      ...formEntry,
      before: { type: "registration", terms: { name: "Terms.pdf", size: 1200 } },
      after: { type: "registration", terms: { name: "Conditions.pdf", size: 245_000 } },
      metadata: { subject: "Register" },
    }),
  ],
  "ebadge.created": [
    entry("ebadge.created", {
      subjectType: "ebadge",
      subjectId: IDS.ebadge,
      after: { id: IDS.ebadge, name: "Staff", format: "a6", orientation: "portrait", isEnabled: true, blocks: 3 },
      metadata: { subject: "Staff" },
    }),
  ],
  "ebadge.updated": [
    entry("ebadge.updated", {
      subjectType: "ebadge",
      subjectId: IDS.ebadge,
      before: { name: "Staff" },
      after: { name: "Crew" },
      metadata: { subject: "Crew" },
    }),
  ],
  "ebadge.deleted": [
    entry("ebadge.deleted", {
      subjectType: "ebadge",
      subjectId: IDS.ebadge,
      before: { id: IDS.ebadge, name: "Crew", format: "a4", orientation: "portrait", isEnabled: true, blocks: 0 },
      metadata: { subject: "Crew" },
    }),
  ],
  "ebadge.background_set": [
    entry("ebadge.background_set", {
      subjectType: "ebadge",
      subjectId: IDS.ebadge,
      before: { backgroundName: null },
      after: { backgroundName: "gala.png", backgroundSize: 812_000 },
      metadata: { subject: "Staff" },
    }),
  ],
  "ebadge.conditions_updated": [
    entry("ebadge.conditions_updated", {
      subjectType: "event",
      subjectId: IDS.event,
      before: { [IDS.ebadge]: null },
      after: { [IDS.ebadge]: { guest: "status", op: "in", value: ["confirmed"] } },
      metadata: { names: { [IDS.ebadge]: "Staff" } },
    }),
  ],
  "ebadge.printed": [
    entry("ebadge.printed", {
      subjectType: "guest",
      subjectId: IDS.marie,
      after: { ebadgeId: IDS.ebadge, printNumber: 1, isReprint: false, reason: null, source: "organizer" },
      metadata: { subject: "Marie Dupont" },
    }),
    entry("ebadge.printed", {
      subjectType: "guest",
      subjectId: IDS.marie,
      after: { ebadgeId: IDS.ebadge, printNumber: 2, isReprint: true, reason: "Lost it", source: "organizer" },
      metadata: { subject: "Marie Dupont" },
    }),
  ],
  "ebadge.batch_printed": [
    entry("ebadge.batch_printed", {
      subjectType: "ebadgeBatch",
      subjectId: IDS.batch,
      after: { layout: "a6x4", printed: 120, skippedPrinted: 3, withoutBadge: 0, reason: null },
    }),
  ],
  "ticket_category.created": [
    entry("ticket_category.created", {
      subjectType: "ticket_category",
      subjectId: IDS.ticketCategory,
      after: { id: IDS.ticketCategory, name: "Workshops", color: "#3366ff", parentId: null },
      metadata: { subject: "Workshops" },
    }),
  ],
  "ticket_category.updated": [
    entry("ticket_category.updated", {
      subjectType: "ticket_category",
      subjectId: IDS.ticketCategory,
      before: { color: "#3366ff" },
      after: { color: "#ff6633" },
      metadata: { subject: "Workshops" },
    }),
  ],
  "ticket_category.deleted": [
    entry("ticket_category.deleted", {
      subjectType: "ticket_category",
      subjectId: IDS.ticketCategory,
      before: { id: IDS.ticketCategory, name: "Workshops", color: "#3366ff", parentId: null, subcategories: [] },
      metadata: { subject: "Workshops" },
    }),
  ],
  "ticket_category.reordered": [
    entry("ticket_category.reordered", {
      subjectType: "ticket_category",
      subjectId: null,
      before: { order: [IDS.ticketCategory, IDS.ticket] },
      after: { order: [IDS.ticket, IDS.ticketCategory] },
    }),
  ],
  "ticket.created": [
    entry("ticket.created", {
      subjectType: "ticket",
      subjectId: IDS.ticket,
      after: { id: IDS.ticket, caption: "Full pass", taxRateBp: 2000, maxQuantity: null, pricePeriods: [] },
      metadata: { subject: "Full pass" },
    }),
  ],
  "ticket.updated": [
    entry("ticket.updated", {
      subjectType: "ticket",
      subjectId: IDS.ticket,
      before: { isOnSale: false },
      after: { isOnSale: true },
      metadata: { subject: "Full pass" },
    }),
  ],
  "ticket.deleted": [
    entry("ticket.deleted", {
      subjectType: "ticket",
      subjectId: IDS.ticket,
      before: { id: IDS.ticket, caption: "Full pass", taxRateBp: 2000, maxQuantity: null, pricePeriods: [] },
      metadata: { subject: "Full pass" },
    }),
  ],
  "coupon.created": [
    entry("coupon.created", {
      subjectType: "coupon",
      subjectId: IDS.coupon,
      after: { id: IDS.coupon, code: "EARLY10", amountOffCents: null, percentOffBp: 1000, ticketIds: [] },
      metadata: { subject: "EARLY10" },
    }),
  ],
  "coupon.updated": [
    entry("coupon.updated", {
      subjectType: "coupon",
      subjectId: IDS.coupon,
      before: { maxRedemptions: null },
      after: { maxRedemptions: 50 },
      metadata: { subject: "EARLY10" },
    }),
  ],
  "coupon.deleted": [
    entry("coupon.deleted", {
      subjectType: "coupon",
      subjectId: IDS.coupon,
      before: { id: IDS.coupon, code: "EARLY10", amountOffCents: null, percentOffBp: 1000, ticketIds: [] },
      metadata: { subject: "EARLY10" },
    }),
  ],
  "campaign.created": [
    entry("campaign.created", {
      subjectType: "campaign",
      subjectId: IDS.campaign,
      after: { name: "Save the date", type: "save_the_date", subject: "Keep the date free" },
      metadata: { subject: "Save the date" },
    }),
  ],
  "campaign.updated": [
    entry("campaign.updated", {
      subjectType: "campaign",
      subjectId: IDS.campaign,
      before: { subject: "Keep the date free" },
      after: { subject: "Keep 12 June free" },
      metadata: { subject: "Save the date" },
    }),
  ],
  "campaign.deleted": [
    entry("campaign.deleted", {
      subjectType: "campaign",
      subjectId: IDS.campaign,
      before: { name: "Save the date", type: "save_the_date", subject: "Keep the date free" },
      metadata: { subject: "Save the date" },
    }),
  ],
  "campaign.send_started": [
    entry("campaign.send_started", {
      subjectType: "campaign",
      subjectId: IDS.campaign,
      after: { state: "sending", recipientsCount: 120 },
      metadata: { subject: "Save the date" },
    }),
  ],
  "campaign.scheduled": [
    entry("campaign.scheduled", {
      subjectType: "campaign",
      subjectId: IDS.campaign,
      after: { state: "scheduled", sendAt: "2030-03-01T09:00:00.000Z" },
      metadata: { subject: "Save the date" },
    }),
  ],
  "campaign.cancelled": [
    entry("campaign.cancelled", {
      subjectType: "campaign",
      subjectId: IDS.campaign,
      after: { state: "pending" },
      metadata: { subject: "Save the date" },
    }),
  ],
  "auto_mail.updated": [
    entry("auto_mail.updated", {
      subjectType: "auto_mail",
      subjectId: IDS.event,
      before: { kind: "registration_confirmation", language: "fr", subject: "Your registration" },
      after: { kind: "registration_confirmation", language: "fr", subject: "See you soon" },
      metadata: { subject: "registration_confirmation (fr)" },
    }),
  ],
  "auto_mail.reset": [
    entry("auto_mail.reset", {
      subjectType: "auto_mail",
      subjectId: IDS.event,
      before: { kind: "order_refund", language: "en", subject: "See you soon" },
      metadata: { subject: "order_refund (en)" },
    }),
  ],
  "discount.created": [
    entry("discount.created", {
      subjectType: "discount",
      subjectId: IDS.discount,
      after: { id: IDS.discount, name: "Group of 5", amountOffCents: null, percentOffBp: 1000, ticketIds: [] },
      metadata: { subject: "Group of 5" },
    }),
  ],
  "discount.updated": [
    entry("discount.updated", {
      subjectType: "discount",
      subjectId: IDS.discount,
      before: { minQuantity: 5 },
      after: { minQuantity: 6 },
      metadata: { subject: "Group of 5" },
    }),
  ],
  "discount.deleted": [
    entry("discount.deleted", {
      subjectType: "discount",
      subjectId: IDS.discount,
      before: { id: IDS.discount, name: "Group of 5", amountOffCents: null, percentOffBp: 1000, ticketIds: [] },
      metadata: { subject: "Group of 5" },
    }),
  ],
  "order.created": [
    entry("order.created", {
      subjectType: "order",
      subjectId: IDS.order,
      after: { status: "completed", paymentMethod: "transfer", totalInclTaxCents: 4200 },
      metadata: { subject: "K7M2Q9XD" },
    }),
  ],
  "order.updated": [
    entry("order.updated", {
      subjectType: "order",
      subjectId: IDS.order,
      after: { billingName: "Acme" },
      metadata: { subject: "K7M2Q9XD" },
    }),
  ],
  "order.confirmed": [
    entry("order.confirmed", {
      subjectType: "order",
      subjectId: IDS.order,
      after: { paymentMethod: "transfer" },
      metadata: { subject: "K7M2Q9XD" },
    }),
  ],
  "order.awaiting": [
    entry("order.awaiting", {
      subjectType: "order",
      subjectId: IDS.order,
      after: { paymentMethod: "desk" },
      metadata: { subject: "K7M2Q9XD" },
    }),
  ],
  "order.cancelled": [
    entry("order.cancelled", {
      subjectType: "order",
      subjectId: IDS.order,
      after: { status: "cancelled" },
      metadata: { subject: "K7M2Q9XD" },
    }),
  ],
  "order.refunded": [
    entry("order.refunded", {
      subjectType: "order",
      subjectId: IDS.order,
      after: { amountCents: 2100, status: "succeeded" },
      metadata: { subject: "K7M2Q9XD" },
    }),
  ],
  "ticketing.params_updated": [
    entry("ticketing.params_updated", {
      subjectType: "ticketingParams",
      subjectId: IDS.ticketingParams,
      before: { mode: "test" },
      after: { mode: "live" },
    }),
  ],
  "ticketing.sales_started": [
    entry("ticketing.sales_started", {
      subjectType: "ticketingParams",
      subjectId: IDS.ticketingParams,
      before: { ...liveSales, ticketOffice: "closed" },
      after: liveSales,
    }),
  ],
  "ticketing.sales_stopped": [
    entry("ticketing.sales_stopped", {
      subjectType: "ticketingParams",
      subjectId: IDS.ticketingParams,
      before: liveSales,
      after: { ...liveSales, ticketOffice: "closed" },
    }),
  ],
};

/** Entries written before the API named their subjects (no metadata), whose sentences must still read. */
export const OLD_ENTRIES = {
  guestUpdated: entry("guest.updated", { before: { company: null }, after: { company: "Lumière" } }),
  duplicateIgnored: entry("guest.duplicate_ignored", { after: { guestIds: [IDS.marie, IDS.jean] } }),
  imported: entry("guests.imported", {
    subjectType: "guestImport",
    after: { created: 1, updated: 0, failed: 0, warnings: 0 },
  }),
  accessGranted: entry("event.access_granted", { subjectType: "event", after: { userId: IDS.paul } }),
  duplicated: entry("event.duplicated", { subjectType: "event", after: { name: "Copy", duplicatedFrom: IDS.paul } }),
  answerOfDeletedField: entry("guest.updated", {
    before: { answers: { [IDS.goneField]: null } },
    after: { answers: { [IDS.goneField]: IDS.vegan } },
  }),
  /** A form's entry without its title (a form the history knows only by its kind). */
  untitledForm: entry("form.put_online", {
    subjectType: "form",
    subjectId: IDS.form,
    before: { type: "survey", state: "draft" },
    after: { type: "survey", state: "online" },
  }),
  unknownAction: entry("ticket.scanned", { subjectType: "ticket", after: { ticketId: IDS.paul } }),
};

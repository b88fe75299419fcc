import { isEventAuditAction, type EventAuditAction } from "@tessera/shared/rules/auditActions";
import type { AuditLogJson } from "@/queries/auditLogs.ts";
import { changedFields, expandNested, type FieldChange } from "./auditChanges.ts";
import { customFieldLabel } from "./historyCustomFields.ts";
import { fieldLabelKey, type HistorySubject } from "./historyFields.ts";
import { createdFormChanges, formItemChanges } from "./historyForms.ts";
import { isRecord } from "@tessera/shared/records";
import type { HistoryValue, HistoryValueContext } from "./historyFormat.ts";
import { ANSWER_PREFIX, formatHistoryValue } from "./historyValues.ts";

/** One changed field as the history shows it: its label, and its values before and after (when the entry has them). */
export interface ShownChange {
  field: string;
  label: string;
  before?: HistoryValue;
  after?: HistoryValue;
}

type Changes = (entry: AuditLogJson) => FieldChange[];

const asRecord = (value: unknown) => (isRecord(value) ? value : null);
const without = (values: Record<string, unknown> | null, fields: readonly string[]) =>
  values && Object.fromEntries(Object.entries(values).filter(([field]) => !fields.includes(field)));

/** Nothing either side: no value, an empty list or object (a date field's answers at its creation). */
const isBlank = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (isRecord(value) && Object.keys(value).length === 0);

const nothing: Changes = () => [];
const snapshots: Changes = (entry) => changedFields(entry.before, entry.after);

/** A guest's fields, its answers one custom field at a time (a creation's bookkeeping left out). */
const guestChanges: Changes = (entry) =>
  expandNested(snapshots(entry), "answers").filter((change) => change.field !== "createdAt");

/** What the kept guest of a merge took from the other: the kept guest before, against the merged one. */
const mergeChanges: Changes = (entry) =>
  expandNested(
    changedFields(asRecord(entry.before?.kept), without(entry.after, ["mergedGuestId", "movedHistoryEntries"])),
    "answers",
  ).filter((change) => change.field !== "updatedAt");

/** A custom field's definition, its rules one by one (a multiple choice's bounds count selections). */
function definitionChanges(hidden: readonly string[]): Changes {
  return (entry) => {
    const isMultiple = (entry.after ?? entry.before)?.type === "multiple_choice";
    const renamed: Record<string, string> = isMultiple
      ? { "rules.min": "rules.minSelections", "rules.max": "rules.maxSelections" }
      : {};
    return expandNested(snapshots(entry), "rules")
      .filter((change) => !hidden.includes(change.field))
      .map((change) => ({ ...change, field: renamed[change.field] ?? change.field }));
  };
}

/** A form's title and items: its items' change told as items added, removed, moved, edited and rules changed. */
const formChanges: Changes = (entry) =>
  snapshots(entry).flatMap((change) =>
    change.field === "items" ? formItemChanges(change.before, change.after) : [change],
  );

/** A reordering: the fields' labels in their order before and after. */
const orderChanges: Changes = (entry) => [{ field: "position", before: entry.before?.ids, after: entry.after?.ids }];

/**
 * For each event action, what its entries are about and which of their values the history lists under
 * the sentence (none where the sentence says it all). Typed by shared's list: a new action fails to
 * compile until it is placed here.
 */
const ACTION_CHANGES: Record<EventAuditAction, { subject: HistorySubject; changes: Changes }> = {
  "event.created": { subject: "event", changes: snapshots },
  "event.updated": { subject: "event", changes: snapshots },
  "event.deleted": { subject: "event", changes: snapshots },
  "event.duplicated": { subject: "event", changes: snapshots },
  "event.archived": { subject: "event", changes: snapshots },
  "event.unarchived": { subject: "event", changes: snapshots },
  "event.access_granted": { subject: "event", changes: nothing },
  "event.access_revoked": { subject: "event", changes: nothing },
  "guest.created": { subject: "guest", changes: guestChanges },
  "guest.updated": { subject: "guest", changes: guestChanges },
  "guest.deleted": { subject: "guest", changes: guestChanges },
  "guest.merged": { subject: "guest", changes: mergeChanges },
  "guest.duplicate_ignored": { subject: "guest", changes: nothing },
  // An entry code's sentence says it all: the guest, or the key by its number (serials are for the trail).
  "guest.entry_code_revoked": { subject: "guest", changes: nothing },
  "guest.entry_code_reissued": { subject: "guest", changes: nothing },
  // The sentence says it: the guest asked (one-click in their mail client, or the unsubscribe page).
  "guest.unsubscribed": { subject: "guest", changes: nothing },
  // The sentence says it: an organizer let the guest's address get the event's campaigns again.
  "guest.email_unlocked": { subject: "guest", changes: nothing },
  "guests.imported": { subject: "guest", changes: nothing },
  "custom_field.created": { subject: "customField", changes: definitionChanges(["label", "type", "position"]) },
  "custom_field.updated": { subject: "customField", changes: definitionChanges([]) },
  "custom_field.deleted": { subject: "customField", changes: nothing },
  "custom_field.reordered": { subject: "customField", changes: orderChanges },
  "recommendation.created": { subject: "recommendation", changes: snapshots },
  "recommendation.accepted": { subject: "recommendation", changes: nothing },
  "recommendation.refused": { subject: "recommendation", changes: nothing },
  "checkin.created": { subject: "event", changes: nothing },
  "checkin.updated": { subject: "event", changes: nothing },
  "checkin.deleted": { subject: "event", changes: nothing },
  "checkin.code_created": { subject: "event", changes: nothing },
  "checkin.code_revoked": { subject: "event", changes: nothing },
  "entry_code_key.rotated": { subject: "event", changes: nothing },
  "entry_code_key.retired": { subject: "event", changes: nothing },
  "form.created": { subject: "form", changes: createdFormChanges },
  "form.updated": { subject: "form", changes: formChanges },
  "form.put_online": { subject: "form", changes: nothing },
  "form.taken_offline": { subject: "form", changes: nothing },
  "form.duplicated": { subject: "form", changes: nothing },
  "form.deleted": { subject: "form", changes: nothing },
  "form.options_updated": { subject: "form", changes: snapshots },
  "form.terms_uploaded": { subject: "form", changes: snapshots },
  // An e-badge's sentence says it all: its name, the guest printed and the reason of a reprint.
  "ebadge.created": { subject: "event", changes: nothing },
  "ebadge.updated": { subject: "event", changes: nothing },
  "ebadge.deleted": { subject: "event", changes: nothing },
  "ebadge.background_set": { subject: "event", changes: nothing },
  "ebadge.conditions_updated": { subject: "event", changes: nothing },
  "ebadge.printed": { subject: "event", changes: nothing },
  "ebadge.batch_printed": { subject: "event", changes: nothing },
  // The catalogue's sentences name the ticket or category; its fields and prices are for the trail.
  "ticket_category.created": { subject: "event", changes: nothing },
  "ticket_category.updated": { subject: "event", changes: nothing },
  "ticket_category.deleted": { subject: "event", changes: nothing },
  "ticket_category.reordered": { subject: "event", changes: nothing },
  "ticket.created": { subject: "event", changes: nothing },
  "ticket.updated": { subject: "event", changes: nothing },
  "ticket.deleted": { subject: "event", changes: nothing },
  "coupon.created": { subject: "event", changes: nothing },
  "coupon.updated": { subject: "event", changes: nothing },
  "coupon.deleted": { subject: "event", changes: nothing },
  "campaign.created": { subject: "event", changes: nothing },
  "campaign.updated": { subject: "event", changes: nothing },
  "campaign.deleted": { subject: "event", changes: nothing },
  "campaign.send_started": { subject: "event", changes: nothing },
  "campaign.scheduled": { subject: "event", changes: nothing },
  "campaign.cancelled": { subject: "event", changes: nothing },
  "auto_mail.updated": { subject: "event", changes: snapshots },
  "auto_mail.reset": { subject: "event", changes: nothing },
  "discount.created": { subject: "event", changes: nothing },
  "discount.updated": { subject: "event", changes: nothing },
  "discount.deleted": { subject: "event", changes: nothing },
  // Orders: the sentence names the order by its reference; its page tells the rest.
  "order.created": { subject: "event", changes: nothing },
  "order.updated": { subject: "event", changes: nothing },
  "order.confirmed": { subject: "event", changes: nothing },
  "order.awaiting": { subject: "event", changes: nothing },
  "order.cancelled": { subject: "event", changes: nothing },
  "order.refunded": { subject: "event", changes: nothing },
  // Ticketing parameters: the sentence says sales started or stopped, or that the parameters changed.
  "ticketing.params_updated": { subject: "event", changes: nothing },
  "ticketing.sales_started": { subject: "event", changes: nothing },
  "ticketing.sales_stopped": { subject: "event", changes: nothing },
};

function labelOf(subject: HistorySubject, field: string, ctx: HistoryValueContext): string | null {
  if (field.startsWith(ANSWER_PREFIX)) return customFieldLabel(field.slice(ANSWER_PREFIX.length), ctx);
  const key = fieldLabelKey(subject, field);
  return key ? ctx.t(key) : null;
}

/**
 * The changes an entry lists, labelled and formatted as the screens show them. Fields the history does
 * not name (ids, bookkeeping) are left out, and so is everything of an action it does not know.
 */
export function shownChanges(entry: AuditLogJson, context: HistoryValueContext): ShownChange[] {
  if (!isEventAuditAction(entry.action)) return [];
  const { subject, changes } = ACTION_CHANGES[entry.action];
  const ctx = { ...context, entryNames: entry.metadata?.names };
  return changes(entry).flatMap((change) => {
    const label = labelOf(subject, change.field, ctx);
    if (label === null || (isBlank(change.before) && isBlank(change.after))) return [];
    const format = (value: unknown) => formatHistoryValue(subject, change.field, value, ctx);
    return [
      {
        field: change.field,
        label,
        // A change with no value on one side (items added to a form: nothing before) shows the other only.
        ...(entry.before && change.before !== undefined ? { before: format(change.before) } : {}),
        ...(entry.after && change.after !== undefined ? { after: format(change.after) } : {}),
      },
    ];
  });
}

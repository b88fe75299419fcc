/**
 * Every action the audit trail records, by the name it is stored under. The API's `recordAudit` takes
 * only these names, and an entry about an event (one carrying its id) only an event action, which the
 * event's history words as a sentence: a new action fails to compile until it is listed here, and a new
 * event action until the history has a sentence for it.
 */
export const EVENT_AUDIT_ACTIONS = [
  "event.created",
  "event.updated",
  "event.deleted",
  "event.duplicated",
  "event.archived",
  "event.unarchived",
  "event.access_granted",
  "event.access_revoked",
  "guest.created",
  "guest.updated",
  "guest.deleted",
  "guest.merged",
  "guest.duplicate_ignored",
  "guest.entry_code_revoked",
  "guest.entry_code_reissued",
  "guest.unsubscribed",
  "guests.imported",
  "custom_field.created",
  "custom_field.updated",
  "custom_field.deleted",
  "custom_field.reordered",
  "recommendation.created",
  "recommendation.accepted",
  "recommendation.refused",
  "checkin.created",
  "checkin.updated",
  "checkin.deleted",
  "checkin.code_created",
  "checkin.code_revoked",
  "entry_code_key.rotated",
  "entry_code_key.retired",
  "form.created",
  "form.updated",
  "form.put_online",
  "form.taken_offline",
  "form.duplicated",
  "form.deleted",
  "form.options_updated",
  "form.terms_uploaded",
  "ebadge.created",
  "ebadge.updated",
  "ebadge.deleted",
  "ebadge.background_set",
  "ebadge.conditions_updated",
  "ebadge.printed",
  "ebadge.batch_printed",
  "ticket_category.created",
  "ticket_category.updated",
  "ticket_category.deleted",
  "ticket_category.reordered",
  "ticket.created",
  "ticket.updated",
  "ticket.deleted",
  "coupon.created",
  "coupon.updated",
  "coupon.deleted",
  "discount.created",
  "discount.updated",
  "discount.deleted",
  "order.created",
  "order.updated",
  "order.confirmed",
  "order.awaiting",
  "order.cancelled",
  "order.refunded",
  "ticketing.params_updated",
  "ticketing.sales_started",
  "ticketing.sales_stopped",
  "campaign.created",
  "campaign.updated",
  "campaign.deleted",
] as const;
export type EventAuditAction = (typeof EVENT_AUDIT_ACTIONS)[number];

/** Actions about an account, its users, teams, images and sign-ins: no event's history shows them. */
export const ACCOUNT_AUDIT_ACTIONS = [
  "account.created",
  "account.updated",
  "account.default_event_params_updated",
  "account.stripe_keys_updated",
  "credits.added",
  "credits.debited",
  "user.created",
  "user.updated",
  "user.deleted",
  "user.invited",
  "user.registered",
  "user.profile_updated",
  "user.password_changed",
  "user.password_reset",
  "user.signed_in",
  "user.sign_in_failed",
  "user.sign_in_delayed",
  "team.created",
  "team.updated",
  "team.deleted",
  "team.member_added",
  "team.member_removed",
  "image.created",
  "organizer.created",
  "organizer.updated",
] as const;
export type AccountAuditAction = (typeof ACCOUNT_AUDIT_ACTIONS)[number];

export type AuditAction = EventAuditAction | AccountAuditAction;

const EVENT_ACTIONS: ReadonlySet<string> = new Set(EVENT_AUDIT_ACTIONS);

/** Whether a stored action is one an event's history words (entries written by other versions may not be). */
export function isEventAuditAction(action: string): action is EventAuditAction {
  return EVENT_ACTIONS.has(action);
}

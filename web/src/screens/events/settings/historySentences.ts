import { isEventAuditAction, type EventAuditAction } from "@tessera/shared/rules/auditActions";
import { CUSTOM_FIELD_TYPES } from "@tessera/shared/rules/customFields";
import { isRecord } from "@tessera/shared/records";
import type { AuditLogJson } from "@/queries/auditLogs.ts";
import { nameOfId, type HistoryValueContext } from "./historyFormat.ts";
import { formPhrase, sourceFormPhrase } from "./historyForms.ts";
import { entryNameOf, numberOf, personIn, subjectOf, textOf } from "./historySubjects.ts";

export interface SentenceContext extends HistoryValueContext {
  /** The event the history is of: what its own entries name when their snapshot does not. */
  eventName: string;
}

type Sentence = (entry: AuditLogJson, ctx: SentenceContext) => string;

const guestOr = (name: string | null, { t }: SentenceContext) => name ?? t("history.unknown.guest");

/** A grant or revocation: the user or team, by the name the account (or the entry) gives it. */
function accessSentence(key: "event_access_granted" | "event_access_revoked"): Sentence {
  return (entry, ctx) => {
    const values = (key === "event_access_granted" ? entry.after : entry.before) ?? {};
    const userId = textOf(values.userId);
    const id = userId ?? textOf(values.teamId);
    const name = (id && nameOfId(id, ctx)) ?? ctx.t(userId ? "history.unknown.user" : "history.unknown.team");
    return ctx.t(`history.actions.${key}`, { name });
  };
}

/** "Imported 1,204 guests from guests.csv (12 updated, 3 refused)": the parts that are not zero. */
const importSentence: Sentence = (entry, { t }) => {
  const created = numberOf(entry.after?.created);
  const updated = numberOf(entry.after?.updated);
  const refused = numberOf(entry.after?.failed);
  const leftOut = numberOf(entry.after?.warnings);
  const file = subjectOf(entry) ?? t("history.unknown.file");
  const sentence = t("history.actions.guests_imported", { count: created + updated, file });
  const details = [
    updated ? t("history.import.updated", { count: updated }) : null,
    refused ? t("history.import.refused", { count: refused }) : null,
    leftOut ? t("history.import.leftOut", { count: leftOut }) : null,
  ].filter(Boolean);
  return details.length ? t("history.import.withDetails", { sentence, details: details.join(", ") }) : sentence;
};

const fieldTypeOf = (entry: AuditLogJson, { t }: SentenceContext) => {
  const type = CUSTOM_FIELD_TYPES.find((candidate) => candidate === entry.after?.type);
  return type ? t(`guests.customFieldTypes.${type}`) : "";
};

const fieldLabelIn = (values: Record<string, unknown> | null, { t }: SentenceContext) =>
  textOf(values?.label) ?? t("history.unknown.field");

/** A check-in session's action: the session by the name the entry gives it. */
const checkinName = (entry: AuditLogJson, { t }: SentenceContext) => subjectOf(entry) ?? t("history.unknown.checkin");

function checkinSentence(key: "checkin_created" | "checkin_updated" | "checkin_deleted"): Sentence {
  return (entry, ctx) => ctx.t(`history.actions.${key}`, { name: checkinName(entry, ctx) });
}

/** An access code made or revoked: the session, and the code's last characters (its text is never kept). */
function checkinCodeSentence(key: "checkin_code_created" | "checkin_code_revoked"): Sentence {
  return (entry, ctx) =>
    ctx.t(`history.actions.${key}`, {
      name: checkinName(entry, ctx),
      hint: textOf((entry.after ?? entry.before)?.hint) ?? "…",
    });
}

/** A new key signing the guests' entry codes: the key by its number (no key material is ever recorded). */
const entryCodeKeyRotatedSentence: Sentence = (entry, { t }) =>
  t("history.actions.entry_code_key_rotated", { number: numberOf(entry.after?.number) });

/** A key retired, and how many codes in force were signed again with which key (when there were any). */
const entryCodeKeyRetiredSentence: Sentence = (entry, { t }) => {
  const number = numberOf(entry.after?.number ?? entry.before?.number);
  const count = numberOf(entry.after?.resignedCodes);
  const active = numberOf(entry.after?.resignedWithKey);
  return count && active
    ? t("history.actions.entry_code_key_retired_resigned", { number, count, active })
    : t("history.actions.entry_code_key_retired", { number });
};

/** A guest's entry code revoked or re-issued: the guest by the name the entry gives it (codes never). */
function guestEntryCodeSentence(key: "guest_entry_code_revoked" | "guest_entry_code_reissued"): Sentence {
  return (entry, ctx) => ctx.t(`history.actions.${key}`, { name: guestOr(subjectOf(entry), ctx) });
}

/** A form's action: the form named by its kind and title ("Put the registration form “Register” online"). */
function formSentence(
  key: "form_created" | "form_updated" | "form_put_online" | "form_taken_offline" | "form_deleted",
): Sentence {
  return (entry, ctx) => ctx.t(`history.actions.${key}`, { form: formPhrase(entry, ctx) });
}

/** A ticket, a ticket category or a coupon of the catalogue, by the name (or code) the entry gives it. */
function ticketingSentence(
  key:
    | "ticket_created"
    | "ticket_updated"
    | "ticket_deleted"
    | "ticket_category_created"
    | "ticket_category_updated"
    | "ticket_category_deleted"
    | "coupon_created"
    | "coupon_updated"
    | "coupon_deleted"
    | "discount_created"
    | "discount_updated"
    | "discount_deleted"
    | "order_created"
    | "order_updated"
    | "order_confirmed"
    | "order_awaiting"
    | "order_cancelled"
    | "order_refunded"
    | "campaign_created"
    | "campaign_updated"
    | "campaign_deleted"
    | "campaign_send_started"
    | "campaign_scheduled"
    | "campaign_cancelled",
  unknown: "ticket" | "ticketCategory" | "coupon" | "discount" | "order" | "campaign",
): Sentence {
  return (entry, { t }) => t(`history.actions.${key}`, { name: subjectOf(entry) ?? t(`history.unknown.${unknown}`) });
}

/** An automatic mail's action: its kind, and the language when the entry is about one. */
function autoMailSentence(key: "auto_mail_updated" | "auto_mail_reset"): Sentence {
  return (entry, { t }) => {
    const about = entry.after ?? entry.before;
    const kind = textOf(about?.kind);
    const language = textOf(about?.language);
    const kindName = kind ? t(`autoMails.kinds.${kind}` as "autoMails.kinds.magic_link") : (subjectOf(entry) ?? "");
    const name = language ? `${kindName} (${t(`languages.${language}` as "languages.en")})` : kindName;
    return t(`history.actions.${key}`, { name });
  };
}

/** An e-badge template's action: the template named as the entry names it. */
function ebadgeSentence(key: "ebadge_created" | "ebadge_updated" | "ebadge_deleted"): Sentence {
  return (entry, ctx) => ctx.t(`history.actions.${key}`, { name: ebadgeName(entry, ctx) });
}

const ebadgeName = (entry: AuditLogJson, { t }: SentenceContext) =>
  subjectOf(entry) ?? textOf(entry.after?.name) ?? textOf(entry.before?.name) ?? t("history.unknown.ebadge");

/** One guest's badge printed, or reprinted with its reason. */
const ebadgePrintSentence: Sentence = (entry, ctx) => {
  const guest = guestOr(subjectOf(entry), ctx);
  const reason = textOf(entry.after?.reason);
  return entry.after?.isReprint === true && reason
    ? ctx.t("history.actions.ebadge_reprinted", { guest, reason })
    : ctx.t("history.actions.ebadge_printed", { guest });
};

/** A bulk print: how many badges, and the reason when guests printed before were reprinted. */
const ebadgeBatchSentence: Sentence = (entry, { t }) => {
  const count = numberOf(entry.after?.printed);
  const reason = textOf(entry.after?.reason);
  return reason
    ? t("history.actions.ebadge_batch_reprinted", { count, reason })
    : t("history.actions.ebadge_batch_printed", { count });
};

/**
 * The sentence of each action an event's history shows, naming its subject as people see it. Typed by
 * shared's list of event actions: a new action fails to compile until it has its sentence here.
 */
const SENTENCES: Record<EventAuditAction, Sentence> = {
  "event.created": (entry, ctx) =>
    ctx.t("history.actions.event_created", { name: textOf(entry.after?.name) ?? ctx.eventName }),
  "event.updated": (_entry, { t }) => t("history.actions.event_updated"),
  "event.deleted": (entry, ctx) =>
    ctx.t("history.actions.event_deleted", { name: textOf(entry.before?.name) ?? ctx.eventName }),
  "event.duplicated": (entry, { t }) =>
    t("history.actions.event_duplicated", {
      source: entryNameOf(entry, entry.after?.duplicatedFrom) ?? t("history.unknown.event"),
    }),
  "event.archived": (_entry, { t }) => t("history.actions.event_archived"),
  "event.unarchived": (_entry, { t }) => t("history.actions.event_unarchived"),
  "event.access_granted": accessSentence("event_access_granted"),
  "event.access_revoked": accessSentence("event_access_revoked"),
  "guest.created": (entry, ctx) =>
    ctx.t("history.actions.guest_created", { name: guestOr(subjectOf(entry) ?? personIn(entry.after), ctx) }),
  "guest.updated": (entry, { t }) => {
    const ids = entry.after?.ids;
    if (entry.subjectId === null && Array.isArray(ids))
      return t("history.actions.guest_updated_bulk", { count: ids.length });
    const name = subjectOf(entry);
    return name ? t("history.actions.guest_updated", { name }) : t("history.actions.guest_updated_unnamed");
  },
  "guest.deleted": (entry, ctx) => {
    const ids = entry.before?.ids;
    if (entry.subjectId === null && Array.isArray(ids))
      return ctx.t("history.actions.guest_deleted_bulk", { count: ids.length });
    return ctx.t("history.actions.guest_deleted", { name: guestOr(subjectOf(entry) ?? personIn(entry.before), ctx) });
  },
  "guest.merged": (entry, ctx) =>
    ctx.t("history.actions.guest_merged", {
      merged: guestOr(personIn(entry.before?.merged), ctx),
      kept: guestOr(personIn(entry.before?.kept) ?? subjectOf(entry), ctx),
    }),
  "guest.duplicate_ignored": (entry, { t }) => {
    const [first, second] = Array.isArray(entry.after?.guestIds) ? entry.after.guestIds : [];
    const names = [entryNameOf(entry, first), entryNameOf(entry, second)];
    if (!names[0] || !names[1]) return t("history.actions.guest_duplicate_ignored_unnamed");
    return t("history.actions.guest_duplicate_ignored", { first: names[0], second: names[1] });
  },
  "guest.entry_code_revoked": guestEntryCodeSentence("guest_entry_code_revoked"),
  "guest.entry_code_reissued": guestEntryCodeSentence("guest_entry_code_reissued"),
  "guest.unsubscribed": (entry, ctx) =>
    ctx.t("history.actions.guest_unsubscribed", { name: guestOr(subjectOf(entry), ctx) }),
  "guest.email_unlocked": (entry, ctx) =>
    ctx.t("history.actions.guest_email_unlocked", { name: guestOr(subjectOf(entry), ctx) }),
  "guests.imported": importSentence,
  "custom_field.created": (entry, ctx) =>
    ctx.t("history.actions.custom_field_created", {
      label: fieldLabelIn(entry.after, ctx),
      type: fieldTypeOf(entry, ctx),
    }),
  "custom_field.updated": (entry, ctx) =>
    ctx.t("history.actions.custom_field_updated", { label: fieldLabelIn(entry.after ?? entry.before, ctx) }),
  "custom_field.deleted": (entry, ctx) =>
    ctx.t("history.actions.custom_field_deleted", { label: fieldLabelIn(entry.before, ctx) }),
  "custom_field.reordered": (_entry, { t }) => t("history.actions.custom_field_reordered"),
  "recommendation.created": (entry, ctx) => {
    const name = guestOr(personIn(entry.after), ctx);
    const recommender = entryNameOf(entry, entry.after?.recommenderGuestId);
    return recommender
      ? ctx.t("history.actions.recommendation_created", { name, recommender })
      : ctx.t("history.actions.recommendation_created_unnamed", { name });
  },
  "recommendation.accepted": (entry, ctx) =>
    ctx.t("history.actions.recommendation_accepted", { name: guestOr(personIn(entry.after ?? entry.before), ctx) }),
  "recommendation.refused": (entry, ctx) =>
    ctx.t("history.actions.recommendation_refused", { name: guestOr(personIn(entry.after ?? entry.before), ctx) }),
  "checkin.created": checkinSentence("checkin_created"),
  "checkin.updated": checkinSentence("checkin_updated"),
  "checkin.deleted": checkinSentence("checkin_deleted"),
  "checkin.code_created": checkinCodeSentence("checkin_code_created"),
  "checkin.code_revoked": checkinCodeSentence("checkin_code_revoked"),
  "entry_code_key.rotated": entryCodeKeyRotatedSentence,
  "entry_code_key.retired": entryCodeKeyRetiredSentence,
  "form.created": formSentence("form_created"),
  "form.updated": formSentence("form_updated"),
  "form.put_online": formSentence("form_put_online"),
  "form.taken_offline": formSentence("form_taken_offline"),
  "form.duplicated": (entry, ctx) =>
    ctx.t("history.actions.form_duplicated", { form: formPhrase(entry, ctx), source: sourceFormPhrase(entry, ctx) }),
  "form.deleted": formSentence("form_deleted"),
  "form.options_updated": (entry, ctx) =>
    ctx.t("history.actions.form_options_updated", { formOf: formPhrase(entry, ctx, true) }),
  "form.terms_uploaded": (entry, ctx) => {
    const terms = entry.after?.terms;
    const file = (isRecord(terms) && textOf(terms.name)) || ctx.t("history.unknown.file");
    return ctx.t("history.actions.form_terms_uploaded", { file, formOf: formPhrase(entry, ctx, true) });
  },
  "ticket_category.created": ticketingSentence("ticket_category_created", "ticketCategory"),
  "ticket_category.updated": ticketingSentence("ticket_category_updated", "ticketCategory"),
  "ticket_category.deleted": ticketingSentence("ticket_category_deleted", "ticketCategory"),
  "ticket_category.reordered": (_entry, { t }) => t("history.actions.ticket_category_reordered"),
  "ticket.created": ticketingSentence("ticket_created", "ticket"),
  "ticket.updated": ticketingSentence("ticket_updated", "ticket"),
  "ticket.deleted": ticketingSentence("ticket_deleted", "ticket"),
  "coupon.created": ticketingSentence("coupon_created", "coupon"),
  "coupon.updated": ticketingSentence("coupon_updated", "coupon"),
  "coupon.deleted": ticketingSentence("coupon_deleted", "coupon"),
  "campaign.created": ticketingSentence("campaign_created", "campaign"),
  "campaign.updated": ticketingSentence("campaign_updated", "campaign"),
  "campaign.deleted": ticketingSentence("campaign_deleted", "campaign"),
  "campaign.send_started": ticketingSentence("campaign_send_started", "campaign"),
  "campaign.scheduled": ticketingSentence("campaign_scheduled", "campaign"),
  "campaign.cancelled": ticketingSentence("campaign_cancelled", "campaign"),
  "auto_mail.updated": autoMailSentence("auto_mail_updated"),
  "auto_mail.reset": autoMailSentence("auto_mail_reset"),
  "discount.created": ticketingSentence("discount_created", "discount"),
  "discount.updated": ticketingSentence("discount_updated", "discount"),
  "discount.deleted": ticketingSentence("discount_deleted", "discount"),
  "order.created": ticketingSentence("order_created", "order"),
  "order.updated": ticketingSentence("order_updated", "order"),
  "order.confirmed": ticketingSentence("order_confirmed", "order"),
  "order.awaiting": ticketingSentence("order_awaiting", "order"),
  "order.cancelled": ticketingSentence("order_cancelled", "order"),
  "order.refunded": ticketingSentence("order_refunded", "order"),
  "ebadge.created": ebadgeSentence("ebadge_created"),
  "ebadge.updated": ebadgeSentence("ebadge_updated"),
  "ebadge.deleted": ebadgeSentence("ebadge_deleted"),
  "ebadge.background_set": (entry, ctx) =>
    ctx.t("history.actions.ebadge_background_set", {
      file: textOf(entry.after?.backgroundName) ?? ctx.t("history.unknown.file"),
      name: ebadgeName(entry, ctx),
    }),
  "ebadge.conditions_updated": (_entry, { t }) => t("history.actions.ebadge_conditions_updated"),
  "ebadge.printed": ebadgePrintSentence,
  "ebadge.batch_printed": ebadgeBatchSentence,
  "ticketing.params_updated": (_entry, { t }) => t("history.actions.ticketing_params_updated"),
  "ticketing.sales_started": (entry, { t }) =>
    t(
      entry.after?.mode === "live"
        ? "history.actions.ticketing_sales_started_live"
        : "history.actions.ticketing_sales_started_test",
    ),
  "ticketing.sales_stopped": (_entry, { t }) => t("history.actions.ticketing_sales_stopped"),
};

/** What an entry did, in one sentence of the reader's language (an action this version does not know: neutrally). */
export function historySentence(entry: AuditLogJson, ctx: SentenceContext): string {
  if (!isEventAuditAction(entry.action)) return ctx.t("history.actions.other");
  return SENTENCES[entry.action](entry, { ...ctx, entryNames: entry.metadata?.names });
}

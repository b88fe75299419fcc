import { autoMailVocabulary, canDisableAutoMail } from "@tessera/shared/campaigns/autoMails";
import { checkCampaignContent } from "@tessera/shared/campaigns/check";
import {
  AUTO_MAIL_KINDS,
  CAMPAIGN_LANGUAGES,
  type AutoMailKind,
  type CampaignLanguage,
} from "@tessera/shared/rules/campaigns";
import type { AutoMailSave } from "@tessera/shared/schemas/autoMails";
import { defaultAutoMail } from "../../campaigns/autoMails/defaults.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { AutoMail } from "../../models/AutoMail.ts";
import type { Event } from "../../models/Event.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { autoMailRows, effectiveOf, isDefaultWording, isKindEnabled, type EffectiveAutoMail } from "./wording.ts";

/*
 * The automatic mails' editor (issue 15 item 7): anyone who sees the event reads them; editors and up
 * (events.update) save an event's own wording of a kind in a language (the campaign content rules, with the
 * kind's merge tags), reset it to the default, and turn a kind on or off (never the sign-in link). Each change
 * is in the event's history.
 */

export interface AutoMailView extends EffectiveAutoMail {
  enabled: boolean;
  canDisable: boolean;
}

export interface AutoMailKindView {
  kind: AutoMailKind;
  enabled: boolean;
  canDisable: boolean;
  languages: EffectiveAutoMail[];
}

function viewOf(kind: AutoMailKind, language: CampaignLanguage, rows: readonly AutoMail[]): AutoMailView {
  const row = rows.find((candidate) => candidate.kind === kind && candidate.language === language);
  return {
    ...effectiveOf(kind, language, row),
    enabled: isKindEnabled(kind, rows),
    canDisable: canDisableAutoMail(kind),
  };
}

function kindViewOf(kind: AutoMailKind, rows: readonly AutoMail[]): AutoMailKindView {
  const own = rows.filter((row) => row.kind === kind);
  return {
    kind,
    enabled: isKindEnabled(kind, own),
    canDisable: canDisableAutoMail(kind),
    languages: CAMPAIGN_LANGUAGES.map((language) =>
      effectiveOf(
        kind,
        language,
        own.find((row) => row.language === language),
      ),
    ),
  };
}

export async function listAutoMails(scope: Scope, key: EventKey): Promise<AutoMailKindView[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const rows = await autoMailRows(scope.db, event.id);
  return AUTO_MAIL_KINDS.map((kind) => kindViewOf(kind, rows));
}

export async function getAutoMail(
  scope: Scope,
  key: EventKey,
  kind: AutoMailKind,
  language: CampaignLanguage,
): Promise<AutoMailView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return viewOf(kind, language, await autoMailRows(scope.db, event.id, kind));
}

/** 422 with every issue of the content rules (subject ≤ 80, footer, targets, the kind's merge tags). */
export function checkAutoMailWording(kind: AutoMailKind, wording: AutoMailSave): void {
  const issues = checkCampaignContent(wording, autoMailVocabulary(kind));
  if (issues.length) throw AppError.invalid(issues);
}

async function audit(
  trx: Knex.Transaction,
  scope: Scope,
  event: Event,
  action: "auto_mail.updated" | "auto_mail.reset",
  subject: { kind: AutoMailKind; language?: CampaignLanguage },
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> },
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    subjectType: "auto_mail",
    subjectId: event.id,
    accountId: event.accountId,
    eventId: event.id,
    ...(change.before ? { before: { ...subject, ...change.before } } : {}),
    ...(change.after ? { after: { ...subject, ...change.after } } : {}),
    metadata: { subject: subject.language ? `${subject.kind} (${subject.language})` : subject.kind },
  });
}

export async function saveAutoMail(
  scope: Scope,
  key: EventKey,
  kind: AutoMailKind,
  language: CampaignLanguage,
  body: AutoMailSave,
): Promise<AutoMailView> {
  checkAutoMailWording(kind, body);
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const rows = await autoMailRows(trx, event.id, kind);
    const row = rows.find((candidate) => candidate.language === language);
    const values = { subject: body.subject, content: body.content, updatedBy: userIdOf(scope) };
    if (row) await AutoMail.query(trx).patch(values).where({ id: row.id });
    else {
      await AutoMail.query(trx).insert({
        accountId: event.accountId,
        eventId: event.id,
        kind,
        language,
        enabled: isKindEnabled(kind, rows),
        ...values,
      });
    }
    await audit(
      trx,
      scope,
      event,
      "auto_mail.updated",
      { kind, language },
      {
        before: { subject: row?.subject ?? defaultAutoMail(kind, language).subject },
        after: { subject: body.subject },
      },
    );
    return viewOf(kind, language, await autoMailRows(trx, event.id, kind));
  });
}

/** Back to the default wording: the row goes (or, while the kind is off, holds the default to keep it off). */
export async function resetAutoMail(
  scope: Scope,
  key: EventKey,
  kind: AutoMailKind,
  language: CampaignLanguage,
): Promise<AutoMailView> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const rows = await autoMailRows(trx, event.id, kind);
    const row = rows.find((candidate) => candidate.language === language);
    if (row) {
      if (isKindEnabled(kind, rows)) await AutoMail.query(trx).deleteById(row.id);
      else {
        const fallback = defaultAutoMail(kind, language);
        await AutoMail.query(trx)
          .patch({ subject: fallback.subject, content: fallback.content, updatedBy: userIdOf(scope) })
          .where({ id: row.id });
      }
      await audit(trx, scope, event, "auto_mail.reset", { kind, language }, { before: { subject: row.subject } });
    }
    return viewOf(kind, language, await autoMailRows(trx, event.id, kind));
  });
}

/** Turns a kind on or off for the event, in every language (the sign-in link stays on: 422). */
export async function setAutoMailEnabled(
  scope: Scope,
  key: EventKey,
  kind: AutoMailKind,
  enabled: boolean,
): Promise<AutoMailKindView> {
  if (!enabled && !canDisableAutoMail(kind)) {
    throw AppError.invalid([{ field: "enabled", code: "auto_mail_always_enabled" }]);
  }
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const rows = await autoMailRows(trx, event.id, kind);
    const wasEnabled = isKindEnabled(kind, rows);
    if (wasEnabled !== enabled) {
      for (const language of CAMPAIGN_LANGUAGES) {
        const row = rows.find((candidate) => candidate.language === language);
        if (row && enabled && isDefaultWording(kind, language, row)) await AutoMail.query(trx).deleteById(row.id);
        else if (row) await AutoMail.query(trx).patch({ enabled }).where({ id: row.id });
        else if (!enabled) {
          await AutoMail.query(trx).insert({
            accountId: event.accountId,
            eventId: event.id,
            kind,
            language,
            enabled: false,
            ...defaultAutoMail(kind, language),
            updatedBy: userIdOf(scope),
          });
        }
      }
      await audit(
        trx,
        scope,
        event,
        "auto_mail.updated",
        { kind },
        {
          before: { enabled: wasEnabled },
          after: { enabled },
        },
      );
    }
    return kindViewOf(kind, await autoMailRows(trx, event.id));
  });
}

function userIdOf(scope: Scope): string | null {
  return scope.actor?.kind === "user" ? scope.actor.id : null;
}

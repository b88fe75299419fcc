import { isDeepStrictEqual } from "node:util";
import { canDisableAutoMail } from "@tessera/shared/campaigns/autoMails";
import type { AutoMailKind, CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { defaultAutoMail, type AutoMailWording } from "../../campaigns/autoMails/defaults.ts";
import type { Knex } from "../../db/knex.ts";
import { AutoMail } from "../../models/AutoMail.ts";

/*
 * An event's automatic mail in a language is its own row of auto_mails when it has one, the default wording
 * otherwise. A kind is sent unless turned off: turning it off marks every language's row (a language without its
 * own wording gets a row holding the default one), so a row that only says "off" is told apart from an event's
 * own wording by comparing it with the default.
 */

export interface EffectiveAutoMail {
  kind: AutoMailKind;
  language: CampaignLanguage;
  wording: AutoMailWording;
  isCustomised: boolean;
  row: AutoMail | null;
}

export function isDefaultWording(kind: AutoMailKind, language: CampaignLanguage, wording: AutoMailWording): boolean {
  const fallback = defaultAutoMail(kind, language);
  return wording.subject === fallback.subject && isDeepStrictEqual(wording.content, fallback.content);
}

export function effectiveOf(
  kind: AutoMailKind,
  language: CampaignLanguage,
  row: AutoMail | null | undefined,
): EffectiveAutoMail {
  if (!row) return { kind, language, wording: defaultAutoMail(kind, language), isCustomised: false, row: null };
  const wording = { subject: row.subject, content: row.content };
  return { kind, language, wording, isCustomised: !isDefaultWording(kind, language, wording), row };
}

/** The event's rows of automatic mails (one kind's, or all). */
export async function autoMailRows(db: Knex, eventId: string, kind?: AutoMailKind): Promise<AutoMail[]> {
  const query = AutoMail.query(db).where({ eventId });
  if (kind) query.where({ kind });
  return await query;
}

/** Whether a kind is sent for the event: always for the sign-in link, otherwise unless a row turns it off. */
export function isKindEnabled(kind: AutoMailKind, rows: readonly AutoMail[]): boolean {
  if (!canDisableAutoMail(kind)) return true;
  return !rows.some((row) => row.kind === kind && !row.enabled);
}

/** What the event sends for a kind in a language, and whether it is sent at all. */
export async function loadAutoMail(
  db: Knex,
  eventId: string,
  kind: AutoMailKind,
  language: CampaignLanguage,
): Promise<EffectiveAutoMail & { enabled: boolean }> {
  const rows = await autoMailRows(db, eventId, kind);
  const row = rows.find((candidate) => candidate.language === language);
  return { ...effectiveOf(kind, language, row), enabled: isKindEnabled(kind, rows) };
}

import { randomUUID } from "node:crypto";
import type { MailErrorKind, MailErrorSource } from "@tessera/shared/rules/campaigns";
import { SUPPRESSING_MAIL_ERRORS } from "@tessera/shared/rules/campaigns";
import type { Db, Knex } from "../../db/knex.ts";
import { sqlTime } from "../../models/BaseModel.ts";

/*
 * Addresses an account must not mail (spec §5 "Bounced addresses cannot be emailed", §3 mail error): those with a
 * suppressing mail error (a hard bounce, a complaint, a block). Campaign targeting leaves them out in SQL
 * (targeting.ts); a sender checks its batch again right before sending with `suppressedEmails`.
 */

/** How many addresses one query checks (bound parameters stay well under SQLite's and PostgreSQL's limits). */
const CHUNK = 500;

/** The addresses (lower-cased) among `emails` the account must not mail. */
export async function suppressedEmails(
  db: Db | Knex.Transaction,
  accountId: string,
  emails: string[],
): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  const suppressed = new Set<string>();
  for (let from = 0; from < wanted.length; from += CHUNK) {
    const rows = (await db("mailErrors")
      .select("email")
      .where({ accountId })
      .whereIn("email", wanted.slice(from, from + CHUNK))
      .whereIn("kind", SUPPRESSING_MAIL_ERRORS as MailErrorKind[])) as { email: string }[];
    for (const row of rows) suppressed.add(row.email);
  }
  return suppressed;
}

export function isSuppressing(kind: MailErrorKind): boolean {
  return SUPPRESSING_MAIL_ERRORS.includes(kind);
}

export interface MailErrorSighting {
  accountId: string;
  email: string;
  kind: MailErrorKind;
  reason: string | null;
  source: MailErrorSource;
  campaignId: string | null;
  now: Date;
}

/**
 * Records that mail to an address failed again (inside the caller's transaction): a new row, or the account's row
 * for the address seen once more (occurrences + 1, last seen). A suppressing kind replaces one that is not; a kind
 * that does not suppress never replaces one that does (a soft bounce after a hard one keeps it hard).
 */
export async function recordMailError(trx: Knex.Transaction, sighting: MailErrorSighting): Promise<void> {
  const email = sighting.email.trim().toLowerCase();
  const id = randomUUID();
  const now = sqlTime(sighting.now);
  const reason = sighting.reason?.slice(0, 1000) ?? null;
  await trx("mailErrors")
    .insert({
      id,
      accountId: sighting.accountId,
      email,
      kind: sighting.kind,
      reason,
      source: sighting.source,
      campaignId: sighting.campaignId,
      occurrences: 1,
      lastSeenAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict(["accountId", "email"])
    .ignore();
  const row = (await trx("mailErrors").select("id", "kind").where({ accountId: sighting.accountId, email }).first()) as
    { id: string; kind: MailErrorKind } | undefined;
  if (!row || row.id === id) return;
  // Whatever is seen now, a suppressing kind already recorded stays (a soft bounce never lifts a hard one).
  const replaces = !isSuppressing(row.kind);
  await trx("mailErrors")
    .where({ id: row.id })
    .update({
      occurrences: trx.raw("?? + 1", ["occurrences"]),
      lastSeenAt: now,
      updatedAt: now,
      ...(replaces ? { kind: sighting.kind, reason, source: sighting.source, campaignId: sighting.campaignId } : {}),
    });
}

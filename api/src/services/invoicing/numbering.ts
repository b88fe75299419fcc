import type { InvoiceKind } from "@tessera/shared/schemas/invoices";
import type { Knex } from "../../db/knex.ts";

/*
 * Invoice numbers: sequential WITHOUT GAPS per organizer and kind (French law: a continuous chronological series,
 * CGI annexe II art. 242 nonies A). The next number of each series is a row of invoice_counters, taken in the
 * transaction that writes the document:
 *
 *   insert (organizer, kind, next = 1) … on conflict do nothing      -- the series' first use
 *   update … set next = next + 1 where (organizer, kind) returning next
 *
 * The UPDATE takes the row's lock until the transaction ends (PostgreSQL; SQLite runs one writing transaction at a
 * time), so a concurrent issuer of the same organizer waits, then reads the committed counter: no duplicate. A
 * transaction rolled back rolls its increment back with the document: no gap. Both statements are the same SQL on
 * both databases (SQLite has had RETURNING and ON CONFLICT for years), so there is no dialect branch here.
 */

/** The printed prefix of each kind: F (facture), AV (avoir). */
export const NUMBER_PREFIXES: Readonly<Record<InvoiceKind, string>> = { invoice: "F", credit_note: "AV" };

/** The year of `date` in `timeZone` (an invoice issued on New Year's Eve in Paris is of the year ending). */
function yearIn(date: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en", { year: "numeric", timeZone }).format(date);
  } catch {
    return String(date.getUTCFullYear());
  }
}

/** "F-2026-000001": the kind's prefix, the year of issue, the sequence on six digits (more past 999,999). */
export function formatNumber(kind: InvoiceKind, sequence: number, issuedAt: Date, timeZone: string): string {
  return `${NUMBER_PREFIXES[kind]}-${yearIn(issuedAt, timeZone)}-${String(sequence).padStart(6, "0")}`;
}

/** Takes the next number of the organizer's series of `kind`, locking its counter until `trx` ends. */
export async function takeNumber(
  trx: Knex,
  organizerId: string,
  kind: InvoiceKind,
  issuedAt: Date,
  timeZone: string,
): Promise<{ sequence: number; number: string }> {
  await trx("invoiceCounters").insert({ organizerId, kind, next: 1 }).onConflict(["organizerId", "kind"]).ignore();
  const [row] = (await trx("invoiceCounters")
    .where({ organizerId, kind })
    .increment("next", 1)
    .returning(["next"])) as { next: number | string }[];
  const sequence = Number(row!.next) - 1;
  return { sequence, number: formatNumber(kind, sequence, issuedAt, timeZone) };
}

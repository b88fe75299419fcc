import { slugProblem } from "@tessera/shared";
import { isUniqueViolation, lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Account } from "../../models/Account.ts";
import { Event } from "../../models/Event.ts";

const slugTaken = () => new AppError("slug_taken", 409, { details: { field: "slug" } });
const domainTaken = (domains: string[]) =>
  new AppError("domain_taken", 409, { details: { field: "customDomains", domains } });

/** Spec §5 slug rules beyond the schema's pattern (reserved words), then platform-wide uniqueness. */
export async function ensureSlugAvailable(trx: Knex.Transaction, slug: string): Promise<void> {
  const problem = slugProblem(slug);
  if (problem) throw AppError.invalid([{ field: "slug", code: problem }]);
  if (await Event.query(trx).findOne({ slug })) throw slugTaken();
}

/** Inserts the event; two creations of one slug at once: the unique index decides. */
export async function insertEvent(trx: Knex.Transaction, values: Partial<Event>): Promise<Event> {
  try {
    return await Event.query(trx).insertAndFetch(values);
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken() : error;
  }
}

export async function eventDomains(trx: Knex | Knex.Transaction, eventId: string): Promise<string[]> {
  const rows = await trx("eventDomains").where({ eventId }).orderBy("domain").select("domain");
  return (rows as { domain: string }[]).map((row) => row.domain);
}

/**
 * Replaces the event's custom domains. Domains are unique across the platform (the table's primary
 * key): one held by another event is 409 domain_taken, found first, or raised by the index in a race.
 */
export async function replaceEventDomains(trx: Knex.Transaction, eventId: string, typed: readonly string[]) {
  const domains = [...new Set(typed.map((domain) => domain.trim().toLowerCase().replace(/\.$/, "")))].sort();
  if (domains.length) {
    const held = await trx("eventDomains").whereIn("domain", domains).whereNot({ eventId }).select("domain");
    if (held.length) throw domainTaken((held as { domain: string }[]).map((row) => row.domain));
  }
  await trx("eventDomains").where({ eventId }).delete();
  if (!domains.length) return domains;
  try {
    await trx("eventDomains").insert(domains.map((domain) => ({ domain, eventId })));
  } catch (error) {
    throw isUniqueViolation(error) ? domainTaken(domains) : error;
  }
  return domains;
}

/**
 * Makes sure the account may hold one more event (archived ones count), or throws 409
 * event_limit_reached. Call inside the transaction that inserts the event: the account row stays
 * locked (PostgreSQL) until it commits, so concurrent creations queue up and each counts the others.
 */
export async function ensureEventSlot(trx: Knex.Transaction, accountId: string): Promise<Account> {
  const account = await lockForUpdate(trx, Account.query(trx).findById(accountId));
  if (!account) throw AppError.notFound();
  if (account.maxEvents === null || account.maxEvents === undefined) return account;
  const count = await Event.query(trx).where({ accountId }).resultSize();
  if (count >= account.maxEvents) {
    throw new AppError("event_limit_reached", 409, { details: { maxEvents: account.maxEvents } });
  }
  return account;
}

import type { Knex } from "../../db/knex.ts";
import type { Checkin } from "../../models/Checkin.ts";
import { extraFacts } from "../conditions.ts";
import { admission, GUEST_COLUMNS, guestRowOf, sessionRule, type SessionRule } from "./admission.ts";

/*
 * The guests each session lets in (admission.ts: a confirmed guest its rule accepts), and those of them who never
 * came in (no-shows). A session without a rule is counted by the database in one statement. Rules are the
 * condition engine's, not SQL: the sessions with one are judged together in one pass over the event's guests,
 * read page by page (memory stays that of a page, whatever the event's size), each page's entries read with it.
 */

const PAGE = 2_000;

export interface AdmittedCounts {
  /** Guests the session's rules let in. */
  allowed: number;
  /** Of them, those with no entry in the session. */
  noShows: number;
}

const asNumber = (value: unknown) => Number(value ?? 0);

/** Confirmed guests, and those of them with no entry: every confirmed guest is let in by a session without rule. */
async function countWithoutRule(db: Knex, checkin: Checkin): Promise<AdmittedCounts> {
  const row = (await db("guests as g")
    .leftJoin("checkinEntries as e", (join) =>
      join.on("e.guestId", "g.id").andOnVal("e.checkinId", checkin.id).andOnVal("e.entries", ">", 0),
    )
    .where({ "g.eventId": checkin.eventId, "g.status": "confirmed" })
    .first(db.raw("count(*) as allowed"), db.raw("count(e.guest_id) as entered"))) as Record<string, unknown>;
  const allowed = asNumber(row.allowed);
  return { allowed, noShows: allowed - asNumber(row.entered) };
}

/** The sessions with a rule, judged in one pass over the event's guests. */
async function countWithRules(db: Knex, eventId: string, checkins: readonly Checkin[]): Promise<AdmittedCounts[]> {
  const rules: SessionRule[] = checkins.map(sessionRule);
  const counts = checkins.map(() => ({ allowed: 0, noShows: 0 }));
  const needs = { companions: rules.some((rule) => rule.companions), tickets: rules.some((rule) => rule.tickets) };
  // Unless a rule judges the status itself, only confirmed guests can be let in: the database leaves out the others.
  const onlyConfirmed = !rules.some((rule) => rule.judgesStatus);
  const ids = checkins.map((checkin) => checkin.id);
  let after: string | null = null;
  for (;;) {
    const read = db("guests")
      .where({ eventId })
      .orderBy("id")
      .limit(PAGE)
      .select(GUEST_COLUMNS.map((column) => `guests.${column}`));
    if (onlyConfirmed) read.where({ status: "confirmed" });
    if (after) read.where("id", ">", after);
    const guests = ((await read) as Record<string, unknown>[]).map(guestRowOf);
    if (!guests.length) return counts;
    const guestIds = guests.map((guest) => guest.id);
    const [extras, entries] = await Promise.all([
      extraFacts(db, needs, guestIds),
      db("checkinEntries")
        .whereIn("checkinId", ids)
        .whereIn("guestId", guestIds)
        .where("entries", ">", 0)
        .select("checkinId", "guestId") as Promise<{ checkinId: string; guestId: string }[]>,
    ]);
    const entered = new Set(entries.map((entry) => `${entry.checkinId}:${entry.guestId}`));
    for (const guest of guests) {
      rules.forEach((rule, index) => {
        if (!admission(rule, guest, extras).admitted) return;
        counts[index]!.allowed += 1;
        if (!entered.has(`${ids[index]}:${guest.id}`)) counts[index]!.noShows += 1;
      });
    }
    if (guests.length < PAGE) return counts;
    after = guests.at(-1)!.id;
  }
}

/** Each session's guests let in and no-shows, by session id (the sessions of one event). */
export async function admittedCounts(
  db: Knex,
  eventId: string,
  checkins: readonly Checkin[],
): Promise<Map<string, AdmittedCounts>> {
  const ruled = checkins.filter((checkin) => checkin.conditions);
  const plain = checkins.filter((checkin) => !checkin.conditions);
  const [ruledCounts, plainCounts] = await Promise.all([
    ruled.length ? countWithRules(db, eventId, ruled) : [],
    Promise.all(plain.map((checkin) => countWithoutRule(db, checkin))),
  ]);
  return new Map([
    ...ruled.map((checkin, index) => [checkin.id, ruledCounts[index]!] as const),
    ...plain.map((checkin, index) => [checkin.id, plainCounts[index]!] as const),
  ]);
}

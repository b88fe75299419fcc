import { setImmediate as nextTurn } from "node:timers/promises";
import { evaluate, matchingEbadges } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Ebadge } from "../../models/Ebadge.ts";
import { Guest } from "../../models/Guest.ts";
import { extraFacts, factNeeds, factsOf } from "../conditions.ts";

/*
 * Spec §5: each guest gets no more than one e-badge. Checked whenever the templates' conditions or their being
 * enabled change, against the templates as they would be:
 *   - an enabled template without conditions is the event's default badge (for guests no conditioned template
 *     picks): two of them would both go to every guest;
 *   - no guest may match the conditions of two enabled templates. The event's guests are read in pages by id
 *     (keyset, GUEST_PAGE at a time, the columns the rules read), each page's companions and tickets read only
 *     when a rule tests them, with a turn of the event loop between pages: memory stays flat at 100k guests
 *     and other requests are answered meanwhile. The refusal names the guests concerned (the first
 *     NAMED_GUESTS) and counts them all.
 * A guest who registers later and matches two templates gets the first (oldest) one whose rule holds.
 */

const GUEST_PAGE = 1000;
const NAMED_GUESTS = 20;
/** How many names the message itself lists (the details list NAMED_GUESTS). */
const NAMES_IN_MESSAGE = 5;

interface Conflict {
  id: string;
  name: string;
  email: string | null;
  ebadges: { id: string; name: string }[];
}

const nameOf = (guest: Pick<Guest, "firstName" | "lastName" | "email">) =>
  [guest.firstName, guest.lastName].filter(Boolean).join(" ") || guest.email || "?";

export async function checkOneBadgePerGuest(db: Knex, eventId: string, templates: readonly Ebadge[]): Promise<void> {
  const enabled = templates.filter((template) => template.isEnabled);
  const defaults = enabled.filter((template) => !template.conditions);
  if (defaults.length > 1) {
    throw new AppError("ebadge_two_defaults", 409, {
      params: { first: defaults[0]!.name, second: defaults[1]!.name },
      details: { ebadges: defaults.map((template) => ({ id: template.id, name: template.name })) },
    });
  }
  const conditioned = enabled.filter((template) => template.conditions);
  if (conditioned.length < 2) return;
  const needs = factNeeds(conditioned.map((template) => template.conditions));
  const choices = conditioned.map((template) => ({ template, isEnabled: true, conditions: template.conditions }));
  const named: Conflict[] = [];
  let total = 0;
  let after: string | null = null;
  for (;;) {
    const query = Guest.query(db)
      .select("id", "firstName", "lastName", "email", "answers", "status", "civility", "language")
      .select("company", "jobTitle", "companionsExpected")
      .where({ eventId })
      .orderBy("id")
      .limit(GUEST_PAGE);
    if (after) query.where("id", ">", after);
    const guests: Guest[] = await query;
    if (!guests.length) break;
    const extras = await extraFacts(
      db,
      needs,
      guests.map((guest) => guest.id),
    );
    for (const guest of guests) {
      const facts = factsOf(guest, extras);
      const matches = matchingEbadges(choices, (rule) => evaluate(rule, facts));
      if (matches.length < 2) continue;
      total++;
      if (named.length < NAMED_GUESTS)
        named.push({
          id: guest.id,
          name: nameOf(guest),
          email: guest.email,
          ebadges: matches.map((template) => ({ id: template.id, name: template.name })),
        });
    }
    after = guests[guests.length - 1]!.id;
    if (guests.length < GUEST_PAGE) break;
    await nextTurn();
  }
  if (!total) return;
  const names = named.slice(0, NAMES_IN_MESSAGE).map((guest) => guest.name);
  throw new AppError("ebadge_conditions_overlap", 409, {
    params: { count: total, names: total > names.length ? `${names.join(", ")}, …` : names.join(", ") },
    details: { guests: named, total },
  });
}

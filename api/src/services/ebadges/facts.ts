import type { Condition, Facts, Rule } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import type { Guest } from "../../models/Guest.ts";

/*
 * What a badge's conditions are evaluated against: the guest's answers and attributes, their companions counted
 * and the ticket types they hold, the last two read (for a slice of guests at once) only when a rule tests them.
 */

function leavesOf(rule: Rule): Condition[] {
  if ("all" in rule) return rule.all.flatMap(leavesOf);
  if ("any" in rule) return rule.any.flatMap(leavesOf);
  if ("not" in rule) return leavesOf(rule.not);
  return [rule];
}

export interface FactNeeds {
  companions: boolean;
  tickets: boolean;
}

export function factNeeds(rules: readonly (Rule | null)[]): FactNeeds {
  const leaves: Record<string, unknown>[] = rules.flatMap((rule) => (rule ? leavesOf(rule) : []));
  return {
    companions: leaves.some((leaf) => leaf.guest === "companionsCount"),
    tickets: leaves.some((leaf) => typeof leaf.ticket === "string"),
  };
}

export interface ExtraFacts {
  companions: Map<string, number>;
  tickets: Map<string, string[]>;
}

/** The companions and tickets of `guestIds`, read only when needed. */
export async function extraFacts(db: Knex, needs: FactNeeds, guestIds: readonly string[]): Promise<ExtraFacts> {
  const extras: ExtraFacts = { companions: new Map(), tickets: new Map() };
  if (!guestIds.length) return extras;
  if (needs.companions) {
    const rows = (await db("guests")
      .whereIn("godfatherId", guestIds)
      .groupBy("godfatherId")
      .select("godfatherId", db.raw("count(*) as n"))) as { godfatherId: string; n: number | string }[];
    for (const row of rows) extras.companions.set(row.godfatherId, Number(row.n));
  }
  if (needs.tickets) {
    // Tickets held: items of live orders not refunded whole, the holder's (else the buyer's).
    const rows = (await db("orderItems as i")
      .join("orders as o", "o.id", "i.orderId")
      .whereIn("o.status", ["completed", "awaiting_payment", "partially_refunded"])
      .whereRaw("i.quantity > i.refunded_quantity")
      .where((q) =>
        q
          .whereIn("i.holderGuestId", guestIds)
          .orWhere((inner) => inner.whereNull("i.holderGuestId").whereIn("o.guestId", guestIds)),
      )
      .distinct(db.raw("coalesce(i.holder_guest_id, o.guest_id) as guest_id"), "i.ticketId")) as {
      guestId: string;
      ticketId: string;
    }[];
    for (const row of rows) extras.tickets.set(row.guestId, [...(extras.tickets.get(row.guestId) ?? []), row.ticketId]);
  }
  return extras;
}

export type FactsGuest = Pick<
  Guest,
  "id" | "answers" | "status" | "civility" | "language" | "company" | "jobTitle" | "companionsExpected"
>;

export function factsOf(guest: FactsGuest, extras: ExtraFacts): Facts {
  return {
    answers: guest.answers,
    guest: {
      status: guest.status,
      civility: guest.civility ?? null,
      language: guest.language ?? null,
      company: guest.company ?? null,
      jobTitle: guest.jobTitle ?? null,
      companionsExpected: Number(guest.companionsExpected ?? 0),
      companionsCount: extras.companions.get(guest.id) ?? 0,
    },
    tickets: extras.tickets.get(guest.id) ?? [],
  };
}

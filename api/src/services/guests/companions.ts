import type { Knex } from "../../db/knex.ts";
import type { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import { withdrawWaiting } from "../forms/waitingList.ts";
import type { Scope } from "../scope.ts";
import { guestSnapshot } from "./write.ts";

/** The guest's companions, but those cancelled (with the guest's registration, or by the organizer). */
export async function companionsOf(db: Knex, guest: Pick<Guest, "id" | "eventId">): Promise<Guest[]> {
  return Guest.query(db)
    .where({ eventId: guest.eventId, godfatherId: guest.id })
    .whereNot("status", "cancelled")
    .orderBy("createdAt");
}

/**
 * In a transaction: a companion cancelled (withdrawn from what they wait for, and audited); `unlinked`, no
 * longer the guest's (their guest removed them) rather than cancelled with them. The caller gives the places
 * they held to the guests waiting for them once committed (promoteWaitingAfter).
 */
export async function cancelCompanion(
  trx: Knex.Transaction,
  scope: Scope,
  event: Pick<Event, "id" | "accountId">,
  companion: Guest,
  { unlinked = false }: { unlinked?: boolean } = {},
): Promise<void> {
  const cancelled = await Guest.query(trx).patchAndFetchById(companion.id, {
    status: "cancelled",
    ...(unlinked ? { godfatherId: null } : {}),
  });
  await withdrawWaiting(trx, companion.id);
  await recordAudit(trx, scope, {
    action: "guest.updated",
    subjectType: "guest",
    subjectId: companion.id,
    accountId: event.accountId,
    eventId: event.id,
    before: guestSnapshot(companion),
    after: guestSnapshot(cancelled),
  });
}

/**
 * In the transaction that ends the guest's attendance (they cancel, or answer that they will not come):
 * their companions' too. They stay the guest's in the organizer's list, cancelled.
 */
export async function cancelCompanions(
  trx: Knex.Transaction,
  scope: Scope,
  event: Pick<Event, "id" | "accountId">,
  guest: Pick<Guest, "id" | "eventId">,
): Promise<void> {
  for (const companion of await companionsOf(trx, guest)) await cancelCompanion(trx, scope, event, companion);
}

import { AppError } from "../../../errors.ts";
import type { Event } from "../../../models/Event.ts";
import { GuestImport } from "../../../models/GuestImport.ts";
import type { EventAbility } from "../../../policies/events.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";

/** An import as the API shows it: the row and the rows processed so far (both databases write them to the row as the import runs). */
export interface GuestImportView {
  guestImport: GuestImport;
  processedRows: number;
}

export function importView(guestImport: GuestImport): GuestImportView {
  return { guestImport, processedRows: guestImport.processedRows };
}

/** An import of the event, which the actor may `ability` (404 when the import is not the event's). */
export async function findGuestImportFor(
  scope: Scope,
  key: EventKey,
  id: string,
  ability: EventAbility | "read",
): Promise<{ event: Event; guestImport: GuestImport }> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, ability, key);
  return { event, guestImport: await importOfEvent(scope, event, id) };
}

export async function importOfEvent(scope: Scope, event: Event, id: string): Promise<GuestImport> {
  const guestImport = await GuestImport.query(scope.db).findById(id).where({ eventId: event.id });
  if (!guestImport) throw AppError.notFound();
  return guestImport;
}

/** An import's status and progress, for anyone who may read the event's guests. */
export async function getGuestImport(scope: Scope, key: EventKey, id: string): Promise<GuestImportView> {
  return importView((await findGuestImportFor(scope, key, id, "read")).guestImport);
}

import { AppError } from "../../../errors.ts";
import { GuestImport } from "../../../models/GuestImport.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { importOfEvent, importView, type GuestImportView } from "./findImport.ts";

/** Cancels (events.update) an import that has not started processing; its file is removed. */
export async function cancelGuestImport(scope: Scope, key: EventKey, id: string): Promise<GuestImportView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const changed = await GuestImport.query(scope.db)
    .where({ id, eventId: event.id })
    .whereIn("status", ["uploaded", "mapped"])
    .patch({ status: "cancelled", finishedAt: scope.clock.now() });
  const guestImport = await importOfEvent(scope, event, id);
  if (!changed) throw new AppError("import_not_editable", 409);
  await scope.deps.storage.delete(guestImport.fileKey);
  return importView(guestImport);
}

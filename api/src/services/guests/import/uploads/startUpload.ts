import type { ImportUploadStartBody } from "@tessera/shared/schemas/guestImportUploads";
import { AppError } from "../../../../errors.ts";
import { GuestImportUpload } from "../../../../models/GuestImportUpload.ts";
import { findEventByKeyFor, type EventKey } from "../../../events/find.ts";
import type { Scope } from "../../../scope.ts";
import { discardExpiredUploads } from "./findUpload.ts";

/** Starts a chunked upload of a guest file (events.update), its size within the import's limit. */
export async function startImportUpload(
  scope: Scope,
  key: EventKey,
  body: ImportUploadStartBody,
): Promise<GuestImportUpload> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  if (body.size > scope.deps.config.guestImport.maxBytes) throw new AppError("file_too_big", 413);
  await discardExpiredUploads(scope, event.accountId);
  const actor = scope.actor;
  return GuestImportUpload.query(scope.db).insertAndFetch({
    accountId: event.accountId,
    eventId: event.id,
    createdBy: actor?.kind === "user" ? actor.id : null,
    fileName: body.fileName?.slice(0, 255) ?? null,
    size: body.size,
    received: 0,
    hasHeaders: body.hasHeaders ?? true,
    importId: null,
  });
}

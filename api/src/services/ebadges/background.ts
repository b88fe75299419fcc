import { EBADGE_BACKGROUND_MIME_TYPES, EBADGE_BACKGROUND_RATIO_TOLERANCE } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import { Ebadge } from "../../models/Ebadge.ts";
import { storeThenCommit, type StoredFile } from "../../storage/fileStorage.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { ImageRejected, inspectImage, type InspectedImage } from "../images/inspect.ts";
import { cleanFileName } from "../images/store.ts";
import type { UploadedFile } from "../images/upload.ts";
import type { Scope } from "../scope.ts";
import { findTemplate, type EbadgeView } from "./templates.ts";

/*
 * A template's background (spec §5: an A4 image, JPEG or PNG, at most 4 MB). The type is judged from the
 * content with file-type (never the name or the declared type), the size while the upload streams in (413
 * before it is buffered whole), the shape from the header: the A series' 1:√2, either way round. Stored like
 * the other images (file storage, a key of our own); a new one replaces the former, removed once committed.
 */

/** The image's type and pixels (images/inspect.ts, JPEG or PNG only), or the refusal an organizer reads. */
async function inspectBackground(bytes: Buffer): Promise<InspectedImage> {
  let image: InspectedImage;
  try {
    image = await inspectImage(bytes, EBADGE_BACKGROUND_MIME_TYPES);
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    throw error.problem === "too_large_pixels"
      ? new AppError("image_too_large_pixels", 422)
      : new AppError("unsupported_image_type", 422);
  }
  const { width, height } = image;
  const ratio = Math.max(width, height) / Math.min(width, height);
  if (Math.abs(ratio / Math.SQRT2 - 1) > EBADGE_BACKGROUND_RATIO_TOLERANCE)
    throw new AppError("ebadge_background_not_a4", 422, { details: { width, height } });
  return image;
}

export async function setTemplateBackground(
  scope: Scope,
  key: EventKey,
  id: string,
  readUpload: () => Promise<UploadedFile>,
): Promise<EbadgeView> {
  // Who may, and whether the template exists, is settled before the body is read.
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  await findTemplate(scope.db, event.id, id);
  const file = await readUpload();
  const image = await inspectBackground(file.bytes);
  const { extension, mimeType } = image;
  const name = cleanFileName(file.fileName, `background.${extension}`);
  const stored = { prefix: `ebadges/${event.accountId}`, extension, bytes: file.bytes, contentType: mimeType };
  const { updated, former } = await storeThenCommit(scope.deps.storage, stored, (storageKey) =>
    scope.db.transaction(async (trx) => {
      const ebadge = await findTemplate(trx, event.id, id);
      const updated = await Ebadge.query(trx).patchAndFetchById(id, {
        backgroundStorageKey: storageKey,
        backgroundName: name,
        backgroundMimeType: image.mimeType,
        backgroundSize: file.bytes.length,
        backgroundWidth: image.width,
        backgroundHeight: image.height,
      });
      await recordAudit(trx, scope, {
        action: "ebadge.background_set",
        accountId: event.accountId,
        eventId: event.id,
        subjectType: "ebadge",
        subjectId: id,
        before: { backgroundName: ebadge.backgroundName, backgroundSize: ebadge.backgroundSize },
        after: { backgroundName: name, backgroundSize: file.bytes.length },
        metadata: { subject: updated.name },
      });
      return { updated, former: ebadge.backgroundStorageKey };
    }),
  );
  if (former) await scope.deps.storage.delete(former).catch(() => undefined);
  return { ebadge: updated, event, ties };
}

/** The background of a template of an event the actor sees. */
export async function templateBackground(
  scope: Scope,
  key: EventKey,
  id: string,
): Promise<{ stored: StoredFile; name: string; mimeType: string }> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const ebadge = await findTemplate(scope.db, event.id, id);
  const stored = ebadge.backgroundStorageKey ? await scope.deps.storage.get(ebadge.backgroundStorageKey) : null;
  if (!stored || !ebadge.backgroundName || !ebadge.backgroundMimeType) throw AppError.notFound();
  return { stored, name: ebadge.backgroundName, mimeType: ebadge.backgroundMimeType };
}

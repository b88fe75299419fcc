import type { ImageKind } from "@tessera/shared";
import { Image } from "../../models/Image.ts";
import { actorUserId } from "../../policies/actor.ts";
import { storeThenCommit } from "../../storage/fileStorage.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import type { InspectedImage } from "./inspect.ts";

export interface NewImage {
  accountId: string;
  kind: ImageKind;
  bytes: Buffer;
  image: InspectedImage;
  originalName: string;
  sourceUrl: string | null;
}

const NAME_MAX = 255;

/** A file name fit for display: no directories, no control characters, not too long. */
export function cleanFileName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || fallback).slice(0, NAME_MAX);
}

/**
 * Writes the bytes under a fresh random key, then the row and its audit entry in one transaction;
 * if the row cannot be written, the file is removed again.
 */
export async function storeImage(scope: Scope, input: NewImage): Promise<Image> {
  const { storage, db } = scope.deps;
  const file = {
    prefix: `images/${input.accountId}`,
    extension: input.image.extension,
    bytes: input.bytes,
    contentType: input.image.mimeType,
  };
  return storeThenCommit(storage, file, (storageKey) =>
    db.transaction(async (trx) => {
      const image = await Image.query(trx).insertAndFetch({
        accountId: input.accountId,
        kind: input.kind,
        mimeType: input.image.mimeType,
        width: input.image.width,
        height: input.image.height,
        size: input.bytes.length,
        originalName: input.originalName,
        storageKey,
        sourceUrl: input.sourceUrl,
        createdBy: actorUserId(scope.actor),
      });
      await recordAudit(trx, scope, {
        action: "image.created",
        subjectType: "image",
        subjectId: image.id,
        accountId: input.accountId,
        after: {
          kind: image.kind,
          mimeType: image.mimeType,
          width: image.width,
          height: image.height,
          size: image.size,
          originalName: image.originalName,
          sourceUrl: image.sourceUrl,
        },
      });
      return image;
    }),
  );
}

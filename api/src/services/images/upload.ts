import type { ImageKind } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import type { Image } from "../../models/Image.ts";
import { authorizeInExistingAccount } from "../accounts/authorize.ts";
import type { Scope } from "../scope.ts";
import { ImageRejected, inspectImage } from "./inspect.ts";
import { cleanFileName, storeImage } from "./store.ts";

export interface UploadedFile {
  bytes: Buffer;
  fileName: string | null;
}

/** What an upload carries: the kind of image and the file. */
export interface ImageUploadInput {
  kind: ImageKind;
  file: UploadedFile;
}

/**
 * An uploaded logo, banner or favicon: the content decides its type (never the name or declared type).
 * Editors and above (events.update); `readUpload` (the caller's way to read the file) is called only
 * once that is settled, so a refused caller's body is never read.
 */
export async function uploadImage(
  scope: Scope,
  accountId: string,
  readUpload: () => Promise<ImageUploadInput>,
): Promise<Image> {
  await authorizeInExistingAccount(scope, "events.update", accountId);
  const { kind, file } = await readUpload();
  let image;
  try {
    image = await inspectImage(file.bytes);
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    throw error.problem === "too_large_pixels"
      ? new AppError("image_too_large_pixels", 422)
      : new AppError("unsupported_image_type", 422);
  }
  return storeImage(scope, {
    accountId,
    kind,
    bytes: file.bytes,
    image,
    originalName: cleanFileName(file.fileName, `${kind}.${image.extension}`),
    sourceUrl: null,
  });
}

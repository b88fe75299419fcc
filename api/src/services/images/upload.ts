import type { ImageKind } from "@tessera/shared";
import type { ApiContext } from "../../http/context.ts";
import { AppError } from "../../errors.ts";
import type { Image } from "../../models/Image.ts";
import { ImageRejected, inspectImage } from "./inspect.ts";
import { cleanFileName, storeImage } from "./store.ts";

export interface UploadedFile {
  bytes: Buffer;
  fileName: string | null;
}

/** An uploaded logo, banner or favicon: the content decides its type (never the name or declared type). */
export async function uploadImage(
  ctx: ApiContext,
  accountId: string,
  kind: ImageKind,
  file: UploadedFile,
): Promise<Image> {
  let image;
  try {
    image = await inspectImage(file.bytes);
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    throw error.problem === "too_large_pixels"
      ? new AppError("image_too_large_pixels", 422)
      : new AppError("unsupported_image_type", 422);
  }
  return storeImage(ctx, {
    accountId,
    kind,
    bytes: file.bytes,
    image,
    originalName: cleanFileName(file.fileName, `${kind}.${image.extension}`),
    sourceUrl: null,
  });
}

import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, IMAGE_MIME_TYPES } from "@tessera/shared";
import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";

export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

export interface InspectedImage {
  mimeType: ImageMimeType;
  extension: string;
  width: number;
  height: number;
}

export type ImageProblem = "unsupported_type" | "too_large_pixels";

export class ImageRejected extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
    this.name = "ImageRejected";
  }
}

const EXTENSIONS: Record<ImageMimeType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

function isAllowedMime(mime: string | undefined, allowed: readonly ImageMimeType[]): mime is ImageMimeType {
  return (allowed as readonly string[]).includes(mime ?? "");
}

/**
 * The type and size of an image, read from its bytes only (the name and the declared type are
 * ignored: an HTML page called logo.png is not an image). The pixel dimensions come from the header,
 * so a small file declaring a huge canvas is refused without being decoded. `allowed` narrows the
 * types taken (e-badge backgrounds: JPEG or PNG).
 */
export async function inspectImage(
  bytes: Uint8Array,
  allowed: readonly ImageMimeType[] = IMAGE_MIME_TYPES,
): Promise<InspectedImage> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!isAllowedMime(sniffed?.mime, allowed)) throw new ImageRejected("unsupported_type");
  let dimensions: { width: number; height: number; type?: string };
  try {
    dimensions = imageSize(bytes);
  } catch {
    throw new ImageRejected("unsupported_type"); // the signature matched but the header is unreadable
  }
  const { width, height } = dimensions;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new ImageRejected("unsupported_type");
  }
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new ImageRejected("too_large_pixels");
  }
  return { mimeType: sniffed.mime, extension: EXTENSIONS[sniffed.mime], width, height };
}

import type { ImageJson } from "@tessera/shared";
import type { Image } from "../../models/Image.ts";

/** Images are public (event pages show them to guests) at an unguessable address. */
export function imageUrl(image: Pick<Image, "id">): string {
  return `/media/images/${image.id}`;
}

export function presentImage(image: Image): ImageJson {
  return {
    id: image.id,
    accountId: image.accountId,
    kind: image.kind,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    size: image.size,
    originalName: image.originalName,
    url: imageUrl(image),
    createdAt: image.createdAt.toISOString(),
  };
}

export function presentImageRef(
  image: Image | undefined | null,
): { id: string; url: string; width: number; height: number } | null {
  return image ? { id: image.id, url: imageUrl(image), width: image.width, height: image.height } : null;
}

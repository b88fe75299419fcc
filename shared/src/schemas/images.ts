import { Type, type Static } from "@sinclair/typebox";
import { Page, PageQuery, Timestamp, Uuid } from "./common.ts";

/** spec §5: images jpeg, png, webp; up to 2 MB. */
export const IMAGE_KINDS = ["logo", "banner", "favicon"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 10_000;

export const ImageKindSchema = Type.Union(IMAGE_KINDS.map((k) => Type.Literal(k)));

export const ImageSchema = Type.Object({
  id: Uuid,
  accountId: Uuid,
  kind: ImageKindSchema,
  mimeType: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  size: Type.Integer(),
  originalName: Type.String(),
  /** Public address of the file (event pages show it to guests). */
  url: Type.String(),
  createdAt: Timestamp,
});
export type ImageJson = Static<typeof ImageSchema>;

/** POST /accounts/{a}/images as JSON: download from a URL (multipart with `file` and `kind` uploads). */
export const ImageFromUrl = Type.Object(
  { kind: ImageKindSchema, url: Type.String({ format: "uri", maxLength: 2000 }) },
  { additionalProperties: false },
);
export type ImageFromUrl = Static<typeof ImageFromUrl>;

/** The text fields of a multipart upload (the file itself is the `file` part). */
export const ImageUploadFields = Type.Object({ kind: ImageKindSchema }, { additionalProperties: false });

/** POST /accounts/{a}/images as multipart/form-data: the `file` part and the `kind` field. */
export const ImageUpload = Type.Object({
  file: Type.String({ contentMediaType: "application/octet-stream", description: "the image (JPEG, PNG, WebP)" }),
  kind: ImageKindSchema,
});

export const ImageListQuery = Type.Object({ ...PageQuery.properties, kind: Type.Optional(ImageKindSchema) });
export const ImagePage = Page(ImageSchema);

import {
  AccountParams,
  IMAGE_KINDS,
  IMAGE_MAX_BYTES,
  ImageFromUrl,
  ImageKindSchema,
  ImageListQuery,
  ImagePage,
  ImageSchema,
  validate,
  type ImageKind,
} from "@tessera/shared";
import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { AppError } from "../../../errors.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { presentImage } from "../../presenters/image.ts";
import { downloadImage } from "../../../services/images/download.ts";
import { listImages } from "../../../services/images/list.ts";
import { uploadImage } from "../../../services/images/upload.ts";
import { authorizeInExistingAccount } from "../accountScope.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["images"];

/** The text fields of a multipart upload (the file itself is the `file` part). */
const ImageUploadFields = Type.Object({ kind: ImageKindSchema }, { additionalProperties: false });

function validated<S extends TSchema>(schema: S, data: unknown): Static<S> {
  const result = validate(schema, data ?? {});
  if (!result.ok) throw AppError.invalid(result.issues);
  return result.value;
}

export const imageRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/accounts/:a/images",
    summary: "List the account's images",
    description: "Any member of the account. Newest first; `kind` filters, `search` matches the file name.",
    tags: TAGS,
    params: AccountParams,
    query: ImageListQuery,
    response: ImagePage,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      await authorizeInExistingAccount(ctx, "events.read", params.a);
      const { rows, pagination } = await listImages(ctx.deps.db, params.a, query);
      return { data: rows.map(presentImage), pagination };
    },
  }),
  defineRoute({
    method: "post",
    path: "/accounts/:a/images",
    summary: "Upload an image, or download one from a URL",
    description:
      `Editors and above (\`events.update\`). Either multipart/form-data with a \`file\` part and a \`kind\` field ` +
      `(${IMAGE_KINDS.join(", ")}), or JSON \`{kind, url}\` to download the image. JPEG, PNG or WebP, judged from ` +
      `the content (not the name or declared type): otherwise 422 unsupported_image_type; at most ` +
      `${IMAGE_MAX_BYTES} bytes (413 file_too_big); too many pixels: 422 image_too_large_pixels. A download ` +
      "refused or failed (private, loopback or link-local address, redirect to one, time or size limit, not an " +
      "image …) is 422 `<kind>_download_failed` with `details.reason`. The bytes are public at the returned `url`.",
    tags: TAGS,
    params: AccountParams,
    documentedBodies: {
      "multipart/form-data": Type.Object({
        file: Type.String({ contentMediaType: "application/octet-stream", description: "the image (JPEG, PNG, WebP)" }),
        kind: ImageKindSchema,
      }),
      "application/json": ImageFromUrl,
    },
    response: ImageSchema,
    status: 201,
    errors: [403, 404, 413, 422],
    handler: async (ctx, { params }) => {
      await authorizeInExistingAccount(ctx, "events.update", params.a);
      if (isMultipart(ctx)) {
        const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: IMAGE_MAX_BYTES });
        const { kind } = validated(ImageUploadFields, form.fields);
        if (!form.file) throw AppError.invalid([{ field: "file", code: "required" }]);
        const image = await uploadImage(ctx, params.a, kind as ImageKind, form.file);
        return presentImage(image);
      }
      const body = validated(ImageFromUrl, ctx.request.body);
      return presentImage(await downloadImage(ctx, params.a, body.kind, body.url));
    },
  }),
];

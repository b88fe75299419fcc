import { IMAGE_MAX_BYTES, ImageUploadFields, validate } from "@tessera/shared";
import { imageContracts as images } from "@tessera/shared/contracts/images";
import type { ApiContext } from "../../context.ts";
import { AppError } from "../../../errors.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { presentImage } from "../../presenters/image.ts";
import { downloadImage } from "../../../services/images/download.ts";
import { listImages } from "../../../services/images/list.ts";
import { uploadImage, type ImageUploadInput } from "../../../services/images/upload.ts";
import { route, type Route } from "../define.ts";

/** The multipart body of an upload: its `kind` field and its `file` part (read while streaming). */
async function readUpload(ctx: ApiContext): Promise<ImageUploadInput> {
  const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: IMAGE_MAX_BYTES });
  const fields = validate(ImageUploadFields, form.fields);
  if (!fields.ok) throw AppError.invalid(fields.issues);
  if (!form.file) throw AppError.invalid([{ field: "file", code: "required" }]);
  return { kind: fields.value.kind, file: form.file };
}

/** /accounts/{a}/images: the account's logos, banners and favicons. */
export const imageRoutes: Route[] = [
  route(images.list, async (scope, { params, query }) => {
    const { rows, pagination } = await listImages(scope, params.a, query);
    return { data: rows.map(presentImage), pagination };
  }),
  route(images.create, async (scope, { params, body }, ctx) =>
    // The service settles who may add images before the body of an upload is read.
    presentImage(
      isMultipart(ctx)
        ? await uploadImage(scope, params.a, () => readUpload(ctx))
        : await downloadImage(scope, params.a, body.kind, body.url),
    ),
  ),
];

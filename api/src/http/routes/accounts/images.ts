import { IMAGE_MAX_BYTES, ImageUploadFields, validate, type ImageKind } from "@tessera/shared";
import { imageContracts as images } from "@tessera/shared/contracts/images";
import { AppError } from "../../../errors.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { presentImage } from "../../presenters/image.ts";
import { authorizeInExistingAccount } from "../../../services/accounts/authorize.ts";
import { downloadImage } from "../../../services/images/download.ts";
import { listImages } from "../../../services/images/list.ts";
import { uploadImage } from "../../../services/images/upload.ts";
import { route, type Route } from "../define.ts";

export const imageRoutes: Route[] = [
  route(images.list, async (scope, { params, query }) => {
    await authorizeInExistingAccount(scope, "events.read", params.a);
    const { rows, pagination } = await listImages(scope.db, params.a, query);
    return { data: rows.map(presentImage), pagination };
  }),
  route(images.create, async (scope, { params, body }, ctx) => {
    await authorizeInExistingAccount(scope, "events.update", params.a);
    if (isMultipart(ctx)) {
      const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: IMAGE_MAX_BYTES });
      const fields = validate(ImageUploadFields, form.fields);
      if (!fields.ok) throw AppError.invalid(fields.issues);
      if (!form.file) throw AppError.invalid([{ field: "file", code: "required" }]);
      return presentImage(await uploadImage(ctx, params.a, fields.value.kind as ImageKind, form.file));
    }
    return presentImage(await downloadImage(ctx, params.a, body.kind, body.url));
  }),
];

import { AccountParams } from "../schemas/common.ts";
import {
  IMAGE_KINDS,
  IMAGE_MAX_BYTES,
  ImageFromUrl,
  ImageListQuery,
  ImagePage,
  ImageSchema,
  ImageUpload,
} from "../schemas/images.ts";
import { contract } from "./contract.ts";

const tags = ["images"];

/** /accounts/{a}/images: the account's logos, banners and favicons; their bytes are public at `image.url`. */
export const imageContracts = {
  list: contract({
    method: "get",
    path: "/accounts/:a/images",
    summary: "List the account's images",
    description: "Any member of the account. Newest first; `kind` filters, `search` matches the file name.",
    tags,
    params: AccountParams,
    query: ImageListQuery,
    response: ImagePage,
    errors: [404],
  }),
  create: contract({
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
    tags,
    params: AccountParams,
    multipart: ImageUpload,
    body: ImageFromUrl,
    response: ImageSchema,
    status: 201,
    errors: [403, 404, 413, 422],
  }),
};

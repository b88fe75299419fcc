import { IMAGE_MAX_BYTES, type ErrorCode, type ImageKind } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import type { Image } from "../../models/Image.ts";
import { SafeFetchError, safeFetch } from "../../net/safeFetch.ts";
import { authorizeInExistingAccount } from "../accounts/authorize.ts";
import type { Scope } from "../scope.ts";
import { ImageRejected, inspectImage } from "./inspect.ts";
import { cleanFileName, storeImage } from "./store.ts";

const MAX_REDIRECTS = 3;

const FAILURE_CODES: Record<ImageKind, ErrorCode> = {
  logo: "logo_download_failed",
  banner: "banner_download_failed",
  favicon: "favicon_download_failed",
};

function failed(kind: ImageKind, reason: string): AppError {
  return new AppError(FAILURE_CODES[kind], 422, { details: { reason } });
}

/**
 * Downloads a logo, banner or favicon from a URL the user gave (see net/safeFetch.ts for the
 * refusals), then applies the upload checks. Every failure is the kind's "could not be downloaded"
 * with a machine reason; the fetched body is never echoed. Editors and above (events.update).
 */
export async function downloadImage(scope: Scope, accountId: string, kind: ImageKind, url: string): Promise<Image> {
  await authorizeInExistingAccount(scope, "events.update", accountId);
  const { imageFetch } = scope.deps.config;
  let fetched;
  try {
    fetched = await safeFetch(url, {
      maxBytes: IMAGE_MAX_BYTES,
      timeoutMs: imageFetch.timeoutMs,
      maxRedirects: MAX_REDIRECTS,
      allowedHosts: imageFetch.allowedHosts,
    });
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    scope.logger.info({ reason: error.reason, detail: error.message }, "image download refused");
    throw failed(kind, error.reason);
  }
  let image;
  try {
    image = await inspectImage(fetched.bytes);
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    throw failed(kind, error.problem === "too_large_pixels" ? "too_large_pixels" : "not_an_image");
  }
  const lastSegment = decodeURIComponentSafe(fetched.url.pathname.split("/").pop() ?? "");
  return storeImage(scope, {
    accountId,
    kind,
    bytes: fetched.bytes,
    image,
    originalName: cleanFileName(lastSegment, `${kind}.${image.extension}`),
    sourceUrl: url,
  });
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

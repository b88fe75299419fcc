import type { StoredFile } from "../../../storage/fileStorage.ts";
import type { ApiContext } from "../../context.ts";
import { STORED_FILE_CSP } from "../../middleware/security.ts";

/** A form's terms PDF as a download: an attachment that no browser runs as a page. */
export function sendTerms(ctx: ApiContext, { stored, name }: { stored: StoredFile; name: string }): void {
  ctx.set("X-Content-Type-Options", "nosniff");
  ctx.set("Content-Security-Policy", STORED_FILE_CSP);
  ctx.attachment(name);
  ctx.type = "application/pdf";
  ctx.length = stored.size;
  ctx.body = stored.stream;
}

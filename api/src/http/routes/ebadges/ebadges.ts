import type { Readable } from "node:stream";
import { EBADGE_BACKGROUND_MAX_BYTES } from "@tessera/shared";
import { ebadgeContracts as ebadges } from "@tessera/shared/contracts/ebadges";
import { AppError } from "../../../errors.ts";
import { setTemplateBackground, templateBackground } from "../../../services/ebadges/background.ts";
import { batchPdf, createBatch, getBatch } from "../../../services/ebadges/batches.ts";
import { previewTemplate } from "../../../services/ebadges/preview.ts";
import { guestPrints, portalBadge, printGuestBadge, printPdf } from "../../../services/ebadges/prints.ts";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listAccountTemplates,
  listTemplates,
  setTemplateConditions,
  templateConditions,
  updateTemplate,
} from "../../../services/ebadges/templates.ts";
import type { ApiContext } from "../../context.ts";
import { guestSessionCookie } from "../../middleware/cookies.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { STORED_FILE_CSP } from "../../middleware/security.ts";
import { presentEbadge, presentEbadgeBatch, presentEbadgePrint } from "../../presenters/ebadge.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** The `file` part of a background upload, refused past 4 MB while it streams in. */
async function readBackground(ctx: ApiContext) {
  if (!isMultipart(ctx)) throw new AppError("unsupported_media_type", 415);
  const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: EBADGE_BACKGROUND_MAX_BYTES });
  if (!form.file) throw AppError.invalid([{ field: "file", code: "required" }]);
  return form.file;
}

function sendPdf(ctx: ApiContext, body: Readable, fileName: string, size?: number): void {
  ctx.set("X-Content-Type-Options", "nosniff");
  ctx.set("Content-Security-Policy", STORED_FILE_CSP);
  ctx.set("Cache-Control", "no-store");
  ctx.attachment(fileName);
  ctx.type = "application/pdf";
  if (size !== undefined) ctx.length = size;
  ctx.body = body;
}

const ok = { ok: true as const };

/**
 * E-badges (spec §7 ebadges): /events/{a}/{e}/ebadges and the spec's own paths. The fixed paths (conditions,
 * prints, batches) come before /ebadges/{id}, whose id would not parse.
 */
export const ebadgeRoutes: Route[] = [
  route(ebadges.list, async (scope, { params }) => ({
    data: (await listTemplates(scope, eventKey(params))).map((view) => presentEbadge(scope.actor, view)),
  })),
  route(ebadges.accountList, async (scope, { params, query }) => ({
    data: (await listAccountTemplates(scope, params.a, query.event)).map((view) => presentEbadge(scope.actor, view)),
  })),
  route(ebadges.create, async (scope, { params, body }) =>
    presentEbadge(scope.actor, await createTemplate(scope, eventKey(params), body)),
  ),
  route(ebadges.conditions, async (scope, { params }) => ({
    data: await templateConditions(scope, eventKey(params)),
  })),
  route(ebadges.setConditions, async (scope, { params, body }) => ({
    data: await setTemplateConditions(scope, eventKey(params), body),
  })),
  route(ebadges.print, async (scope, { params, body }) =>
    presentEbadgePrint(await printGuestBadge(scope, eventKey(params), body)),
  ),
  route(ebadges.printPdf, async (scope, { params }, ctx) => {
    const { body, fileName } = await printPdf(scope, eventKey(params), params.id);
    sendPdf(ctx, body, fileName);
  }),
  route(ebadges.guestPrints, async (scope, { params }) => {
    const { prints, printCount } = await guestPrints(scope, eventKey(params), params.id);
    return { data: prints.map(presentEbadgePrint), printCount };
  }),
  route(ebadges.createBatch, async (scope, { params, body }) =>
    presentEbadgeBatch(await createBatch(scope, eventKey(params), body), scope.t),
  ),
  route(ebadges.batch, async (scope, { params }) =>
    presentEbadgeBatch(await getBatch(scope, eventKey(params), params.id), scope.t),
  ),
  route(ebadges.batchPdf, async (scope, { params }, ctx) => {
    const { body, size } = await batchPdf(scope, eventKey(params), params.id);
    sendPdf(ctx, body, "badges.pdf", size);
  }),
  route(ebadges.get, async (scope, { params }) =>
    presentEbadge(scope.actor, await getTemplate(scope, eventKey(params), params.id)),
  ),
  route(ebadges.update, async (scope, { params, body }) =>
    presentEbadge(scope.actor, await updateTemplate(scope, eventKey(params), params.id, body)),
  ),
  route(ebadges.preview, async (scope, { params, body }, ctx) => {
    const { body: pdf, fileName } = await previewTemplate(scope, eventKey(params), params.id, body);
    sendPdf(ctx, pdf, fileName);
  }),
  route(ebadges.remove, async (scope, { params }) => {
    await deleteTemplate(scope, eventKey(params), params.id);
    return ok;
  }),
  route(ebadges.accountUpdate, async (scope, { params, body }) =>
    presentEbadge(scope.actor, await updateTemplate(scope, eventKey(params), params.id, body)),
  ),
  route(ebadges.accountRemove, async (scope, { params }) => {
    await deleteTemplate(scope, eventKey(params), params.id);
    return ok;
  }),
  route(ebadges.uploadBackground, async (scope, { params }, ctx) =>
    presentEbadge(
      scope.actor,
      await setTemplateBackground(scope, eventKey(params), params.id, () => readBackground(ctx)),
    ),
  ),
  route(ebadges.background, async (scope, { params }, ctx) => {
    const { stored, name, mimeType } = await templateBackground(scope, eventKey(params), params.id);
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Content-Security-Policy", STORED_FILE_CSP);
    ctx.attachment(name);
    ctx.type = mimeType;
    ctx.length = stored.size;
    ctx.body = stored.stream;
  }),
  route(ebadges.portalBadge, async (scope, { params }, ctx) => {
    const { body, fileName } = await portalBadge(scope, params.event, guestSessionCookie(ctx));
    sendPdf(ctx, body, fileName);
  }),
];

import { randomBytes, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { ebadgeShowsCode, isLanguage, type EbadgeBatchCreate, type GuestSelectionQuery } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import { EbadgeBatch } from "../../models/EbadgeBatch.ts";
import { EbadgePrint } from "../../models/EbadgePrint.ts";
import { Event } from "../../models/Event.ts";
import type { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import { extraFacts } from "../conditions.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { readGuestSlices } from "../guests/export/pages.ts";
import { countEventGuests, resolveView } from "../guests/list.ts";
import { EventLoopBreaks, SLICE_MS } from "../eventLoopBreaks.ts";
import { createScope, type AppDeps, type Scope } from "../scope.ts";
import { badgeChooser, openBadgeDocument, SliceCodes } from "./badges.ts";
import { printCounts } from "./prints.ts";
import { BadgeSheets, drawBadge } from "./render.ts";

/*
 * Bulk badge PDFs of the filtered guest list (issue 12 item 5). Asking for one checks the filters (422) and
 * counts the guests, stores the batch "queued" and sends the `ebadges.batch` job. The job reads the guests in
 * slices (the guest export's reader: the list's own query, a turn of the event loop per slice), draws each
 * guest's badge into ONE pdfkit document that streams into file storage as it is written (held back while the
 * file lags behind), records the slice's prints and the progress, and finally stores the PDF: memory stays
 * flat whatever the number of guests. A failure marks the batch failed ('Ebadges could not be generated.'),
 * removes its prints and its partial file.
 */

export const EBADGE_BATCH_JOB = "ebadges.batch";
/** The PDF bytes pdfkit may hold before the job waits for the file to catch up. */
const BUFFERED_BYTES_MAX = 4 * 1024 * 1024;

export async function createBatch(scope: Scope, key: EventKey, body: EbadgeBatchCreate): Promise<EbadgeBatch> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const chooser = await badgeChooser(scope.db, event.id);
  if (!chooser.templates.some((template) => template.isEnabled)) throw new AppError("ebadge_required", 409);
  // A saved view is the caller's: resolved now, so the job needs no one's rights to read it.
  const { count: _count, ...requested } = body.query ?? {};
  const query = (await resolveView(scope.db, scope.actor, event.id, requested)) as GuestSelectionQuery;
  const total = await countEventGuests(scope, { accountId: event.accountId, eventId: event.id }, query);
  const batch = await EbadgeBatch.query(scope.db).insertAndFetch({
    accountId: event.accountId,
    eventId: event.id,
    status: "queued",
    layout: body.layout ?? "page",
    query,
    reason: body.reason?.trim() || null,
    total,
    processed: 0,
    printed: 0,
    skippedPrinted: 0,
    withoutBadge: 0,
    requestedByUserId: scope.actor?.kind === "user" ? scope.actor.id : null,
    requestedByApiKeyId: scope.actor?.kind === "apiKey" ? scope.actor.id : null,
    language: scope.language,
  });
  await scope.deps.jobs.send(EBADGE_BATCH_JOB, { batchId: batch.id }, { retryLimit: 0 });
  return batch;
}

export async function getBatch(scope: Scope, key: EventKey, id: string): Promise<EbadgeBatch> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const batch = await EbadgeBatch.query(scope.db).findOne({ id, eventId: event.id });
  if (!batch) throw AppError.notFound();
  return batch;
}

export async function batchPdf(scope: Scope, key: EventKey, id: string): Promise<{ body: Readable; size: number }> {
  const batch = await getBatch(scope, key, id);
  if (batch.status !== "done" || !batch.storageKey) throw new AppError("ebadges_not_generated", 409);
  const stored = await scope.deps.storage.get(batch.storageKey);
  if (!stored) throw AppError.notFound();
  return { body: stored.stream, size: stored.size };
}

/** Waits while the document holds more than BUFFERED_BYTES_MAX not yet taken by the file. */
async function letTheFileCatchUp(doc: PDFKit.PDFDocument): Promise<void> {
  const stream = doc as unknown as Readable;
  while (stream.readableLength > BUFFERED_BYTES_MAX) await sleep(2);
}

/** The job: draws the batch's badges into its PDF. Runs once; a batch no longer queued is left alone. */
export async function runBatch(deps: AppDeps, batchId: string): Promise<void> {
  const started = await EbadgeBatch.query(deps.db)
    .findById(batchId)
    .where({ status: "queued" })
    .patch({ status: "running", startedAt: deps.clock.now() });
  if (!started) return;
  const batch = (await EbadgeBatch.query(deps.db).findById(batchId))!;
  const scope = createScope(deps, { language: isLanguage(batch.language) ? batch.language : undefined });
  const storageKey = `ebadge-batches/${batch.accountId}/${randomBytes(16).toString("hex")}.pdf`;
  let written: Promise<{ size: number }> | undefined;
  let pdf: Readable | undefined;
  try {
    const event = (await Event.query(deps.db).findById(batch.eventId))!;
    const chooser = await badgeChooser(deps.db, event.id);
    const { doc, context } = await openBadgeDocument(scope, event, chooser.templates, event.name);
    pdf = doc as unknown as Readable;
    written = deps.storage.putStream(storageKey, pdf, { contentType: "application/pdf" });
    written.catch(() => undefined); // awaited below; a failure also surfaces there
    const sheets = new BadgeSheets(doc, batch.layout);
    const entryCodes = new SliceCodes(scope, event);
    const showsCode = new Set(
      chooser.templates.filter((template) => ebadgeShowsCode(template.blocks)).map((template) => template.id),
    );
    const tally = { processed: 0, printed: 0, skippedPrinted: 0, withoutBadge: 0 };
    // A badge takes milliseconds (its code, its QR, its page): the event loop is given back every SLICE_MS.
    const breaks = new EventLoopBreaks();
    let sliceStart = performance.now();
    for await (const slice of await readGuestSlices(scope, event.id, batch.query)) {
      const ids = slice.map((guest) => guest.id);
      const [extras, counts] = await Promise.all([
        extraFacts(deps.db, chooser.needs, ids),
        printCounts(deps.db, event.id, ids),
      ]);
      const picked = new Map((slice as Guest[]).map((guest) => [guest.id, chooser.pick(guest, extras)]));
      const codes = await entryCodes.of(
        ids.filter((id) => {
          const template = picked.get(id);
          return template && showsCode.has(template.id) && (!counts.get(id) || batch.reason);
        }),
      );
      const prints: Record<string, unknown>[] = [];
      for (const guest of slice as Guest[]) {
        tally.processed++;
        const template = picked.get(guest.id) ?? null;
        if (!template) {
          tally.withoutBadge++;
          continue;
        }
        const printedBefore = counts.get(guest.id) ?? 0;
        if (printedBefore && !batch.reason) {
          tally.skippedPrinted++;
          continue;
        }
        const code = codes.get(guest.id) ?? null;
        sheets.add(template, () => drawBadge(doc, template, guest, context, code));
        tally.printed++;
        if (performance.now() - sliceStart >= SLICE_MS) {
          await breaks.take();
          sliceStart = performance.now();
        }
        prints.push({
          id: randomUUID(),
          accountId: batch.accountId,
          eventId: event.id,
          guestId: guest.id,
          ebadgeId: template.id,
          batchId: batch.id,
          printNumber: printedBefore + 1,
          source: "bulk",
          reason: printedBefore ? batch.reason : null,
          printedByUserId: batch.requestedByUserId,
          printedByApiKeyId: batch.requestedByApiKeyId,
          printedByGuest: false,
          createdAt: deps.clock.now().toISOString(),
        });
      }
      await deps.db.transaction(async (trx) => {
        if (prints.length) await trx("ebadgePrints").insert(prints);
        await EbadgeBatch.query(trx).findById(batch.id).patch(tally);
      });
      await letTheFileCatchUp(doc);
    }
    // A list with nobody to print still makes a valid PDF: one blank page.
    if (!tally.printed) doc.addPage({ size: "A4", margin: 0 });
    doc.end();
    const { size } = await written;
    await deps.db.transaction(async (trx) => {
      await EbadgeBatch.query(trx)
        .findById(batch.id)
        .patch({ ...tally, status: "done", storageKey, size, finishedAt: deps.clock.now() });
      await recordAudit(trx, null, {
        action: "ebadge.batch_printed",
        accountId: batch.accountId,
        eventId: batch.eventId,
        subjectType: "ebadgeBatch",
        subjectId: batch.id,
        after: { layout: batch.layout, ...tally, reason: batch.reason },
        authorUserId: batch.requestedByUserId,
      });
    });
  } catch (error) {
    deps.logger.error({ err: error, batchId }, "bulk badge PDF failed");
    pdf?.destroy(error instanceof Error ? error : new Error(String(error)));
    await written?.catch(() => undefined);
    await deps.storage.delete(storageKey).catch(() => undefined);
    await deps.db.transaction(async (trx) => {
      await EbadgePrint.query(trx).where({ batchId }).delete();
      await EbadgeBatch.query(trx)
        .findById(batchId)
        .patch({ status: "failed", errorCode: "ebadges_not_generated", finishedAt: deps.clock.now() });
    });
  }
}

export function registerEbadgeJobs(deps: AppDeps): void {
  deps.jobs.register<{ batchId: string }>(EBADGE_BATCH_JOB, ({ batchId }) => runBatch(deps, batchId));
}

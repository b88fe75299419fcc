import {
  ebadgePageSize,
  type EbadgeBatchJson,
  type EbadgeJson,
  type EbadgePrintJson,
  type TFunction,
} from "@tessera/shared";
import type { EbadgeBatch } from "../../models/EbadgeBatch.ts";
import { canOnEvent } from "../../policies/events.ts";
import type { Actor } from "../../policies/actor.ts";
import type { EbadgeView } from "../../services/ebadges/templates.ts";
import type { PrintView } from "../../services/ebadges/prints.ts";

export function presentEbadge(actor: Actor | undefined, { ebadge, event, ties }: EbadgeView): EbadgeJson {
  const update = canOnEvent(actor, "update", event, ties);
  return {
    id: ebadge.id,
    eventId: ebadge.eventId,
    name: ebadge.name,
    format: ebadge.format,
    orientation: ebadge.orientation,
    page: ebadgePageSize(ebadge.format, ebadge.orientation),
    isEnabled: ebadge.isEnabled,
    background:
      ebadge.backgroundStorageKey && ebadge.backgroundName
        ? {
            name: ebadge.backgroundName,
            mimeType: ebadge.backgroundMimeType ?? "",
            size: ebadge.backgroundSize ?? 0,
            width: ebadge.backgroundWidth ?? 0,
            height: ebadge.backgroundHeight ?? 0,
          }
        : null,
    blocks: ebadge.blocks,
    conditions: ebadge.conditions ?? null,
    createdAt: ebadge.createdAt.toISOString(),
    updatedAt: ebadge.updatedAt.toISOString(),
    abilities: { update, delete: update, print: update },
  };
}

export function presentEbadgePrint({ print, printedBy }: PrintView): EbadgePrintJson {
  return {
    id: print.id,
    guestId: print.guestId,
    ebadgeId: print.ebadgeId,
    batchId: print.batchId,
    printNumber: print.printNumber,
    isReprint: print.printNumber > 1,
    source: print.source,
    reason: print.reason,
    printedBy,
    createdAt: print.createdAt.toISOString(),
    url: `/api/v1/events/${print.accountId}/${print.eventId}/ebadges/prints/${print.id}/pdf`,
  };
}

export function presentEbadgeBatch(batch: EbadgeBatch, t: TFunction): EbadgeBatchJson {
  return {
    id: batch.id,
    eventId: batch.eventId,
    status: batch.status,
    layout: batch.layout,
    reason: batch.reason,
    total: batch.total,
    processed: batch.processed,
    printed: batch.printed,
    skippedPrinted: batch.skippedPrinted,
    withoutBadge: batch.withoutBadge,
    size: batch.size === null ? null : Number(batch.size),
    error: batch.errorCode ? { code: batch.errorCode, message: t(`errors:${batch.errorCode}`) } : null,
    createdAt: batch.createdAt.toISOString(),
    finishedAt: batch.finishedAt?.toISOString() ?? null,
    url:
      batch.status === "done"
        ? `/api/v1/events/${batch.accountId}/${batch.eventId}/ebadges/batches/${batch.id}/pdf`
        : null,
  };
}

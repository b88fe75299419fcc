import type { Readable } from "node:stream";
import { ebadgePageSize, type EbadgeBlock, type EbadgePreviewRequest } from "@tessera/shared";
import type { Ebadge } from "../../models/Ebadge.ts";
import type { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { findGuest } from "../guests/write.ts";
import type { Scope } from "../scope.ts";
import { pdfFileName, singleBadgePdf } from "./badges.ts";
import { checkBlocks, findTemplate } from "./templates.ts";

/*
 * The badge editor's preview: the saved template with the editor's draft over it, drawn by the same code as a
 * print (badges.ts, render.ts) for one guest of the event or for a sample guest, and never saved: no template
 * row changes and no print is recorded. Editors and up, who may save the draft, may preview it.
 */

/** What the QR block of a sample guest's badge reads: no entry code (a desk would call it unknown). */
export const SAMPLE_BADGE_CODE = "TESSERA-BADGE-PREVIEW";

/** The guest a preview shows when none is chosen: a name, a company and a job title, no answers. */
function sampleGuest(event: Event): Guest {
  return Object.assign(new Guest(), {
    id: "00000000-0000-4000-8000-000000000000",
    accountId: event.accountId,
    eventId: event.id,
    firstName: "Camille",
    lastName: "Martin",
    email: "camille.martin@example.com",
    civility: null,
    company: "Tessera",
    jobTitle: "Event manager",
    answers: {},
    language: null,
  });
}

/** The template as the editor holds it: the draft's page, name and blocks over the saved ones. */
function draftOf(saved: Ebadge, draft: EbadgePreviewRequest["draft"]): Ebadge {
  const edited = saved.$clone();
  edited.name = draft.name?.trim() || saved.name;
  edited.format = draft.format ?? saved.format;
  edited.orientation = draft.orientation ?? saved.orientation;
  edited.blocks = (draft.blocks as EbadgeBlock[] | undefined) ?? saved.blocks;
  if (draft.removeBackground) edited.backgroundStorageKey = null;
  return edited;
}

export async function previewTemplate(
  scope: Scope,
  key: EventKey,
  id: string,
  request: EbadgePreviewRequest,
): Promise<{ body: Readable; fileName: string }> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const template = draftOf(await findTemplate(scope.db, event.id, id), request.draft);
  const page = ebadgePageSize(template.format, template.orientation);
  await checkBlocks(scope.db, event, template.blocks, page, "draft.");
  if (!request.guestId) {
    const guest = sampleGuest(event);
    return {
      body: await singleBadgePdf(scope, event, guest, template, SAMPLE_BADGE_CODE),
      fileName: pdfFileName(guest, "badge"),
    };
  }
  const guest = await findGuest(scope.db, event.id, request.guestId);
  return { body: await singleBadgePdf(scope, event, guest, template), fileName: pdfFileName(guest, "badge") };
}

import { DEFAULT_EBADGE_FONT, ebadgePageSize, ebadgeShowsCode, type EbadgeBlock } from "@tessera/shared";
import type { DeskBadgeBlock, DeskBadgeTemplate, DeskGuestBadge } from "@tessera/shared/schemas/deskBadges";
import { AppError } from "../../errors.ts";
import type { Ebadge } from "../../models/Ebadge.ts";
import { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { currentGuestCodeText } from "../checkin-codes/codes.ts";
import { extraFacts } from "../conditions.ts";
import { badgeChooser } from "../ebadges/badges.ts";
import { dateText, guestFieldText } from "../ebadges/render.ts";
import { eventTemplates } from "../ebadges/templates.ts";
import { listCustomFields } from "../guests/customFields.ts";
import type { Scope } from "../scope.ts";
import { admission, guestRowOf, sessionRule } from "./admission.ts";
import { requireEnabled, type Desk } from "./desk.ts";

/*
 * The badge material of a check-in desk (issue 13, item 6): what its label and thermal printers print of the
 * event's e-badge templates, and one guest's badge for a guest the desk did not scan.
 */

async function eventOf(scope: Scope, desk: Desk): Promise<Event> {
  const event = await Event.query(scope.db).findById(desk.checkin.eventId);
  if (!event) throw AppError.notFound();
  return event;
}

function fixedText(block: EbadgeBlock, event: Event, language: string): string | null {
  switch (block.type) {
    case "text":
      return block.text ?? "";
    case "eventName":
      return event.name;
    case "date":
      return dateText(event, language);
    case "location":
      return [event.venueName, event.address, event.country].filter((part) => part?.trim()).join(", ");
    default:
      return null;
  }
}

function deskBlock(block: EbadgeBlock, event: Event, language: string): DeskBadgeBlock | null {
  const font = { ...DEFAULT_EBADGE_FONT, ...block.font };
  const place = { x: block.x, y: block.y, width: block.width, height: block.height };
  const style = { fontSize: font.size ?? DEFAULT_EBADGE_FONT.size!, bold: font.weight === "bold" };
  if (block.type === "qrCode") return { type: "qrCode", ...place, ...style };
  if (block.type === "guestField") return { type: "guestField", ...place, field: block.field ?? "", ...style };
  const text = fixedText(block, event, language);
  return text === null || text.trim() === "" ? null : { type: "text", ...place, text, ...style };
}

function deskTemplate(template: Ebadge, event: Event, language: string): DeskBadgeTemplate {
  return {
    id: template.id,
    name: template.name,
    page: ebadgePageSize(template.format, template.orientation),
    isDefault: !template.conditions,
    blocks: template.blocks
      .map((block) => deskBlock(block, event, language))
      .filter((block): block is DeskBadgeBlock => block !== null),
    updatedAt: template.updatedAt.toISOString(),
  };
}

/** The event's enabled templates, oldest first, as a desk printer prints them. */
export async function deskBadgeTemplates(scope: Scope, desk: Desk): Promise<{ data: DeskBadgeTemplate[] }> {
  requireEnabled(desk.checkin);
  const event = await eventOf(scope, desk);
  const templates = (await eventTemplates(scope.db, event.id)).filter((template) => template.isEnabled);
  return { data: templates.map((template) => deskTemplate(template, event, scope.language)) };
}

/**
 * One guest's badge for the desk: the guest must be one the session lets in (404 otherwise, as for a guest of
 * another event: a desk learns nothing of guests beyond its session's). The entry code is issued on first need.
 */
export async function deskGuestBadge(scope: Scope, desk: Desk, guestId: string): Promise<DeskGuestBadge> {
  requireEnabled(desk.checkin);
  const guest = await Guest.query(scope.db).findOne({ id: guestId, eventId: desk.checkin.eventId });
  if (!guest) throw AppError.notFound();
  const rule = sessionRule(desk.checkin);
  const extras = await extraFacts(scope.db, rule, [guest.id]);
  const row = guestRowOf({ ...guest } as unknown as Record<string, unknown>);
  if (!admission(rule, row, extras).admitted) throw AppError.notFound();
  const chooser = await badgeChooser(scope.db, guest.eventId);
  const template = chooser.pick(guest, await extraFacts(scope.db, chooser.needs, [guest.id]));
  const customFields = new Map((await listCustomFields(scope.db, guest.eventId)).map((field) => [field.id, field]));
  const fields: Record<string, string> = {};
  for (const block of template?.blocks ?? [])
    if (block.type === "guestField" && block.field)
      fields[block.field] = guestFieldText(guest, block.field, customFields);
  const event = await eventOf(scope, desk);
  const entryCode =
    template && !ebadgeShowsCode(template.blocks)
      ? null
      : await currentGuestCodeText(scope.db, scope.deps.config.secret, event, guest.id, scope.clock.now());
  return { guestId: guest.id, ebadgeId: template?.id ?? null, fields, entryCode };
}

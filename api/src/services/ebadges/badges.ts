import type { Readable } from "node:stream";
import { ebadgeShowsCode, evaluate, matchingEbadges } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { CustomField } from "../../models/CustomField.ts";
import type { Ebadge } from "../../models/Ebadge.ts";
import type { Event } from "../../models/Event.ts";
import type { Guest } from "../../models/Guest.ts";
import { GuestCode } from "../../models/GuestCode.ts";
import { Image } from "../../models/Image.ts";
import type { FileStorage } from "../../storage/fileStorage.ts";
import { currentGuestCodeText, signCode, signingKey, type SigningKey } from "../checkin-codes/codes.ts";
import { extraFacts, factNeeds, factsOf, type ExtraFacts, type FactNeeds } from "../conditions.ts";
import { listCustomFields } from "../guests/customFields.ts";
import type { Scope } from "../scope.ts";
import { BadgeSheets, drawBadge, newBadgeDocument, openImage, type BadgeContext, type OpenedImage } from "./render.ts";
import { eventTemplates } from "./templates.ts";

/*
 * A guest's badge: the first enabled template (oldest first) whose conditions hold for them, else the event's
 * default badge (the enabled template without conditions). oneBadge.ts keeps that choice unique when the
 * conditions are saved; "first" only decides for guests who came to match two afterwards.
 */

export interface BadgeChooser {
  templates: Ebadge[];
  needs: FactNeeds;
  pick(guest: Guest, extras: ExtraFacts): Ebadge | null;
}

export async function badgeChooser(db: Knex, eventId: string): Promise<BadgeChooser> {
  const templates = await eventTemplates(db, eventId);
  const choices = templates.map((template) => ({
    template,
    isEnabled: template.isEnabled,
    conditions: template.conditions,
  }));
  return {
    templates,
    needs: factNeeds(templates.filter((template) => template.isEnabled).map((template) => template.conditions)),
    pick(guest, extras) {
      const facts = factsOf(guest, extras);
      return matchingEbadges(choices, (rule) => evaluate(rule, facts))[0] ?? null;
    },
  };
}

/** The badge of one guest, or null when no template gives them one. */
export async function badgeOfGuest(db: Knex, guest: Guest): Promise<Ebadge | null> {
  const chooser = await badgeChooser(db, guest.eventId);
  return chooser.pick(guest, await extraFacts(db, chooser.needs, [guest.id]));
}

async function readAll(storage: FileStorage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A PDF document with what the templates draw opened once: each background, each logo (a JPEG or PNG image of the
 * account; the event's logo when a block names none). A logo in another format (WebP) is left out of the badge.
 */
export async function openBadgeDocument(
  scope: Pick<Scope, "db" | "deps" | "language">,
  event: Event,
  templates: readonly Ebadge[],
  title: string,
): Promise<{ doc: PDFKit.PDFDocument; context: BadgeContext }> {
  const doc = newBadgeDocument(title);
  const backgrounds = new Map<string, OpenedImage>();
  for (const template of templates) {
    const bytes = await readAll(scope.deps.storage, template.backgroundStorageKey);
    if (bytes) backgrounds.set(template.id, openImage(doc, bytes));
  }
  const logoIds = new Set<string>();
  for (const template of templates)
    for (const block of template.blocks) if (block.type === "logo") logoIds.add(block.imageId ?? "event");
  const logos = new Map<string, OpenedImage>();
  for (const logoId of logoIds) {
    const imageId = logoId === "event" ? event.logoImageId : logoId;
    if (!imageId) continue;
    const image = await Image.query(scope.db)
      .findOne({ id: imageId, accountId: event.accountId })
      .whereIn("mimeType", ["image/jpeg", "image/png"]);
    const bytes = image ? await readAll(scope.deps.storage, image.storageKey) : null;
    if (bytes) logos.set(logoId, openImage(doc, bytes));
  }
  const fields: Map<string, CustomField> = new Map(
    (await listCustomFields(scope.db, event.id)).map((field) => [field.id, field]),
  );
  return { doc, context: { event, fields, language: scope.language, backgrounds, logos } };
}

/**
 * The guest's signed entry code when the template shows it (issued on first need, as the QR engineer's service
 * does for emails); null when the template has no QR block or the guest's codes were revoked.
 */
async function badgeCode(
  scope: Pick<Scope, "db" | "deps" | "clock">,
  event: Event,
  guest: Guest,
  template: Ebadge,
): Promise<string | null> {
  if (!ebadgeShowsCode(template.blocks)) return null;
  return currentGuestCodeText(scope.db, scope.deps.config.secret, event, guest.id, scope.clock.now());
}

/**
 * The entry codes of a bulk print's guests, a slice at a time: the codes in force of the slice read in one query
 * and signed here with the event's keys (each read and decrypted once per print), the others issued on first
 * need one by one (currentGuestCodeText). A guest whose codes were revoked has none (null).
 */
export class SliceCodes {
  private readonly keys = new Map<string, SigningKey | null>();

  constructor(
    private readonly scope: Pick<Scope, "db" | "deps" | "clock">,
    private readonly event: Event,
  ) {}

  async of(guestIds: readonly string[]): Promise<Map<string, string | null>> {
    const { db, deps } = this.scope;
    const codes = new Map<string, string | null>();
    if (!guestIds.length) return codes;
    const rows = await GuestCode.query(db)
      .where({ eventId: this.event.id })
      .whereIn("guestId", guestIds)
      .whereNull("revokedAt");
    for (const row of rows) {
      if (!this.keys.has(row.keyId)) this.keys.set(row.keyId, await signingKey(db, deps.config.secret, row.keyId));
      const key = this.keys.get(row.keyId);
      if (key) codes.set(row.guestId, signCode(row, key));
    }
    for (const guestId of guestIds)
      if (!codes.has(guestId))
        codes.set(
          guestId,
          await currentGuestCodeText(db, deps.config.secret, this.event, guestId, this.scope.clock.now()),
        );
    return codes;
  }
}

/**
 * One guest's badge as a one-page PDF stream ('Ebadges could not be generated.' when drawing fails before the
 * first byte). `code` is the text of its QR block when given (a preview's sample guest has no entry code of
 * its own); otherwise the guest's entry code, issued on first need.
 */
export async function singleBadgePdf(
  scope: Scope,
  event: Event,
  guest: Guest,
  template: Ebadge,
  code?: string | null,
): Promise<Readable> {
  try {
    const drawn = code === undefined ? await badgeCode(scope, event, guest, template) : code;
    const { doc, context } = await openBadgeDocument(scope, event, [template], template.name);
    new BadgeSheets(doc, "page").add(template, () => drawBadge(doc, template, guest, context, drawn));
    doc.end();
    return doc as unknown as Readable;
  } catch (error) {
    scope.logger.error({ err: error }, "badge PDF failed");
    throw new AppError("ebadges_not_generated", 500);
  }
}

export function pdfFileName(guest: Pick<Guest, "firstName" | "lastName">, fallback: string): string {
  const name = [guest.firstName, guest.lastName]
    .filter(Boolean)
    .join(" ")
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  return `${name || fallback}.pdf`;
}

import type { OrganizerSave } from "@tessera/shared/schemas/ticketingBilling";
import { compactSiret, isValidSiret } from "@tessera/shared/rules/siret";
import type { ValidationIssue } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Organizer } from "../../models/Organizer.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";

/*
 * The account's organizers: the legal entities that bill ticket sales (spec §3 Organizer/billing). They belong
 * to the account, reached through one of its events (spec §7 `/events/{a}/{e}/organizers`). Who may: anyone who
 * sees the event reads them; editors and up (events.update) create and change them. Every change is in the
 * account's trail, in the same transaction.
 */

/** An organizer as the trail keeps it. */
function organizerSnapshot(organizer: Organizer): Record<string, unknown> {
  return {
    corporateName: organizer.corporateName,
    legalStructure: organizer.legalStructure,
    shareCapitalCents: organizer.shareCapitalCents,
    siret: organizer.siret,
    rcsNumber: organizer.rcsNumber,
    street: organizer.street,
    zip: organizer.zip,
    city: organizer.city,
    vatStatus: organizer.vatStatus,
    vatNumber: organizer.vatNumber,
    legalMentions: organizer.legalMentions,
  };
}

/** The SIRET as stored: its digits, spaces dropped; 422 on `siret` unless its 14 digits pass the checksum. */
function checkedSiret(siret: string): string {
  const digits = compactSiret(siret);
  if (!isValidSiret(digits)) throw AppError.invalid([{ field: "siret", code: "siret_invalid" }]);
  return digits;
}

/** Trimmed text, null when blank. */
function text(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** The organizer of the account, 404 organizer_not_found otherwise (another account's is not found either). */
export async function findOrganizer(db: Knex, accountId: string, organizerId: string): Promise<Organizer> {
  const organizer = await Organizer.query(db).findOne({ id: organizerId, accountId });
  if (!organizer) throw new AppError("organizer_not_found", 404);
  return organizer;
}

export async function listOrganizers(scope: Scope, key: EventKey): Promise<Organizer[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return Organizer.query(scope.db).where({ accountId: event.accountId }).orderBy("corporateName").orderBy("id");
}

/** Creates (no `id`) or changes (the fields sent) an organizer of the event's account. */
export async function saveOrganizer(scope: Scope, key: EventKey, body: OrganizerSave): Promise<Organizer> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const patch: Partial<Organizer> = {};
    if (body.corporateName !== undefined) patch.corporateName = body.corporateName.trim();
    if (body.legalStructure !== undefined) patch.legalStructure = text(body.legalStructure) ?? null;
    if (body.shareCapitalCents !== undefined) patch.shareCapitalCents = body.shareCapitalCents;
    if (body.siret !== undefined) patch.siret = checkedSiret(body.siret);
    if (body.rcsNumber !== undefined) patch.rcsNumber = text(body.rcsNumber) ?? null;
    if (body.street !== undefined) patch.street = text(body.street) ?? null;
    if (body.zip !== undefined) patch.zip = text(body.zip) ?? null;
    if (body.city !== undefined) patch.city = text(body.city) ?? null;
    if (body.vatStatus !== undefined) patch.vatStatus = body.vatStatus;
    if (body.vatNumber !== undefined) patch.vatNumber = text(body.vatNumber) ?? null;
    if (body.legalMentions !== undefined) patch.legalMentions = text(body.legalMentions) ?? null;
    if (patch.corporateName === "") throw AppError.invalid([{ field: "corporateName", code: "required" }]);

    if (!body.id) {
      const missing: ValidationIssue[] = (["corporateName", "siret", "vatStatus"] as const)
        .filter((field) => !patch[field])
        .map((field) => ({ field, code: "required" }));
      if (missing.length) throw AppError.invalid(missing);
      const organizer = await Organizer.query(trx).insertAndFetch({ ...patch, accountId: event.accountId });
      await recordAudit(trx, scope, {
        action: "organizer.created",
        subjectType: "organizer",
        subjectId: organizer.id,
        accountId: event.accountId,
        after: organizerSnapshot(organizer),
        metadata: { subject: organizer.corporateName },
      });
      return organizer;
    }

    const organizer = await findOrganizer(trx, event.accountId, body.id);
    const updated = await Organizer.query(trx).patchAndFetchById(organizer.id, patch);
    const changes = changedFields(organizerSnapshot(organizer), organizerSnapshot(updated));
    if (changes)
      await recordAudit(trx, scope, {
        action: "organizer.updated",
        subjectType: "organizer",
        subjectId: organizer.id,
        accountId: event.accountId,
        ...changes,
        metadata: { subject: updated.corporateName },
      });
    return updated;
  });
}

import {
  ATTENDING_STATUSES,
  walkFormItems,
  type PortalCompanion,
  type PortalCompanionBody,
  type PublicFormJson,
  type ValidationIssue,
} from "@tessera/shared";
import { lockNames } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import { derivedGuestColumns } from "../guests/prepare.ts";
import { guestSnapshot } from "../guests/write.ts";
import { cancelCompanion, companionsOf } from "../guests/companions.ts";
import { promoteWaitingAfter } from "../forms/waitingList.ts";
import { onlineForm } from "../forms/onlineForm.ts";
import { checkedAnswers, viewPublicForm } from "../forms/registration.ts";
import { removeAnsweredFiles, resolveKeptFiles } from "../forms/keptFiles.ts";
import { moveUploads, resolveUploads, type UploadMove } from "../forms/uploads.ts";
import { removeStoredGuestFiles } from "../guests/files.ts";
import type { Scope } from "../scope.ts";
import { portalRegistrationForm, signedInGuest } from "./signedInGuest.ts";

/*
 * The signed-in guest's companions in their portal (spec §2 "my companions"): guests of the event whose
 * godfather is the guest, added, changed and removed by them within the event's maximum, answering the
 * companion form the registration form names (its companions question), if any (its file questions with
 * files uploaded for it, which become the companion's). Only while the guest attends (confirmed or awaiting
 * approval); cancelling their registration cancels their companions, who then leave the list (registering
 * again brings none back).
 */

/** Refuses a change of companions by a guest who does not attend (cancelled, declined, rejected…). */
function refuseUnlessAttending(guest: Guest): void {
  if (!ATTENDING_STATUSES.includes(guest.status)) throw new AppError("companions_not_attending", 409);
}

const presentCompanion = (companion: Guest): PortalCompanion => ({
  id: companion.id,
  firstName: companion.firstName,
  lastName: companion.lastName,
  email: companion.email,
  status: companion.status,
  answers: { ...companion.answers },
});

/** The companion form the event's online registration form names (its companions question), if any. */
async function companionFormId(scope: Scope, event: Event): Promise<string | null> {
  const registration = await portalRegistrationForm(scope, event.id);
  const item = registration
    ? [...walkFormItems(registration.items)].find(({ item }) => item.kind === "companions")?.item
    : undefined;
  return item?.kind === "companions" ? item.companionFormId : null;
}

/**
 * The companion form's answers checked by its rules (none kept without a companion form), the files uploaded
 * for it to make the companion's, and the file questions whose file the companion loses. A file question
 * takes an upload; a companion changed keeps the file they answered it with by `{ keep: fileId }` (theirs,
 * of that question: keptFiles.ts) or loses it by null, as the guest's own registration does.
 */
async function companionAnswers(
  scope: Scope,
  event: Event,
  sent: Record<string, unknown> | undefined,
  current: Guest | null = null,
): Promise<{ answers: Record<string, unknown>; moves: UploadMove[]; removedFiles: string[] }> {
  const formId = await companionFormId(scope, event);
  if (!formId) return { answers: {}, moves: [], removedFiles: [] };
  const online = await onlineForm(scope.db, event.slug, formId, "companion");
  const files = await resolveKeptFiles(scope.db, online, sent ?? {}, current?.id ?? null);
  const uploads = await resolveUploads(scope.db, online, files.answers, scope.clock.now());
  const answers = checkedAnswers(online, uploads.answers);
  // Files of questions the form hid are not kept (their uploads expire).
  const moves = uploads.moves.filter((move) => move.upload.customFieldId in answers);
  return { answers, moves, removedFiles: files.removed };
}

/** The companion form's questions, as the signed-in guest answers them for a companion; 404 without one. */
export async function viewPortalCompanionForm(
  scope: Scope,
  slug: string,
  token: string | null,
): Promise<PublicFormJson> {
  const { event } = await signedInGuest(scope, slug, token);
  const formId = await companionFormId(scope, event);
  if (!formId) throw new AppError("form_not_set", 404);
  return viewPublicForm(scope, event.slug, formId, "companion");
}

export async function listPortalCompanions(
  scope: Scope,
  slug: string,
  token: string | null,
): Promise<{ data: PortalCompanion[]; max: number | null }> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  return { data: (await companionsOf(scope.db, guest)).map(presentCompanion), max: event.maxCompanions };
}

function identityOf(body: PortalCompanionBody) {
  const email = body.email?.trim() || null;
  const identity = { firstName: body.firstName.trim(), lastName: body.lastName.trim(), email };
  return { ...identity, ...derivedGuestColumns({ ...identity, company: null }) };
}

/** Adds a companion, within the event's maximum; they take the guest's status of attending. */
export async function addPortalCompanion(
  scope: Scope,
  slug: string,
  token: string | null,
  body: PortalCompanionBody,
): Promise<PortalCompanion> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  refuseUnlessAttending(guest);
  const { answers, moves } = await companionAnswers(scope, event, body.answers);
  const companion = await scope.db.transaction(async (trx) => {
    await lockNames(trx, `registration:${event.id}`, [`companions:${guest.id}`]);
    const count = (await companionsOf(trx, guest)).length;
    if (event.maxCompanions !== null && count >= event.maxCompanions) {
      const issue: ValidationIssue = {
        field: "companions",
        code: "companions_too_many",
        params: { max: event.maxCompanions },
      };
      throw AppError.invalid([issue]);
    }
    const created = (await Guest.query(trx)
      .insert({
        ...identityOf(body),
        accountId: event.accountId,
        eventId: event.id,
        godfatherId: guest.id,
        status: guest.status,
        registeredAt: scope.clock.now(),
        answers: answers as Guest["answers"],
        createdSource: "companion",
      })
      .returning("*")) as unknown as Guest;
    await moveUploads(trx, created, moves);
    await Guest.query(trx)
      .patch({ companionsExpected: Math.max(guest.companionsExpected, count + 1) })
      .where({ id: guest.id });
    await recordAudit(trx, scope, {
      action: "guest.created",
      subjectType: "guest",
      subjectId: created.id,
      accountId: event.accountId,
      eventId: event.id,
      after: guestSnapshot(created),
    });
    return created;
  });
  return presentCompanion(companion);
}

async function ownCompanion(db: Knex, guest: Guest, companionId: string): Promise<Guest> {
  const companion = await Guest.query(db).findOne({ id: companionId, eventId: guest.eventId, godfatherId: guest.id });
  if (!companion || companion.status === "cancelled") throw AppError.notFound();
  return companion;
}

export async function updatePortalCompanion(
  scope: Scope,
  slug: string,
  token: string | null,
  companionId: string,
  body: PortalCompanionBody,
): Promise<PortalCompanion> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  refuseUnlessAttending(guest);
  const current = await ownCompanion(scope.db, guest, companionId);
  const { answers, moves, removedFiles } = await companionAnswers(scope, event, body.answers, current);
  let replacedFiles: string[] = [];
  const updated = await scope.db.transaction(async (trx) => {
    const patched = await Guest.query(trx).patchAndFetchById(current.id, {
      ...identityOf(body),
      answers: Object.fromEntries(
        Object.entries({ ...current.answers, ...answers }).filter(([id]) => !removedFiles.includes(id)),
      ) as Guest["answers"],
    });
    replacedFiles = [
      ...(await moveUploads(trx, patched, moves)),
      ...(await removeAnsweredFiles(trx, patched.id, removedFiles)),
    ];
    await recordAudit(trx, scope, {
      action: "guest.updated",
      subjectType: "guest",
      subjectId: current.id,
      accountId: event.accountId,
      eventId: event.id,
      before: guestSnapshot(current),
      after: guestSnapshot(patched),
    });
    return patched;
  });
  await removeStoredGuestFiles(scope, replacedFiles);
  return presentCompanion(updated);
}

/** Removes a companion: their registration is cancelled (the organizer keeps the record). */
export async function removePortalCompanion(
  scope: Scope,
  slug: string,
  token: string | null,
  companionId: string,
): Promise<{ ok: true }> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  refuseUnlessAttending(guest);
  const current = await ownCompanion(scope.db, guest, companionId);
  await scope.db.transaction((trx) => cancelCompanion(trx, scope, event, current, { unlinked: true }));
  // The places the companion held go to the guests waiting for them.
  await promoteWaitingAfter(scope, event);
  return { ok: true };
}

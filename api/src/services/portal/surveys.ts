import type { PortalSurvey, PublicFormJson, SurveyAnswerBody } from "@tessera/shared";
import { isUniqueViolation } from "../../db/dialect.ts";
import { AppError } from "../../errors.ts";
import { Form } from "../../models/Form.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import { guestSnapshot } from "../guests/write.ts";
import { removeStoredGuestFiles } from "../guests/files.ts";
import { isClosed, onlineForm } from "../forms/onlineForm.ts";
import { checkedAnswers, viewPublicForm } from "../forms/registration.ts";
import { resolveKeptFiles } from "../forms/keptFiles.ts";
import { moveUploads, resolveUploads } from "../forms/uploads.ts";
import type { Scope } from "../scope.ts";
import { signedInGuest } from "./signedInGuest.ts";

/*
 * Satisfaction surveys in the guest's portal (spec §4: a survey opens from a date): each online survey,
 * open or not yet, and whether the guest answered it; answered once per guest, the answers kept with the
 * guest's other answers (the survey's questions are the event's custom fields), which feed statistics. A file
 * question is answered with a file uploaded for the survey (uploadFile's `{ uploadId, uploadKey }`): it
 * becomes one of the guest's files.
 */

export async function listPortalSurveys(scope: Scope, slug: string, token: string | null): Promise<PortalSurvey[]> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  const surveys = await Form.query(scope.db)
    .where({ eventId: event.id, type: "survey", state: "online" })
    .orderBy("createdAt");
  const answered = new Set(
    ((await scope.db("surveyResponses").where({ guestId: guest.id }).select("formId")) as { formId: string }[]).map(
      (row) => row.formId,
    ),
  );
  const now = scope.clock.now();
  return surveys.map((form) => ({
    id: form.id,
    title: form.title,
    isOpen: !isClosed({ event, form }, now),
    answered: answered.has(form.id),
  }));
}

/** A survey's questions, as the signed-in guest answers them (an online survey of the event; 404 otherwise). */
export async function viewPortalSurvey(
  scope: Scope,
  slug: string,
  token: string | null,
  formId: string,
): Promise<PublicFormJson> {
  await signedInGuest(scope, slug, token);
  return viewPublicForm(scope, slug, formId, "survey");
}

/** The guest answers a survey, once, while it is open; the files uploaded for it become the guest's. */
export async function answerPortalSurvey(
  scope: Scope,
  slug: string,
  token: string | null,
  formId: string,
  body: SurveyAnswerBody,
): Promise<{ ok: true }> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  const online = await onlineForm(scope.db, slug, formId, "survey");
  const now = scope.clock.now();
  if (isClosed(online, now)) throw new AppError("survey_not_open", 409);
  // A file question takes a file uploaded for the survey, or nothing (no file kept).
  const files = await resolveKeptFiles(scope.db, online, body.answers, null);
  const uploads = await resolveUploads(scope.db, online, files.answers, now);
  const answers = checkedAnswers(online, uploads.answers);
  // Files of questions the survey hid are not kept (their uploads expire).
  const moves = uploads.moves.filter((move) => move.upload.customFieldId in answers);
  let replacedFiles: string[] = [];
  try {
    await scope.db.transaction(async (trx) => {
      await trx("surveyResponses").insert({
        formId,
        guestId: guest.id,
        eventId: event.id,
        answeredAt: now.toISOString(),
      });
      const current = (await Guest.query(trx).findById(guest.id))!;
      const updated = await Guest.query(trx).patchAndFetchById(guest.id, {
        answers: { ...current.answers, ...answers } as Guest["answers"],
      });
      replacedFiles = await moveUploads(trx, updated, moves);
      await recordAudit(trx, scope, {
        action: "guest.updated",
        subjectType: "guest",
        subjectId: guest.id,
        accountId: event.accountId,
        eventId: event.id,
        before: guestSnapshot(current),
        after: guestSnapshot(updated),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("survey_already_answered", 409);
    throw error;
  }
  await removeStoredGuestFiles(scope, replacedFiles);
  return { ok: true };
}

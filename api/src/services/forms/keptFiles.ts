import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { GuestFile } from "../../models/GuestFile.ts";
import type { OnlineForm } from "./onlineForm.ts";
import { uploadReference } from "./uploads.ts";

/*
 * A registration's file answers other than uploads (those are uploads.ts'): the signed-in guest changing
 * their registration keeps the file they answered a question with (`{ keep: fileId }`, the stored answer's
 * id), or removes it (null). Only theirs: the file must be their own and of that question. Anything else
 * sent for a file question is refused, so that no form names a file it did not upload (the stored shape
 * `{ fileId, name, size }` included).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The file id of `{ keep: fileId }` (a UUID, so that no database is asked about anything else). */
function keptFileId(value: unknown): string | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { keep, ...rest } = value as Record<string, unknown>;
  return typeof keep === "string" && UUID.test(keep) && !Object.keys(rest).length ? keep : null;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

export interface KeptFiles {
  /** The answers, each kept file's answer made the stored one (`{ fileId, name, size }`, read from its row). */
  answers: Record<string, unknown>;
  /** The file questions whose file is kept. */
  kept: string[];
  /** The file questions the signed-in guest answers with nothing (null): their file is removed. */
  removed: string[];
}

/**
 * Resolves the files kept by `guestId`, the signed-in guest (null: a registration of anyone, or a survey,
 * which keep none: a file question then takes an upload or nothing): each must be a file of theirs answering
 * that question, or 422 invalid_value at the question.
 */
export async function resolveKeptFiles(
  db: Knex,
  online: OnlineForm,
  answers: Record<string, unknown>,
  guestId: string | null,
): Promise<KeptFiles> {
  const resolved = { ...answers };
  const kept: string[] = [];
  const removed: string[] = [];
  for (const field of online.fields.filter((candidate) => candidate.type === "file")) {
    const value = answers[field.id];
    const refused = () => AppError.invalid([{ field: `answers.${field.id}`, code: "invalid_value" }]);
    if (isEmpty(value)) {
      if (value === null && guestId) removed.push(field.id);
      continue;
    }
    if (uploadReference(value)) continue;
    const fileId = keptFileId(value);
    if (!fileId || !guestId) throw refused();
    const file = await GuestFile.query(db).findOne({ id: fileId, guestId, customFieldId: field.id });
    if (!file) throw refused();
    resolved[field.id] = { fileId: file.id, name: file.name, size: file.size };
    kept.push(field.id);
  }
  return { answers: resolved, kept, removed };
}

/**
 * In the registration's transaction: removes the guest's files of the questions answered with nothing;
 * returns their storage keys, to remove once committed.
 */
export async function removeAnsweredFiles(
  trx: Knex.Transaction,
  guestId: string,
  fieldIds: readonly string[],
): Promise<string[]> {
  if (!fieldIds.length) return [];
  const files = await GuestFile.query(trx).where({ guestId }).whereIn("customFieldId", fieldIds);
  if (!files.length) return [];
  await GuestFile.query(trx)
    .whereIn(
      "id",
      files.map((file) => file.id),
    )
    .delete();
  return files.map((file) => file.storageKey);
}

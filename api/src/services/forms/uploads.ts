import { randomUUID } from "node:crypto";
import type { FormUploadResult } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { FormUpload } from "../../models/FormUpload.ts";
import { GuestFile } from "../../models/GuestFile.ts";
import type { Guest } from "../../models/Guest.ts";
import { storeThenCommit } from "../../storage/fileStorage.ts";
import { randomToken, sameSecret, sha256 } from "../auth/sessions.ts";
import { nameForType, removeStoredGuestFiles, sniffGuestFile, type UploadedGuestFile } from "../guests/files.ts";
import { cleanFileName } from "../images/store.ts";
import type { Scope } from "../scope.ts";
import { onlineForm, type OnlineForm } from "./onlineForm.ts";

/*
 * Files a guest uploads to a form's file questions before sending it (spec §7 uploadFile): any online form of
 * the event, a registration form, a satisfaction survey or a companion form. Each is kept a day under a secret
 * key the uploader alone holds; sending that form with `{ uploadId, uploadKey }` as the question's answer
 * moves it to the files of the guest the answers are for (the registering guest, the guest answering the
 * survey, the companion), in the transaction that saves the answers. An upload answers its own form only.
 */

const KEPT_HOURS = 24;
const UPLOAD_KEY_PREFIX = "tsu_";

export interface FormUploadInput {
  formId: string;
  customFieldId: string;
  file: UploadedGuestFile;
}

/** Removes the event's uploads nobody sent in time, rows then bytes. */
async function dropExpired(scope: Scope, eventId: string): Promise<void> {
  const expired = await FormUpload.query(scope.db)
    .where({ eventId })
    .where("expiresAt", "<=", scope.clock.now().toISOString())
    .limit(100);
  if (!expired.length) return;
  await FormUpload.query(scope.db)
    .whereIn(
      "id",
      expired.map((upload) => upload.id),
    )
    .delete();
  await removeStoredGuestFiles(
    scope,
    expired.map((upload) => upload.storageKey),
  );
}

/** Stores a file for a file question of an online form (of any type); its key goes back to the uploader only. */
export async function uploadFormFile(
  scope: Scope,
  slug: string,
  readUpload: () => Promise<FormUploadInput>,
): Promise<FormUploadResult> {
  const { formId, customFieldId, file } = await readUpload();
  const { event, fields } = await onlineForm(scope.db, slug, formId, "any");
  const field = fields.find((candidate) => candidate.id === customFieldId && candidate.type === "file");
  if (!field) throw AppError.invalid([{ field: "customFieldId", code: "invalid_value" }]);
  const { mimeType, extension } = await sniffGuestFile(file.bytes);
  await dropExpired(scope, event.id);
  const uploadKey = randomToken(UPLOAD_KEY_PREFIX);
  const name = nameForType(cleanFileName(file.fileName, `${field.name}.${extension}`), mimeType);
  const stored = { prefix: `guest-files/${event.accountId}`, extension, bytes: file.bytes, contentType: mimeType };
  const upload = await storeThenCommit(scope.deps.storage, stored, async (storageKey) =>
    FormUpload.query(scope.db).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      formId,
      customFieldId: field.id,
      name,
      mimeType,
      size: file.bytes.length,
      storageKey,
      keyHash: sha256(uploadKey),
      expiresAt: new Date(scope.clock.now().getTime() + KEPT_HOURS * 3_600_000),
    }),
  );
  return { uploadId: upload.id, uploadKey, name: upload.name, size: upload.size };
}

/** An upload an answer names, to move to the guest's files once they exist. */
export interface UploadMove {
  upload: FormUpload;
  fileId: string;
}

/** The `{ uploadId, uploadKey }` a form sends for a file question, or null when the value is not one. */
export function uploadReference(value: unknown): { uploadId: string; uploadKey: string } | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { uploadId, uploadKey } = value as Record<string, unknown>;
  return typeof uploadId === "string" && typeof uploadKey === "string" ? { uploadId, uploadKey } : null;
}

/**
 * The answers with each `{ uploadId, uploadKey }` of a file question made the file answer it becomes
 * (`{ fileId, name, size }`), and the moves to make; an unknown, expired or foreign upload (another form's,
 * another question's): 422. Other values are keptFiles.ts' to take or refuse (resolveKeptFiles first).
 */
export async function resolveUploads(
  db: Knex,
  online: OnlineForm,
  answers: Record<string, unknown>,
  now: Date,
): Promise<{ answers: Record<string, unknown>; moves: UploadMove[] }> {
  const resolved = { ...answers };
  const moves: UploadMove[] = [];
  for (const field of online.fields.filter((candidate) => candidate.type === "file")) {
    const reference = uploadReference(answers[field.id]);
    if (!reference) continue;
    const upload = await FormUpload.query(db).findOne({
      id: reference.uploadId,
      formId: online.form.id,
      customFieldId: field.id,
    });
    if (!upload || upload.expiresAt <= now || !sameSecret(sha256(reference.uploadKey), upload.keyHash)) {
      throw AppError.invalid([{ field: `answers.${field.id}`, code: "invalid_value" }]);
    }
    const fileId = randomUUID();
    resolved[field.id] = { fileId, name: upload.name, size: upload.size };
    moves.push({ upload, fileId });
  }
  return { answers: resolved, moves };
}

/**
 * Makes the uploads the guest's files (their answers kept), replacing the guest's earlier files of those
 * questions; returns the storage keys of the replaced files, to remove once committed. An upload another
 * registration took meanwhile: 422.
 */
export async function moveUploads(
  trx: Knex.Transaction,
  guest: Pick<Guest, "id" | "accountId" | "eventId">,
  moves: readonly UploadMove[],
): Promise<string[]> {
  const replaced: string[] = [];
  for (const { upload, fileId } of moves) {
    const taken = await FormUpload.query(trx).where({ id: upload.id }).delete();
    if (taken !== 1) throw AppError.invalid([{ field: `answers.${upload.customFieldId}`, code: "invalid_value" }]);
    const previous = await GuestFile.query(trx).where({ guestId: guest.id, customFieldId: upload.customFieldId });
    if (previous.length) {
      await GuestFile.query(trx)
        .whereIn(
          "id",
          previous.map((file) => file.id),
        )
        .delete();
      replaced.push(...previous.map((file) => file.storageKey));
    }
    await GuestFile.query(trx).insert({
      id: fileId,
      accountId: guest.accountId,
      eventId: guest.eventId,
      guestId: guest.id,
      customFieldId: upload.customFieldId,
      name: upload.name,
      mimeType: upload.mimeType,
      size: upload.size,
      storageKey: upload.storageKey,
    });
  }
  return replaced;
}

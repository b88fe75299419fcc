import { fileTypeFromBuffer } from "file-type";
import { GUEST_FILE_TYPES, validateAnswers, type AnswerValue, type ValidationIssue } from "@tessera/shared";
import { lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { CustomField } from "../../models/CustomField.ts";
import { Guest } from "../../models/Guest.ts";
import { GuestFile } from "../../models/GuestFile.ts";
import { storeThenCommit, type StoredFile } from "../../storage/fileStorage.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { cleanFileName } from "../images/store.ts";
import type { GuestMergeStep } from "./mergeSteps.ts";
import type { Scope } from "../scope.ts";
import { guestLabel } from "./auditNames.ts";
import { withGuestExtras, type GuestWithExtras } from "./extras.ts";
import { derivedGuestColumns } from "./prepare.ts";
import { chunksOf } from "./selection.ts";
import { findGuest } from "./write.ts";

export interface UploadedGuestFile {
  bytes: Buffer;
  fileName: string | null;
}

/** An upload as its caller reads it: the file custom field it answers and the file. */
export interface GuestFileUploadInput {
  customFieldId: string;
  file: UploadedGuestFile;
}

/** The type of an uploaded answer file from its content; 422 unsupported_file_type otherwise. */
export async function sniffGuestFile(bytes: Uint8Array): Promise<{ mimeType: string; extension: string }> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const extension = sniffed ? GUEST_FILE_TYPES[sniffed.mime] : undefined;
  if (!sniffed || !extension) throw new AppError("unsupported_file_type", 422);
  return { mimeType: sniffed.mime, extension };
}

function fileAnswerOf(value: AnswerValue | undefined): { fileId: string } | null {
  return value && typeof value === "object" && !Array.isArray(value) && typeof value.fileId === "string" ? value : null;
}

/** Removes stored bytes after their rows are gone (committed); a failure leaves an orphan, logged, never an error. */
export async function removeStoredGuestFiles(
  scope: Pick<Scope, "deps" | "logger">,
  keys: readonly string[],
): Promise<void> {
  for (const key of keys) {
    await scope.deps.storage.delete(key).catch((error: unknown) => {
      scope.logger.warn({ err: error, key }, "stored guest file not removed");
    });
  }
}

/** The storage keys of the files of these guests (read before the guests are deleted; rows cascade). */
export async function storageKeysOfGuests(trx: Knex.Transaction, guestIds: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const chunk of chunksOf(guestIds)) {
    const rows: { storageKey: string }[] = await trx("guestFiles").whereIn("guestId", chunk).select("storageKey");
    keys.push(...rows.map((row) => row.storageKey));
  }
  return keys;
}

/** The storage keys of every answer file of an event (read before the event is deleted). */
export async function storageKeysOfEvent(trx: Knex.Transaction, eventId: string): Promise<string[]> {
  const rows: { storageKey: string }[] = await trx("guestFiles").where({ eventId }).select("storageKey");
  return rows.map((row) => row.storageKey);
}

/** The storage keys of the files answering one custom field (read before the field is deleted). */
export async function storageKeysOfField(trx: Knex.Transaction, customFieldId: string): Promise<string[]> {
  const rows: { storageKey: string }[] = await trx("guestFiles").where({ customFieldId }).select("storageKey");
  return rows.map((row) => row.storageKey);
}

/**
 * File answers in a guest write (create or update) are not free values: a file answer is set by
 * upload only. `null` clears one — its row goes now, its bytes once the write commits (the keys
 * returned); the current answer sent back unchanged is accepted; anything else is 422 invalid_value.
 */
export async function checkFileAnswerPatch(
  trx: Knex.Transaction,
  fileFieldIds: readonly string[],
  guestId: string | null,
  current: Record<string, AnswerValue>,
  patch: Record<string, unknown>,
): Promise<string[]> {
  const issues: ValidationIssue[] = [];
  const cleared: string[] = [];
  for (const id of fileFieldIds.filter((fieldId) => fieldId in patch)) {
    const value = patch[id];
    if (value === null || value === undefined || value === "") {
      cleared.push(id);
      continue;
    }
    const sent = fileAnswerOf(value as AnswerValue);
    const stored = fileAnswerOf(current[id]);
    if (!sent || !stored || sent.fileId !== stored.fileId)
      issues.push({ field: `answers.${id}`, code: "invalid_value" });
  }
  if (issues.length) throw AppError.invalid(issues);
  if (!guestId || !cleared.length) return [];
  const rows = await GuestFile.query(trx).where({ guestId }).whereIn("customFieldId", cleared);
  if (rows.length)
    await GuestFile.query(trx)
      .whereIn(
        "id",
        rows.map((row) => row.id),
      )
      .delete();
  return rows.map((row) => row.storageKey);
}

/**
 * Stores an uploaded file as a guest's answer to a `file` custom field (editors and up). Who may write,
 * and to which guest, is settled before `readUpload` reads a byte of the body. Then the type is sniffed
 * from the bytes, the bytes written under a fresh random key, and in one transaction the file row, the
 * answer `{fileId, name, size}` (checked by the shared rule), the audit entry, and the replaced file's
 * row; the replaced bytes are removed once committed, the new ones if the transaction fails.
 */
export async function uploadGuestFile(
  scope: Scope,
  key: EventKey,
  guestId: string,
  readUpload: () => Promise<GuestFileUploadInput>,
): Promise<GuestWithExtras> {
  const db = scope.db;
  const { event, ties } = await findEventByKeyFor(db, scope.actor, "update", key);
  const { accountId, id: eventId } = event;
  await findGuest(db, eventId, guestId);
  const { customFieldId, file } = await readUpload();
  const { mimeType, extension } = await sniffGuestFile(file.bytes);
  const field = await CustomField.query(db).findById(customFieldId).where({ eventId, type: "file" });
  if (!field) throw AppError.invalid([{ field: "customFieldId", code: "invalid_value" }]);
  let replaced: string[] = [];
  const stored = { prefix: `guest-files/${accountId}`, extension, bytes: file.bytes, contentType: mimeType };
  const updated = await storeThenCommit(scope.deps.storage, stored, (storageKey) =>
    db.transaction(async (trx) => {
      await findEventByKeyFor(trx, scope.actor, "update", { accountId, eventId });
      const current = await lockForUpdate(trx, Guest.query(trx).findById(guestId).where({ eventId }));
      if (!current) throw AppError.notFound();
      const row = await GuestFile.query(trx).insertAndFetch({
        accountId,
        eventId,
        guestId,
        customFieldId: field.id,
        name: nameForType(cleanFileName(file.fileName, `${field.name}.${extension}`), mimeType),
        mimeType,
        size: file.bytes.length,
        storageKey,
      });
      const checked = validateAnswers(
        [field],
        { [field.id]: { fileId: row.id, name: row.name, size: row.size } },
        {
          partial: true,
        },
      );
      if (!checked.ok) throw AppError.invalid(checked.issues);
      const answer = checked.value;
      const previous = await GuestFile.query(trx).where({ guestId, customFieldId: field.id }).whereNot({ id: row.id });
      if (previous.length)
        await GuestFile.query(trx)
          .whereIn(
            "id",
            previous.map((old) => old.id),
          )
          .delete();
      replaced = previous.map((old) => old.storageKey);
      const answers = { ...current.answers, ...answer } as Guest["answers"];
      const patched = await Guest.query(trx).patchAndFetchById(guestId, {
        answers,
        ...derivedGuestColumns(current),
      });
      await recordAudit(trx, scope, {
        action: "guest.updated",
        subjectType: "guest",
        subjectId: guestId,
        accountId,
        eventId,
        before: { answers: { [field.id]: current.answers[field.id] ?? null } },
        after: { answers: answer },
        metadata: { subject: guestLabel(current) },
      });
      return patched;
    }),
  );
  await removeStoredGuestFiles(scope, replaced);
  return withGuestExtras(db, updated, scope.actor, event, ties);
}

/**
 * One answer file of a guest, for anyone who sees the event (404 otherwise, and for a file of another
 * guest or event, or whose bytes are gone).
 */
/**
 * A file's name with the extension of what it is (its sniffed type): "cv.exe" that is a PDF is "cv.pdf",
 * so the reader's system opens it as what it is, never as what its name claimed.
 */
export function nameForType(name: string, mimeType: string): string {
  const extension = GUEST_FILE_TYPES[mimeType];
  if (!extension) return name;
  const matching = extension === "jpg" ? ["jpg", "jpeg"] : [extension];
  const current = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  if (current && matching.includes(current[1]!.toLowerCase())) return name;
  const stem = current ? name.slice(0, -current[0].length) : name;
  return `${stem.trim() || "file"}.${extension}`;
}

/** A stored answer file and the name to download it under (files stored before the name was checked too). */
export async function openGuestFile(
  scope: Scope,
  key: EventKey,
  guestId: string,
  fileId: string,
): Promise<{ file: GuestFile; stored: StoredFile; downloadName: string }> {
  const db = scope.db;
  const { event } = await findEventByKeyFor(db, scope.actor, "read", key);
  const file = await GuestFile.query(db).findById(fileId).where({ guestId, eventId: event.id });
  const stored = file ? await scope.deps.storage.get(file.storageKey) : null;
  if (!file || !stored) throw AppError.notFound();
  return { file, stored, downloadName: nameForType(file.name, file.mimeType) };
}

/**
 * A merge keeps both guests' answers: the merged guest's files move to the kept guest (a file answer the
 * kept guest already had wins the answer; the other file stays stored, listed under the kept guest).
 */
export const moveFilesToKeptGuest: GuestMergeStep = async (trx, { keepId, mergeId }) => {
  await trx("guestFiles").where({ guestId: mergeId }).update({ guestId: keepId });
};

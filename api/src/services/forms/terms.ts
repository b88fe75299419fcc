import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../../errors.ts";
import { Form } from "../../models/Form.ts";
import type { StoredFile } from "../../storage/fileStorage.ts";
import { storeThenCommit } from "../../storage/fileStorage.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { removeStoredGuestFiles } from "../guests/files.ts";
import { cleanFileName } from "../images/store.ts";
import type { Scope } from "../scope.ts";
import { recordFormAudit, termsSnapshot } from "./formAudit.ts";
import { onlineForm } from "./onlineForm.ts";
import type { FormView } from "./forms.ts";

/*
 * A form's terms (spec §3, §7 POST forms/{id}/terms): one PDF, judged from its content, that guests read
 * before registering; replacing it removes the former file once the new one is in place.
 */

export interface TermsUpload {
  bytes: Buffer;
  fileName: string | null;
}

export async function setFormTerms(
  scope: Scope,
  key: EventKey,
  formId: string,
  readUpload: () => Promise<TermsUpload>,
): Promise<FormView> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const form = await Form.query(scope.db).findOne({ id: formId, eventId: event.id });
  if (!form) throw AppError.notFound();
  const file = await readUpload();
  if ((await fileTypeFromBuffer(file.bytes))?.mime !== "application/pdf") {
    throw new AppError("unsupported_file_type", 422);
  }
  const name = cleanFileName(file.fileName, "terms.pdf").replace(/(\.pdf)?$/i, ".pdf");
  const stored = {
    prefix: `form-terms/${event.accountId}`,
    extension: "pdf",
    bytes: file.bytes,
    contentType: "application/pdf",
  };
  const updated = await storeThenCommit(scope.deps.storage, stored, async (storageKey) =>
    scope.db.transaction(async (trx) => {
      const patched = await Form.query(trx).patchAndFetchById(form.id, {
        termsStorageKey: storageKey,
        termsName: name,
        termsSize: file.bytes.length,
      });
      await recordFormAudit(trx, scope, event, patched, "form.terms_uploaded", {
        before: { type: form.type, terms: termsSnapshot(form) },
        after: { type: form.type, terms: termsSnapshot(patched) },
      });
      return patched;
    }),
  );
  if (form.termsStorageKey) await removeStoredGuestFiles(scope, [form.termsStorageKey]);
  return { form: updated, event, ties };
}

async function openTerms(scope: Scope, form: Pick<Form, "termsStorageKey" | "termsName">) {
  const stored: StoredFile | null = form.termsStorageKey ? await scope.deps.storage.get(form.termsStorageKey) : null;
  if (!stored || !form.termsName) throw AppError.notFound();
  return { stored, name: form.termsName };
}

/** The terms of a form of an event the actor sees. */
export async function formTerms(scope: Scope, key: EventKey, formId: string) {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const form = await Form.query(scope.db).findOne({ id: formId, eventId: event.id });
  if (!form) throw AppError.notFound();
  return openTerms(scope, form);
}

/** The terms of an online form, for anyone about to register. */
export async function publicFormTerms(scope: Scope, slug: string, formId: string) {
  const { form } = await onlineForm(scope.db, slug, formId);
  return openTerms(scope, form);
}

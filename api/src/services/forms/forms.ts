import {
  checkFormBuilder,
  FORM_TITLE_MAX,
  lintForm,
  type FormWarning,
  formOptionsOf,
  type FormOptions,
  type FormOptionsUpdate,
  walkFormItems,
  type FormCreate,
  type FormItem,
  type FormUpdate,
} from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { CustomField } from "../../models/CustomField.ts";
import { Form } from "../../models/Form.ts";
import type { EventTies } from "../../policies/events.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { placesTaken, quotaPlaces } from "./places.ts";
import { removeStoredGuestFiles } from "../guests/files.ts";
import { changedFields } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import {
  formItemNames,
  formSnapshot,
  optionsSnapshot,
  recordFormAudit,
  summarizeFormItems,
  type FormItemSummary,
} from "./formAudit.ts";

/*
 * The event's forms. Who may: anyone who sees the event reads them; editors and up (events.update) create,
 * change, duplicate and delete them. Every save keeps the builder's rules (shared/src/rules/formBuilder.ts) and
 * records who did what in the event's history, in the same transaction (formAudit.ts: what it keeps of a form).
 */

/** A form with the event and the actor's ties to it, for the presenter's abilities. */
export interface FormView {
  form: Form;
  event: Event;
  ties: EventTies;
  /** When asked for (GET one form): what the linter finds. */
  warnings?: FormWarning[];
}

/** The custom fields of the event the items name, as the builder's rules need them. */
async function fieldsOf(db: Knex, eventId: string, items: readonly FormItem[]): Promise<Map<string, CustomField>> {
  const ids = new Set<string>();
  for (const { item } of walkFormItems(items)) {
    if (item.kind === "question") ids.add(item.fieldId);
    if (item.kind === "group" && item.condition.fieldId) ids.add(item.condition.fieldId);
  }
  const fields = ids.size
    ? await CustomField.query(db)
        .where({ eventId })
        .whereIn("id", [...ids])
    : [];
  return new Map(fields.map((field) => [field.id, field]));
}

/** Refuses a form that breaks the builder's rules; else the custom fields its items name. */
async function checkRules(
  db: Knex,
  eventId: string,
  form: Pick<Form, "type" | "title" | "items">,
): Promise<Map<string, CustomField>> {
  const fields = await fieldsOf(db, eventId, form.items);
  const issues = checkFormBuilder(form, fields);
  if (issues.length) throw AppError.invalid(issues);
  return fields;
}

async function findForm(db: Knex, eventId: string, formId: string): Promise<Form> {
  const form = await Form.query(db).findOne({ id: formId, eventId });
  if (!form) throw AppError.notFound();
  return form;
}

export async function listForms(scope: Scope, key: EventKey): Promise<FormView[]> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const forms = await Form.query(scope.db).where({ eventId: event.id }).orderBy("createdAt", "desc").orderBy("id");
  return forms.map((form) => ({ form, event, ties }));
}

export async function getForm(scope: Scope, key: EventKey, formId: string): Promise<FormView> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const form = await findForm(scope.db, event.id, formId);
  const fields = await fieldsOf(scope.db, event.id, form.items);
  const places = quotaPlaces([...fields.values()]);
  const { taken } = await placesTaken(scope.db, event.id, places, null);
  const full = new Set(
    places.flatMap((place, index) =>
      place.kind === "answer" && taken[index]! >= place.limit ? [`${place.field.id}:${place.optionId}`] : [],
    ),
  );
  return { form, event, ties, warnings: lintForm(form.items, fields, full) };
}

export async function createForm(scope: Scope, key: EventKey, body: FormCreate): Promise<FormView> {
  return scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key);
    // The schema reads a group inside a group loosely; the builder's rules refuse it with its message.
    const values = { type: body.type, title: body.title.trim(), items: body.items as FormItem[] };
    const fields = await checkRules(trx, event.id, values);
    const form = await Form.query(trx).insertAndFetch({
      ...values,
      accountId: event.accountId,
      eventId: event.id,
      state: "draft",
      createdBy: scope.actor?.kind === "user" ? scope.actor.id : null,
    });
    await recordFormAudit(trx, scope, event, form, "form.created", {
      after: formSnapshot(form),
      names: formItemNames(summarizeFormItems(form.items), fields),
    });
    return { form, event, ties };
  });
}

export async function updateForm(scope: Scope, key: EventKey, formId: string, body: FormUpdate): Promise<FormView> {
  return scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const form = await findForm(trx, event.id, formId);
    const next = {
      type: form.type,
      title: body.title === undefined ? form.title : body.title.trim(),
      items: (body.items as FormItem[] | undefined) ?? form.items,
    };
    await checkRules(trx, event.id, next);
    const updated = await Form.query(trx).patchAndFetchById(form.id, {
      title: next.title,
      items: next.items,
      state: body.state ?? form.state,
    });
    // The title and items in one entry (only what changed, the items summarised), the state in its own.
    const changes = changedFields(
      { title: form.title, items: summarizeFormItems(form.items) },
      { title: updated.title, items: summarizeFormItems(updated.items) },
    );
    if (changes) {
      const summaries = [changes.before.items, changes.after.items].flatMap((items) =>
        Array.isArray(items) ? (items as FormItemSummary[]) : [],
      );
      const fields = summaries.length ? await fieldsOf(trx, event.id, [...form.items, ...updated.items]) : new Map();
      await recordFormAudit(trx, scope, event, updated, "form.updated", {
        before: { type: form.type, ...changes.before },
        after: { type: form.type, ...changes.after },
        names: formItemNames(summaries, fields),
      });
    }
    if (updated.state !== form.state) {
      await recordFormAudit(
        trx,
        scope,
        event,
        updated,
        updated.state === "online" ? "form.put_online" : "form.taken_offline",
        {
          before: { type: form.type, state: form.state },
          after: { type: form.type, state: updated.state },
        },
      );
    }
    return { form: updated, event, ties };
  });
}

/** A draft copy of the form, titled "<title> (copy)" in the caller's language, with the same items. */
export async function duplicateForm(scope: Scope, key: EventKey, formId: string): Promise<FormView> {
  return scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const source = await findForm(trx, event.id, formId);
    const form = await Form.query(trx).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      type: source.type,
      state: "draft",
      title: scope.t("web:events.copyName", { name: source.title }).slice(0, FORM_TITLE_MAX),
      items: source.items,
      options: source.options,
      createdBy: scope.actor?.kind === "user" ? scope.actor.id : null,
    });
    await recordFormAudit(trx, scope, event, form, "form.duplicated", {
      after: { id: form.id, type: form.type, state: form.state, title: form.title, duplicatedFrom: source.id },
      names: { [source.id]: source.title },
    });
    return { form, event, ties };
  });
}

export async function deleteForm(scope: Scope, key: EventKey, formId: string): Promise<void> {
  const form = await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const form = await findForm(trx, event.id, formId);
    await Form.query(trx).deleteById(form.id);
    await recordFormAudit(trx, scope, event, form, "form.deleted", { before: formSnapshot(form) });
    return form;
  });
  // The file once the deletion is committed (a rolled-back one keeps its terms).
  if (form.termsStorageKey) await removeStoredGuestFiles(scope, [form.termsStorageKey]);
}

/** The form's options, its defaults filled in. */
export async function getFormOptions(scope: Scope, key: EventKey, formId: string): Promise<FormOptions> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return formOptionsOf((await findForm(scope.db, event.id, formId)).options);
}

/** Changes the options `params` names; the confirmation message is the one of `language` (default: the caller's). */
export async function setFormOptions(
  scope: Scope,
  key: EventKey,
  formId: string,
  body: FormOptionsUpdate,
): Promise<FormOptions> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const form = await findForm(trx, event.id, formId);
    const { confirmationMessage, ...changes } = body.params;
    const current = formOptionsOf(form.options);
    const next: FormOptions = { ...current, ...changes };
    if (confirmationMessage !== undefined) {
      const text = confirmationMessage.trim();
      const language = body.language ?? scope.language;
      next.confirmationMessage = { ...current.confirmationMessage, [language]: text || undefined };
      if (!text) delete next.confirmationMessage[language];
    }
    if (next.opensAt && next.closesAt && Date.parse(next.closesAt) <= Date.parse(next.opensAt)) {
      throw AppError.invalid([{ field: "params.closesAt", code: "ends_before_start" }]);
    }
    await Form.query(trx).patch({ options: next }).where({ id: form.id });
    const changed = changedFields(optionsSnapshot(current), optionsSnapshot(next));
    if (changed) {
      await recordFormAudit(trx, scope, event, form, "form.options_updated", {
        before: { type: form.type, ...changed.before },
        after: { type: form.type, ...changed.after },
      });
    }
    return next;
  });
}

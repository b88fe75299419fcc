import { createHash } from "node:crypto";
import {
  walkFormItems,
  type AuditMetadata,
  type EventAuditAction,
  type FormItem,
  type FormOptions,
} from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import type { CustomField } from "../../models/CustomField.ts";
import type { Event } from "../../models/Event.ts";
import type { Form } from "../../models/Form.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";

type FormAuditAction = Extract<EventAuditAction, `form.${string}`>;

/*
 * What the audit trail keeps of a form: its items summarised (no texts, a short digest instead), and the
 * names of the questions and answers they point at, so that the event's history words a change of
 * the builder (items added, removed, moved or edited, a group's rule) without storing the whole tree.
 */

/** One item as the trail keeps it, in reading order; `group` is the id of the group it sits in. */
export interface FormItemSummary {
  id: string;
  kind: FormItem["kind"];
  group?: string;
  /** A question's custom field. */
  fieldId?: string;
  /** The title of a text, participation, recommendations or companions item. */
  title?: string;
  /** A group's rule: the question and the answers that show it. */
  condition?: { fieldId: string | null; answers: string[] };
  /** Of a leaf's whole content: tells an edited item (its text, its maximum …) from an unchanged one. */
  digest?: string;
}

/** JSON with its keys sorted: the same item reads the same whether stored (PostgreSQL reorders) or sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const digestOf = (item: FormItem) => createHash("sha256").update(canonical(item)).digest("hex").slice(0, 12);

export function summarizeFormItems(items: readonly FormItem[]): FormItemSummary[] {
  return [...walkFormItems(items)].map(({ item, group }) => {
    const summary: FormItemSummary = { id: item.id, kind: item.kind };
    if (group) summary.group = group.id;
    if (item.kind === "group") {
      summary.condition = { fieldId: item.condition.fieldId, answers: [...item.condition.answers] };
      return summary;
    }
    if (item.kind === "question") summary.fieldId = item.fieldId;
    else summary.title = item.title;
    summary.digest = digestOf(item);
    return summary;
  });
}

/** The labels of the questions and answers the summaries point at, by id, for the entry's metadata. */
export function formItemNames(
  summaries: readonly FormItemSummary[],
  fields: ReadonlyMap<string, CustomField>,
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const summary of summaries) {
    const fieldId = summary.fieldId ?? summary.condition?.fieldId;
    const field = fieldId ? fields.get(fieldId) : undefined;
    if (!field) continue;
    names[field.id] = field.label;
    for (const answer of summary.condition?.answers ?? []) {
      const option = field.options.find((candidate) => candidate.id === answer);
      if (option) names[option.id] = option.label;
    }
  }
  return names;
}

/** The form's terms as the trail keeps them: the file's name and size, or null without terms. */
export function termsSnapshot(
  form: Pick<Form, "termsName" | "termsSize">,
): { name: string; size: number | null } | null {
  return form.termsName ? { name: form.termsName, size: form.termsSize } : null;
}

/** A form as a creation, a copy or a deletion records it. */
export function formSnapshot(form: Form): Record<string, unknown> {
  return {
    id: form.id,
    type: form.type,
    state: form.state,
    title: form.title,
    items: summarizeFormItems(form.items),
    terms: termsSnapshot(form),
  };
}

/** The entry's metadata: the form's title (what the history names it by), and the names its items point at. */
function formMetadata(title: string, names: Record<string, string> = {}): AuditMetadata {
  return Object.keys(names).length ? { subject: title, names } : { subject: title };
}

/** The options as the trail keeps them (a snapshot: its confirmation messages copied). */
export function optionsSnapshot(options: FormOptions): Record<string, unknown> {
  return { ...options, confirmationMessage: { ...options.confirmationMessage } };
}

/** Records an action on a form of `event`, its title in the metadata (the form's own at that point). */
export async function recordFormAudit(
  trx: Knex.Transaction,
  scope: Scope,
  event: Pick<Event, "id" | "accountId">,
  form: Pick<Form, "id" | "title">,
  action: FormAuditAction,
  values: { before?: Record<string, unknown>; after?: Record<string, unknown>; names?: Record<string, string> },
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    subjectType: "form",
    subjectId: form.id,
    accountId: event.accountId,
    eventId: event.id,
    before: values.before ?? null,
    after: values.after ?? null,
    metadata: formMetadata(form.title, values.names),
  });
}

import { isRecord } from "@tessera/shared/records";
import { FORM_ITEM_KINDS, FORM_STATES, FORM_TYPES, type FormItemKind } from "@tessera/shared/rules/forms";
import type { AuditLogJson } from "@/queries/auditLogs.ts";
import { formatFileSize } from "@/screens/forms/options/formOptions.ts";
import type { FieldChange } from "./auditChanges.ts";
import { customFieldLabel } from "./historyCustomFields.ts";
import { formatLooseValue, NONE, type HistoryValueContext } from "./historyFormat.ts";
import { entryNameOf, subjectOf, textOf } from "./historySubjects.ts";

/*
 * A form's entries in the history: the form named by its kind and title, and a change of its items
 * (summarised by the API: api/src/services/forms/formAudit.ts) told as items added, removed, moved or
 * edited and groups' rules changed, each item named as the builder names it.
 */

/** An item as the trail keeps it, in reading order. */
interface ItemSummary {
  id: string;
  kind: FormItemKind;
  group?: string;
  fieldId?: string;
  title?: string;
  condition?: { fieldId: string | null; answers: string[] };
  digest?: string;
}

const KINDS: ReadonlySet<string> = new Set(FORM_ITEM_KINDS);

function summariesOf(value: unknown): ItemSummary[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ItemSummary => isRecord(item) && typeof item.id === "string" && KINDS.has(String(item.kind)),
  );
}

/** The ids of `after` kept in the same order as in `before` (a longest common subsequence): the others moved. */
function keptInOrder(before: readonly string[], after: readonly string[]): Set<string> {
  const lengths = before.map(() => new Array<number>(after.length + 1).fill(0));
  lengths.push(new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      lengths[i]![j] =
        before[i] === after[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    if (before[i] === after[j]) {
      kept.add(before[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What changed between two summaries of a form's items: `items.added` and `items.moved` (after only),
 * `items.removed` (before only), `items.edited` (a text, a title, a question changed) and `items.rules`
 * (groups shown for other answers), each only when it has items.
 */
export function formItemChanges(before: unknown, after: unknown): FieldChange[] {
  const old = summariesOf(before);
  const next = summariesOf(after);
  const oldById = new Map(old.map((item) => [item.id, item]));
  const nextIds = new Set(next.map((item) => item.id));
  const kept = next.filter((item) => oldById.has(item.id));
  const inOrder = keptInOrder(
    old.filter((item) => nextIds.has(item.id)).map((item) => item.id),
    kept.map((item) => item.id),
  );
  const previous = (item: ItemSummary) => oldById.get(item.id)!;
  const moved = kept.filter((item) => !inOrder.has(item.id) || (previous(item).group ?? null) !== (item.group ?? null));
  const edited = kept.filter((item) => {
    const was = previous(item);
    return (
      item.kind !== "group" && (was.kind !== item.kind || was.digest !== item.digest || was.fieldId !== item.fieldId)
    );
  });
  const rules = kept.filter((item) => item.kind === "group" && !sameJson(previous(item).condition, item.condition));
  const changes: FieldChange[] = [
    { field: "items.added", before: undefined, after: next.filter((item) => !oldById.has(item.id)) },
    { field: "items.removed", before: old.filter((item) => !nextIds.has(item.id)), after: undefined },
    { field: "items.moved", before: undefined, after: moved },
    { field: "items.edited", before: edited.map(previous), after: edited },
    { field: "items.rules", before: rules.map(previous), after: rules },
  ];
  return changes.filter((change) => summariesOf(change.after ?? change.before).length > 0);
}

/** A form's creation: its items, listed. */
export const createdFormChanges = (entry: AuditLogJson): FieldChange[] => [
  { field: "items", before: undefined, after: entry.after?.items },
];

function optionLabel(fieldId: string, id: string, ctx: HistoryValueContext): string {
  const option = ctx.fields.get(fieldId)?.options.find((candidate) => candidate.id === id);
  return option?.label ?? ctx.entryNames?.[id] ?? ctx.t("history.unknown.option");
}

/** A group's rule in the builder's words: "Shown when Workshop is Morning". */
function ruleOf(condition: ItemSummary["condition"], ctx: HistoryValueContext): string {
  const { t } = ctx;
  if (!condition?.fieldId) return t("forms.builder.group.ruleNoQuestion");
  const question = customFieldLabel(condition.fieldId, ctx);
  if (!condition.answers.length) return t("forms.builder.group.ruleNoAnswer", { question });
  const answers = condition.answers.map((id) => optionLabel(condition.fieldId!, id, ctx)).join(", ");
  return t("forms.builder.group.ruleIs", { question, answers });
}

/** An item as the builder names it: a question by its custom field, a group by its rule, others by their title. */
function itemLabel(item: ItemSummary, ctx: HistoryValueContext): string {
  const kind = ctx.t(`forms.builder.kinds.${item.kind}`);
  if (item.kind === "question") return item.fieldId ? customFieldLabel(item.fieldId, ctx) : kind;
  if (item.kind === "group") return `${kind} (${ruleOf(item.condition, ctx)})`;
  return textOf(item.title) ?? kind;
}

function formatConfirmationMessages(value: Record<string, unknown>, ctx: HistoryValueContext): string {
  const texts = (["en", "fr", "es"] as const).flatMap((language) => {
    const text = textOf(value[language]);
    return text ? [`${ctx.t(`languages.${language}`)}: ${text}`] : [];
  });
  return texts.length ? texts.join("; ") : NONE;
}

/** A value of a form's entry as the builder and the options panel show it. */
export function formatFormValue(field: string, value: unknown, ctx: HistoryValueContext): string {
  const { t } = ctx;
  if (field === "items" || (field.startsWith("items.") && field !== "items.rules")) {
    const items = summariesOf(value);
    return items.length ? items.map((item) => itemLabel(item, ctx)).join(", ") : NONE;
  }
  if (field === "items.rules") {
    const groups = summariesOf(value);
    return groups.length ? groups.map((group) => ruleOf(group.condition, ctx)).join("; ") : NONE;
  }
  const state = FORM_STATES.find((candidate) => candidate === value);
  if (field === "state" && state) return t(`forms.states.${state}`);
  if (field === "confirmationMessage" && isRecord(value)) return formatConfirmationMessages(value, ctx);
  if (field === "terms" && isRecord(value) && typeof value.name === "string") {
    return typeof value.size === "number" ? `${value.name} (${formatFileSize(value.size, ctx.language)})` : value.name;
  }
  return formatLooseValue(value, ctx);
}

/** The form an entry is about, as a sentence names it: "the registration form “Register”" (`of`: "of the …"). */
export function formPhrase(entry: AuditLogJson, { t }: HistoryValueContext, of = false): string {
  const values = entry.after ?? entry.before;
  const title = subjectOf(entry) ?? textOf(values?.title);
  const kind = FORM_TYPES.find((candidate) => candidate === values?.type) ?? "any";
  if (!title) return of ? t("history.formOf.unnamed") : t("history.form.unnamed");
  return of ? t(`history.formOf.${kind}`, { title }) : t(`history.form.${kind}`, { title });
}

/** The form a copy was made from, by the title the entry gives it. */
export function sourceFormPhrase(entry: AuditLogJson, { t }: HistoryValueContext): string {
  const title = entryNameOf(entry, entry.after?.duplicatedFrom);
  return title ? t("history.form.quoted", { title }) : t("history.unknown.form");
}

import { checkFormBuilder, type BuilderField } from "@tessera/shared/rules/formBuilder";
import { lintForm, type FormWarning } from "@tessera/shared/rules/formLinter";
import { walkFormItems, type FormItem, type FormItemKind, type FormType } from "@tessera/shared/rules/forms";
import { appendItem, newItem, placeIssues, type Placed } from "./formTree.ts";

/** The form as the builder edits it. */
export interface BuilderDraft {
  type: FormType;
  title: string;
  items: FormItem[];
}

/** A problem shown in the builder: where (the rules' dotted path), its code and its translated message. */
export interface BuilderProblem {
  field: string;
  code: string;
  message: string;
}

/** Codes of the rules that say an item of some kind may not be added here. */
export type KindRefusal = "item_not_in_type" | "item_once" | "group_in_group";

/**
 * Why an item of this kind may not be added to the form (last, or last in a group), asked of the builder's
 * rules themselves (an item a kind of form cannot hold, an item a form holds once, a group in a group);
 * null when it may.
 */
export function kindRefusal(
  draft: BuilderDraft,
  kind: Exclude<FormItemKind, "question">,
  groupId: string | null,
  fields: ReadonlyMap<string, BuilderField>,
): KindRefusal | null {
  const trial = newItem(kind === "group" || kind === "text" ? { kind } : { kind, title: "-" }, draft.items);
  const items = appendItem(draft.items, trial, groupId);
  const path = [...walkFormItems(items)].find(({ item }) => item.id === trial.id)?.path;
  const refusal = checkFormBuilder({ ...draft, items }, fields).find(
    (issue) =>
      issue.field === path &&
      (issue.code === "item_not_in_type" || issue.code === "item_once" || issue.code === "group_in_group"),
  );
  return (refusal?.code as KindRefusal | undefined) ?? null;
}

/**
 * The problems to show, placed: the rules' problems with the draft as it is now, and the API's refusal of
 * the last save while the draft is still what was sent (an edit makes it stale, and the rules speak again).
 */
export function builderProblems(
  draft: BuilderDraft,
  fields: ReadonlyMap<string, BuilderField>,
  translate: (code: string) => string,
  refusal: { draft: BuilderDraft; details: readonly BuilderProblem[] } | null,
) {
  const found = checkFormBuilder(draft, fields).map((issue) => ({ ...issue, message: translate(issue.code) }));
  if (refusal && refusal.draft === draft) {
    for (const detail of refusal.details) {
      if (!found.some((issue) => issue.field === detail.field && issue.message === detail.message)) found.push(detail);
    }
  }
  return { count: found.length, ...placeIssues(found, draft.items) };
}

export type PlacedProblem = Placed<BuilderProblem>;

/**
 * The linter's warnings (shared/src/rules/formLinter.ts), which never stop a save: those it finds in the
 * draft as it is now, and while the items are still the saved ones, those the API found with the answers'
 * quotas counted (an answer whose places are all taken).
 */
export function builderWarnings(
  draft: BuilderDraft,
  fields: ReadonlyMap<string, BuilderField>,
  translate: (code: string) => string,
  saved: { items: readonly FormItem[]; warnings?: readonly FormWarning[] } | null,
) {
  const found = lintForm(draft.items, fields);
  if (saved?.warnings && JSON.stringify(saved.items) === JSON.stringify(draft.items)) {
    for (const warning of saved.warnings) {
      if (!found.some((known) => known.field === warning.field && known.code === warning.code)) found.push(warning);
    }
  }
  const placed = placeIssues(
    found.map((warning) => ({ ...warning, message: translate(warning.code) })),
    draft.items,
  );
  return { form: [...placed.title, ...placed.form], byItem: placed.byItem };
}

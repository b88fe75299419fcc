import { isRecord } from "@tessera/shared/records";
/** One field an audited action changed, with its values before and after. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields whose value differs between `before` and `after` (a creation has no before). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...fields]
    .filter((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after?.[field] ?? null))
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }));
}

/**
 * The change of an object-valued field (a guest's answers, a custom field's rules) split into one change
 * per key that differs, named `<field>.<key>`; the other changes as they are.
 */
export function expandNested(changes: readonly FieldChange[], field: string): FieldChange[] {
  return changes.flatMap((change) => {
    if (change.field !== field) return [change];
    const before = isRecord(change.before) ? change.before : null;
    const after = isRecord(change.after) ? change.after : null;
    return changedFields(before, after).map((inner) => ({ ...inner, field: `${field}.${inner.field}` }));
  });
}

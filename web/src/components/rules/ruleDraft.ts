import {
  checkRule,
  ENUM_ATTRIBUTE_VALUES,
  FIELD_VALUE_KINDS,
  GUEST_ATTRIBUTE_KINDS,
  GUEST_ATTRIBUTES,
  OPERATORS_BY_KIND,
  TICKET_OPERATORS,
  type CheckContext,
  type Condition,
  type ConditionField,
  type GuestAttribute,
  type Operator,
  type Rule,
  type RuleIssue,
  type ValueKind,
} from "@tessera/shared/conditions/index";

/*
 * The rule editor's model: a rule of the condition engine (shared/src/conditions) as groups of rows the
 * screen edits, and back. A group matches all, any or none of its members (none: `not` of `any`); a row is one
 * comparison, possibly unfinished while it is being written (no subject, operator or value yet).
 */

export type GroupMode = "all" | "any" | "none";

export interface ConditionDraft {
  kind: "condition";
  id: string;
  /** `guest:status`, `field:<custom field id>`, `ticket:<ticket type id>`; null until chosen. */
  subject: string | null;
  op: Operator | null;
  value: unknown;
}

export interface GroupDraft {
  kind: "group";
  id: string;
  mode: GroupMode;
  members: RuleDraft[];
}

export type RuleDraft = ConditionDraft | GroupDraft;

/**
 * What a row may test: a guest attribute or a custom field, with its kind of value and its choices; or a ticket
 * type, which the guest holds or not (where the rule's place offers tickets: check-in sessions).
 */
export interface RuleSubject {
  key: string;
  label: string;
  kind: ValueKind | "ticket";
  /** Guest attributes first, then the event's questions, then its ticket types. */
  group: "guest" | "field" | "ticket";
  /** The values to choose among (enum attributes, choice questions). */
  choices: readonly { value: string; label: string }[];
}

/** Nesting the editor offers (the engine takes more; a door's rule rarely needs two levels). */
export const RULE_EDITOR_MAX_DEPTH = 3;

let lastId = 0;
const nextId = () => `r${++lastId}`;

export const guestSubjectKey = (attribute: GuestAttribute) => `guest:${attribute}`;
export const fieldSubjectKey = (fieldId: string) => `field:${fieldId}`;
export const ticketSubjectKey = (ticketId: string) => `ticket:${ticketId}`;

/** The event's ticket types as subjects ("holds a ticket of this type"). */
export function ticketSubjects(tickets: readonly { id: string; name: string }[]): RuleSubject[] {
  return tickets.map((ticket) => ({
    key: ticketSubjectKey(ticket.id),
    label: ticket.name,
    kind: "ticket",
    group: "ticket",
    choices: [],
  }));
}

/**
 * The subjects of an event's rules: the guest attributes (named by `attributeLabel`, their values by
 * `valueLabel`) and its custom fields (a file question can only be tested for emptiness).
 */
export function ruleSubjects(
  fields: readonly ConditionField[],
  attributeLabel: (attribute: GuestAttribute) => string,
  valueLabel: (attribute: keyof typeof ENUM_ATTRIBUTE_VALUES, value: string) => string,
): RuleSubject[] {
  const attributes = GUEST_ATTRIBUTES.map((attribute): RuleSubject => {
    const kind = GUEST_ATTRIBUTE_KINDS[attribute];
    const values = (ENUM_ATTRIBUTE_VALUES as Partial<Record<GuestAttribute, readonly string[]>>)[attribute] ?? [];
    return {
      key: guestSubjectKey(attribute),
      label: attributeLabel(attribute),
      kind,
      group: "guest",
      choices: values.map((value) => ({
        value,
        label: valueLabel(attribute as keyof typeof ENUM_ATTRIBUTE_VALUES, value),
      })),
    };
  });
  const questions = fields.map((field): RuleSubject => ({
    key: fieldSubjectKey(field.id),
    label: field.label?.trim() || field.name?.trim() || field.id,
    kind: FIELD_VALUE_KINDS[field.type],
    group: "field",
    choices: (field.options ?? []).map((option) => ({ value: option.id, label: option.label })),
  }));
  return [...attributes, ...questions];
}

/** The operators a subject takes, in the engine's order. */
export function operatorsOf(subject: RuleSubject | undefined): readonly Operator[] {
  if (!subject) return [];
  return subject.kind === "ticket" ? TICKET_OPERATORS : OPERATORS_BY_KIND[subject.kind];
}

/** The value a row starts with once its operator is chosen. */
export function initialValue(kind: ValueKind | "ticket", op: Operator | null): unknown {
  if (op === null || op === "isEmpty" || op === "isNotEmpty" || op === "has") return undefined;
  if (kind === "choice" || kind === "enum") return [];
  if (op === "between") return [null, null];
  return kind === "number" ? null : "";
}

export function emptyCondition(): ConditionDraft {
  return { kind: "condition", id: nextId(), subject: null, op: null, value: undefined };
}

export function emptyGroup(mode: GroupMode = "all", members: RuleDraft[] = []): GroupDraft {
  return { kind: "group", id: nextId(), mode, members };
}

/** Another subject for a row: the operator kept when the new subject takes it, else its first; a fresh value. */
export function withSubject(row: ConditionDraft, subject: RuleSubject | undefined): ConditionDraft {
  if (subject?.key === row.subject) return row;
  const operators = operatorsOf(subject);
  const op = row.op && operators.includes(row.op) ? row.op : (operators[0] ?? null);
  return { ...row, subject: subject?.key ?? null, op, value: initialValue(subject?.kind ?? "text", op) };
}

/** Another operator for a row: the value kept when it still fits (a list stays a list, one value one value). */
export function withOperator(row: ConditionDraft, subject: RuleSubject | undefined, op: Operator): ConditionDraft {
  const before = initialValue(subject?.kind ?? "text", row.op);
  const after = initialValue(subject?.kind ?? "text", op);
  const sameShape = Array.isArray(before) === Array.isArray(after) && (before === undefined) === (after === undefined);
  return { ...row, op, value: sameShape && row.op !== "between" && op !== "between" ? row.value : after };
}

function subjectOf(condition: Condition): string | null {
  if ("field" in condition) return fieldSubjectKey(condition.field);
  if ("guest" in condition) return guestSubjectKey(condition.guest);
  if ("ticket" in condition) return ticketSubjectKey(condition.ticket);
  return null;
}

function draftOfNode(rule: Rule): RuleDraft {
  if ("all" in rule) return emptyGroup("all", rule.all.map(draftOfNode));
  if ("any" in rule) return emptyGroup("any", rule.any.map(draftOfNode));
  if ("not" in rule) {
    // not(any(…)) is "none of"; any other negation is "none of" that one member.
    const inner = rule.not;
    return "any" in inner ? emptyGroup("none", inner.any.map(draftOfNode)) : emptyGroup("none", [draftOfNode(inner)]);
  }
  return {
    kind: "condition",
    id: nextId(),
    subject: subjectOf(rule),
    op: rule.op,
    value: "value" in rule ? structuredClone(rule.value) : undefined,
  };
}

/** A stored rule as the editor shows it: always a group at the top (none: an empty "all" group). */
export function draftOf(rule: Rule | null | undefined): GroupDraft {
  if (!rule) return emptyGroup("all");
  const draft = draftOfNode(rule);
  return draft.kind === "group" ? draft : emptyGroup("all", [draft]);
}

/** A row as a comparison of the engine, or null while its subject or operator is not chosen. */
export function conditionOf(row: ConditionDraft): Condition | null {
  if (!row.subject || !row.op) return null;
  const [type = "field", ...rest] = row.subject.split(":");
  // The key's prefix is the comparison's own property: `guest:status` → { guest: "status" }, likewise field, ticket.
  const node: Record<string, unknown> = { [type]: rest.join(":"), op: row.op };
  if (row.value !== undefined) node.value = row.value;
  return node as unknown as Condition;
}

/**
 * A draft as the rule to store: groups as `all`, `any` or `not any`; a group of one member is that member;
 * the top group without members is no rule (null). With `onlyComplete`, unfinished rows and the groups left
 * empty are skipped (for the rule in words while writing); `context` names the event's ticket types.
 */
export function ruleOf(
  draft: GroupDraft,
  fields: readonly ConditionField[] = [],
  onlyComplete = false,
  context: CheckContext = {},
): Rule | null {
  const node = (member: RuleDraft): Rule | null => {
    if (member.kind === "condition") {
      const condition = conditionOf(member);
      if (!onlyComplete) return condition;
      return condition && checkRule(condition, fields, context).length === 0 ? condition : null;
    }
    const members = member.members.map(node).filter((rule): rule is Rule => rule !== null);
    if (onlyComplete && members.length === 0) return null;
    if (member.mode === "none") return { not: members.length === 1 ? members[0]! : { any: members } };
    if (members.length === 1) return members[0]!;
    return member.mode === "all" ? { all: members } : { any: members };
  };
  if (draft.members.length === 0) return null;
  return node(draft);
}

/** Each unfinished or wrong row's first problem (a code of the validation catalogue), by row id. */
export function rowIssues(
  draft: GroupDraft,
  fields: readonly ConditionField[],
  context: CheckContext = {},
): Map<string, RuleIssue> {
  const issues = new Map<string, RuleIssue>();
  const visit = (member: RuleDraft) => {
    if (member.kind === "group") {
      if (member.members.length === 0 && member !== draft) {
        issues.set(member.id, { path: "", code: "condition_group_empty" });
      }
      member.members.forEach(visit);
      return;
    }
    const condition = conditionOf(member);
    const found = condition
      ? checkRule(condition, fields, context)[0]
      : { path: "", code: "condition_invalid_value" as const };
    if (found) issues.set(member.id, found);
  };
  visit(draft);
  return issues;
}

/** The draft with one member (found by id, at any depth) replaced, or removed when `next` is null. */
export function replaceMember(draft: GroupDraft, id: string, next: RuleDraft | null): GroupDraft {
  const members = draft.members.flatMap((member): RuleDraft[] => {
    if (member.id === id) return next ? [next] : [];
    return member.kind === "group" ? [replaceMember(member, id, next)] : [member];
  });
  return { ...draft, members };
}

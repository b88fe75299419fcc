/**
 * The condition engine's vocabulary: what a condition may test (a form question, a guest attribute, a
 * ticket type) and which operators each kind of value takes. The rule shape is in schema.ts.
 */
import type { CustomFieldType } from "../rules/customFields.ts";
import { CIVILITIES, GUEST_STATUSES } from "../rules/guests.ts";
import { LANGUAGES } from "../i18n/languages.ts";

/** Levels of nesting (a lone comparison is 1, `{ all: [comparison] }` is 2). */
export const CONDITION_MAX_DEPTH = 10;
/** Groups, negations and comparisons, counted together. */
export const CONDITION_MAX_NODES = 200;
export const CONDITION_ID_MAX = 100;
export const CONDITION_TEXT_MAX = 255;
/** Values of one comparison (a choice question has at most 500 options). */
export const CONDITION_VALUES_MAX = 500;

export const CHOICE_OPERATORS = ["includes", "excludes", "includesAll"] as const;
export const TEXT_OPERATORS = ["equals", "notEquals", "contains", "notContains"] as const;
export const EMPTINESS_OPERATORS = ["isEmpty", "isNotEmpty"] as const;
export const NUMBER_OPERATORS = ["eq", "neq", "lt", "lte", "gt", "gte"] as const;
/** Dates and times, compared as written (YYYY-MM-DD, HH:MM): no time zone is involved. */
export const MOMENT_OPERATORS = ["before", "after", "on"] as const;
/** Both ends included; numbers, dates or times. */
export const RANGE_OPERATORS = ["between"] as const;
export const MEMBERSHIP_OPERATORS = ["in"] as const;
export const TICKET_OPERATORS = ["has"] as const;

export type ChoiceOperator = (typeof CHOICE_OPERATORS)[number];
export type TextOperator = (typeof TEXT_OPERATORS)[number];
export type EmptinessOperator = (typeof EMPTINESS_OPERATORS)[number];
export type NumberOperator = (typeof NUMBER_OPERATORS)[number];
export type MomentOperator = (typeof MOMENT_OPERATORS)[number];
export type Operator =
  | ChoiceOperator
  | TextOperator
  | EmptinessOperator
  | NumberOperator
  | MomentOperator
  | (typeof RANGE_OPERATORS)[number]
  | (typeof MEMBERSHIP_OPERATORS)[number]
  | (typeof TICKET_OPERATORS)[number];

/** Each negative operator is exactly `not` of its positive twin, for missing answers too. */
export const NEGATED_OPERATORS = {
  excludes: "includes",
  notEquals: "equals",
  notContains: "contains",
  neq: "eq",
  isNotEmpty: "isEmpty",
} as const satisfies Partial<Record<Operator, Operator>>;

export type ValueKind = "choice" | "text" | "number" | "date" | "time" | "file" | "enum";

export const OPERATORS_BY_KIND: Readonly<Record<ValueKind, readonly Operator[]>> = {
  choice: [...CHOICE_OPERATORS, ...EMPTINESS_OPERATORS],
  text: [...TEXT_OPERATORS, ...EMPTINESS_OPERATORS],
  number: [...NUMBER_OPERATORS, ...RANGE_OPERATORS, ...EMPTINESS_OPERATORS],
  date: [...MOMENT_OPERATORS, ...RANGE_OPERATORS, ...EMPTINESS_OPERATORS],
  time: [...MOMENT_OPERATORS, ...RANGE_OPERATORS, ...EMPTINESS_OPERATORS],
  file: [...EMPTINESS_OPERATORS],
  enum: [...MEMBERSHIP_OPERATORS],
};

export const FIELD_VALUE_KINDS: Readonly<Record<CustomFieldType, ValueKind>> = {
  unique_choice: "choice",
  dropdown: "choice",
  multiple_choice: "choice",
  short_text: "text",
  long_text: "text",
  phone: "text",
  id_card: "text",
  passport: "text",
  number: "number",
  rating: "number",
  date: "date",
  time: "time",
  file: "file",
};

/** The guest's own columns a condition may test (custom fields are tested as `field`). */
export const GUEST_ATTRIBUTE_KINDS = {
  status: "enum",
  civility: "enum",
  language: "enum",
  company: "text",
  jobTitle: "text",
  companionsExpected: "number",
  companionsCount: "number",
} as const satisfies Record<string, ValueKind>;
export type GuestAttribute = keyof typeof GUEST_ATTRIBUTE_KINDS;
export const GUEST_ATTRIBUTES = Object.keys(GUEST_ATTRIBUTE_KINDS) as GuestAttribute[];

type AttributeOfKind<K extends ValueKind> = {
  [A in GuestAttribute]: (typeof GUEST_ATTRIBUTE_KINDS)[A] extends K ? A : never;
}[GuestAttribute];
export type EnumAttribute = AttributeOfKind<"enum">;
export type TextAttribute = AttributeOfKind<"text">;
export type NumberAttribute = AttributeOfKind<"number">;

export const ENUM_ATTRIBUTE_VALUES = {
  status: GUEST_STATUSES,
  civility: CIVILITIES,
  language: LANGUAGES,
} as const satisfies Record<EnumAttribute, readonly string[]>;

export const TEXT_ATTRIBUTES = GUEST_ATTRIBUTES.filter(
  (attribute): attribute is TextAttribute => GUEST_ATTRIBUTE_KINDS[attribute] === "text",
);
export const NUMBER_ATTRIBUTES = GUEST_ATTRIBUTES.filter(
  (attribute): attribute is NumberAttribute => GUEST_ATTRIBUTE_KINDS[attribute] === "number",
);

export function isOperatorAllowed(kind: ValueKind, op: string): boolean {
  return (OPERATORS_BY_KIND[kind] as readonly string[]).includes(op);
}

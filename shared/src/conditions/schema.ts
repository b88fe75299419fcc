/**
 * The rule tree, as one TypeBox definition: the JSON Schema that ajv checks a stored rule with, and the
 * TypeScript type. A rule is a group (`all`: AND, `any`: OR), a negation (`not`) or a comparison on one
 * subject: a form question (`field`), a guest attribute (`guest`) or a ticket type (`ticket`).
 *
 * The schema checks the shape only. What depends on the event (the question exists, the operator suits
 * its type, the option ids are its own) is checkRule's; the size limits are validateRule's and checkRule's.
 */
import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { CIVILITIES, GUEST_STATUSES } from "../rules/guests.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { literals } from "../schemas/common.ts";
import {
  CHOICE_OPERATORS,
  CONDITION_ID_MAX,
  CONDITION_MAX_NODES,
  CONDITION_TEXT_MAX,
  CONDITION_VALUES_MAX,
  EMPTINESS_OPERATORS,
  MOMENT_OPERATORS,
  NUMBER_ATTRIBUTES,
  NUMBER_OPERATORS,
  TEXT_ATTRIBUTES,
  TEXT_OPERATORS,
} from "./vocabulary.ts";

const strict = { additionalProperties: false } as const;

const Id = Type.String({ minLength: 1, maxLength: CONDITION_ID_MAX });
const Text = Type.String({ minLength: 1, maxLength: CONDITION_TEXT_MAX });
/** A date (YYYY-MM-DD) or a time (HH:MM), the stored shapes of those answers. */
const Moment = Type.String({ pattern: "^(\\d{4}-\\d{2}-\\d{2}|\\d{2}:\\d{2})$" });
const NumberRange = Type.Tuple([Type.Number(), Type.Number()]);
const MomentRange = Type.Tuple([Moment, Moment]);
const some = <T extends TSchema>(item: T) => Type.Array(item, { minItems: 1, maxItems: CONDITION_VALUES_MAX });

const FieldChoice = Type.Object({ field: Id, op: literals(CHOICE_OPERATORS), value: some(Id) }, strict);
const FieldText = Type.Object({ field: Id, op: literals(TEXT_OPERATORS), value: Text }, strict);
const FieldEmptiness = Type.Object({ field: Id, op: literals(EMPTINESS_OPERATORS) }, strict);
const FieldNumber = Type.Object({ field: Id, op: literals(NUMBER_OPERATORS), value: Type.Number() }, strict);
const FieldMoment = Type.Object({ field: Id, op: literals(MOMENT_OPERATORS), value: Moment }, strict);
const FieldRange = Type.Object(
  { field: Id, op: Type.Literal("between"), value: Type.Union([NumberRange, MomentRange]) },
  strict,
);

const GuestStatus = Type.Object(
  { guest: Type.Literal("status"), op: Type.Literal("in"), value: some(literals(GUEST_STATUSES)) },
  strict,
);
const GuestCivility = Type.Object(
  { guest: Type.Literal("civility"), op: Type.Literal("in"), value: some(literals(CIVILITIES)) },
  strict,
);
const GuestLanguage = Type.Object(
  { guest: Type.Literal("language"), op: Type.Literal("in"), value: some(literals(LANGUAGES)) },
  strict,
);
const GuestText = Type.Object({ guest: literals(TEXT_ATTRIBUTES), op: literals(TEXT_OPERATORS), value: Text }, strict);
const GuestEmptiness = Type.Object(
  { guest: literals([...TEXT_ATTRIBUTES, ...NUMBER_ATTRIBUTES]), op: literals(EMPTINESS_OPERATORS) },
  strict,
);
const GuestNumber = Type.Object(
  { guest: literals(NUMBER_ATTRIBUTES), op: literals(NUMBER_OPERATORS), value: Type.Number() },
  strict,
);
const GuestRange = Type.Object(
  { guest: literals(NUMBER_ATTRIBUTES), op: Type.Literal("between"), value: NumberRange },
  strict,
);

/** "Has a ticket of this type" (ticketing will fill `Facts.tickets`). */
const Ticket = Type.Object({ ticket: Id, op: Type.Literal("has") }, strict);

/** Every shape a comparison may take; each one has its own subject and operators, and no two overlap. */
export const CONDITION_SCHEMAS = [
  FieldChoice,
  FieldText,
  FieldEmptiness,
  FieldNumber,
  FieldMoment,
  FieldRange,
  GuestStatus,
  GuestCivility,
  GuestLanguage,
  GuestText,
  GuestEmptiness,
  GuestNumber,
  GuestRange,
  Ticket,
] as const;

export const ConditionSchema = Type.Union([...CONDITION_SCHEMAS]);
/** A leaf of the tree: one comparison on one subject. */
export type Condition = Static<typeof ConditionSchema>;
export type FieldCondition = Extract<Condition, { field: string }>;
export type GuestCondition = Extract<Condition, { guest: string }>;
export type TicketCondition = Extract<Condition, { ticket: string }>;

export const RuleSchema = Type.Recursive(
  (Rule) =>
    Type.Union([
      Type.Object({ all: Type.Array(Rule, { maxItems: CONDITION_MAX_NODES }) }, strict),
      Type.Object({ any: Type.Array(Rule, { maxItems: CONDITION_MAX_NODES }) }, strict),
      Type.Object({ not: Rule }, strict),
      ...CONDITION_SCHEMAS,
    ]),
  { $id: "ConditionRule", description: "all (AND), any (OR), not, or one comparison" },
);
export type Rule = Static<typeof RuleSchema>;
export type AllRule = Extract<Rule, { all: unknown }>;
export type AnyRule = Extract<Rule, { any: unknown }>;
export type NotRule = Extract<Rule, { not: unknown }>;

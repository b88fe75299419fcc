/**
 * The condition engine: one rule tree for conditional form groups, check-in sessions, e-badges and
 * campaign targeting, evaluated alike in the browser and on the server. validateRule (validate.ts) is
 * exported apart from here because it loads ajv.
 */
export * from "./vocabulary.ts";
export {
  RuleSchema,
  ConditionSchema,
  type Rule,
  type AllRule,
  type AnyRule,
  type NotRule,
  type Condition,
  type FieldCondition,
  type GuestCondition,
  type TicketCondition,
} from "./schema.ts";
export type { Facts, GuestFacts } from "./facts.ts";
export { evaluate } from "./evaluate.ts";
export { referencedFields } from "./walk.ts";
export {
  checkRule,
  CONDITION_ISSUE_CODES,
  type CheckContext,
  type ConditionField,
  type ConditionIssueCode,
  type RuleIssue,
} from "./check.ts";
export { describeRule, type DescribeContext, type Translate } from "./describe.ts";

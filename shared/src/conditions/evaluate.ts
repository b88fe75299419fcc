/**
 * evaluate(rule, facts): whether a guest meets a rule, the same in the browser and on the server.
 *
 * Missing answers (absent, null, blank text, no choice) behave the same everywhere:
 * - `isEmpty` is true and `isNotEmpty` false;
 * - every positive comparison is false: `includes`, `includesAll`, `equals`, `contains`, `eq`, `lt`,
 *   `lte`, `gt`, `gte`, `before`, `after`, `on`, `between`, `in`, `has`;
 * - each negative operator is exactly `not` of its twin, so it is true: `excludes` (of `includes`),
 *   `notEquals`, `notContains`, `neq`; to ask for an answer as well, add `isNotEmpty`;
 * - `not` inverts; an empty `all` is true and an empty `any` is false (checkRule refuses both).
 * A value that is not in its stored shape (a number as text, a date as dd/mm/yyyy) compares like a
 * missing one, except that `isEmpty` only asks whether something is there.
 */
import { compare } from "./compare.ts";
import { expectedValue, subjectValue, type Facts } from "./facts.ts";
import type { Rule } from "./schema.ts";

export function evaluate(rule: Rule, facts: Facts): boolean {
  if ("all" in rule) return rule.all.every((child) => evaluate(child, facts));
  if ("any" in rule) return rule.any.some((child) => evaluate(child, facts));
  if ("not" in rule) return !evaluate(rule.not, facts);
  return compare(rule.op, subjectValue(rule, facts), expectedValue(rule));
}

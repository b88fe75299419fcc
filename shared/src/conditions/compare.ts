/**
 * What each operator means for one value: the answer (or attribute) on the left, the rule's value on the
 * right. Values are read in their stored shapes (rules/customFields.ts AnswerShapes); anything else
 * compares like a missing answer. Nothing here reads the clock or the locale.
 */
import { withoutAccents } from "../text.ts";
import { NEGATED_OPERATORS, type Operator } from "./vocabulary.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** No answer: absent, null, blank text or no choice. */
export function isMissing(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Text as compared: case, accents and runs of blanks ignored ("  Élodie " equals "elodie"). */
export function comparableText(text: string): string {
  return withoutAccents(text.toLowerCase()).replace(/\s+/g, " ").trim();
}

/** The option ids a choice answer holds: one id (single choice) or a list (multiple choice). */
function chosen(value: unknown): readonly unknown[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value : [];
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** "date", "time" or neither: a date is only ever compared with a date, a time with a time. */
function momentShape(value: unknown): "date" | "time" | undefined {
  if (typeof value !== "string") return undefined;
  return DATE.test(value) ? "date" : TIME.test(value) ? "time" : undefined;
}

/** Both are dates or both are times; fixed-width shapes, so text order is time order. */
function sameMoment(actual: unknown, expected: unknown): actual is string {
  const shape = momentShape(actual);
  return shape !== undefined && shape === momentShape(expected);
}

function isBetween(actual: unknown, range: unknown): boolean {
  if (!Array.isArray(range) || range.length !== 2) return false;
  const [from, to] = range as [unknown, unknown];
  if (isNumber(from) && isNumber(to)) return isNumber(actual) && from <= actual && actual <= to;
  if (!sameMoment(actual, from) || !sameMoment(actual, to)) return false;
  return (from as string) <= actual && actual <= (to as string);
}

type PositiveOperator = Exclude<Operator, keyof typeof NEGATED_OPERATORS>;

function holds(op: PositiveOperator, actual: unknown, expected: unknown): boolean {
  switch (op) {
    case "includes":
      return Array.isArray(expected) && chosen(actual).some((id) => expected.includes(id));
    case "includesAll": {
      const ids = chosen(actual);
      return Array.isArray(expected) && expected.length > 0 && expected.every((id) => ids.includes(id));
    }
    case "equals":
      return (
        typeof actual === "string" &&
        typeof expected === "string" &&
        comparableText(actual) === comparableText(expected)
      );
    case "contains":
      return (
        typeof actual === "string" &&
        typeof expected === "string" &&
        comparableText(actual).includes(comparableText(expected))
      );
    case "isEmpty":
      return isMissing(actual);
    case "eq":
      return isNumber(actual) && actual === expected;
    case "lt":
      return isNumber(actual) && isNumber(expected) && actual < expected;
    case "lte":
      return isNumber(actual) && isNumber(expected) && actual <= expected;
    case "gt":
      return isNumber(actual) && isNumber(expected) && actual > expected;
    case "gte":
      return isNumber(actual) && isNumber(expected) && actual >= expected;
    case "before":
      return sameMoment(actual, expected) && actual < (expected as string);
    case "after":
      return sameMoment(actual, expected) && actual > (expected as string);
    case "on":
      return sameMoment(actual, expected) && actual === expected;
    case "between":
      return isBetween(actual, expected);
    case "in":
      return typeof actual === "string" && Array.isArray(expected) && expected.includes(actual);
    case "has":
      return Array.isArray(actual) && actual.includes(expected);
    default:
      return false; // an operator of an unchecked rule
  }
}

function isNegated(op: Operator): op is keyof typeof NEGATED_OPERATORS {
  return Object.hasOwn(NEGATED_OPERATORS, op);
}

/** Whether `actual` passes `op` against the rule's `expected` value. Never throws, whatever it is given. */
export function compare(op: Operator, actual: unknown, expected: unknown): boolean {
  if (isNegated(op)) return !holds(NEGATED_OPERATORS[op], actual, expected);
  return holds(op, actual, expected);
}

/** What a rule is evaluated against: one guest's answers, attributes and tickets. */
import type { Civility, GuestStatus } from "../rules/guests.ts";
import type { Condition } from "./schema.ts";

/** The guest's own columns a rule may test (a guest as the API presents it fits). */
export interface GuestFacts {
  status?: GuestStatus | null;
  civility?: Civility | null;
  language?: string | null;
  company?: string | null;
  jobTitle?: string | null;
  companionsExpected?: number | null;
  companionsCount?: number | null;
}

export interface Facts {
  /** Answers by field id, in their stored shapes (checked by validateAnswers). */
  answers?: Readonly<Record<string, unknown>> | null;
  guest?: Readonly<GuestFacts> | null;
  /** The ids of the ticket types the guest holds. */
  tickets?: readonly string[] | null;
}

/** The value a comparison reads: an answer, an attribute, or the guest's ticket types. */
export function subjectValue(condition: Condition, facts: Facts): unknown {
  if ("field" in condition) {
    const answers = facts.answers;
    // Own keys only: a question id such as "constructor" must not read Object.prototype.
    return answers && Object.hasOwn(answers, condition.field) ? answers[condition.field] : undefined;
  }
  if ("guest" in condition) return facts.guest?.[condition.guest];
  return facts.tickets ?? [];
}

/** The rule's side of a comparison (`has` compares the ticket type id). */
export function expectedValue(condition: Condition): unknown {
  if ("ticket" in condition) return condition.ticket;
  return "value" in condition ? condition.value : undefined;
}

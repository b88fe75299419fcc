/**
 * describeRule(rule, fields, t): a rule in words for the builder, e.g. "Workshop includes Morning or
 * Afternoon, and not (Diet is empty)". Phrases are the `conditions` keys of the `web` catalogue; status,
 * civility and language names are the guest list's own.
 */
import type { TFunction } from "i18next";
import type { ConditionField } from "./check.ts";
import type { Condition, FieldCondition, GuestCondition, Rule } from "./schema.ts";
import type { EnumAttribute } from "./vocabulary.ts";

/** i18next's `t` (the web's, whose keys are typed, fits too), or a function that looks keys up alike. */
export type Translate = TFunction | ((key: string, options?: Record<string, unknown>) => string);

export interface DescribeContext {
  /** The event's ticket types, for their names. */
  tickets?: readonly { id: string; name: string }[];
}

type ListKind = "or" | "and";
/** Keys are made here from the rule (`comparisons.${op}`), so they are looked up as plain strings. */
type LookUp = (key: string, options: Record<string, unknown>) => string;

/** The guest list's names for the values of the enum attributes. */
const VALUE_KEYS: Readonly<Record<EnumAttribute, string>> = {
  status: "guests.status",
  civility: "guests.civility",
  language: "languages",
};

class Describer {
  private readonly fields: ReadonlyMap<string, ConditionField>;
  private readonly t: LookUp;

  constructor(
    fields: readonly ConditionField[],
    t: Translate,
    private readonly context: DescribeContext,
  ) {
    this.fields = new Map(fields.map((field) => [field.id, field]));
    this.t = t as LookUp;
  }

  /** Plain text: React escapes it where it is shown, so i18next must not. */
  private say(key: string, options: Record<string, unknown> = {}): string {
    return this.t(key, { ns: "web", interpolation: { escapeValue: false }, ...options });
  }

  private phrase(key: string, options: Record<string, unknown> = {}): string {
    return this.say(`conditions.${key}`, options);
  }

  rule(rule: Rule, isNested: boolean): string {
    if ("not" in rule) return this.phrase("not", { rule: this.rule(rule.not, false) });
    if (!("all" in rule) && !("any" in rule)) return this.condition(rule);
    const [members, joiner, empty] = "all" in rule ? [rule.all, "and", "always"] : [rule.any, "or", "never"];
    if (members.length === 0) return this.phrase(empty);
    if (members.length === 1) return this.rule(members[0]!, isNested);
    const text = members.map((member) => this.rule(member, true)).join(this.phrase(joiner));
    return isNested ? `(${text})` : text;
  }

  private list(items: readonly string[], kind: ListKind): string {
    if (items.length <= 1) return items[0] ?? "";
    const head = items.slice(0, -1).join(this.phrase("listSeparator"));
    return this.phrase(kind === "or" ? "listOr" : "listAnd", { head, last: items.at(-1) });
  }

  /** A date in the language's order, a time in its way; the rule's value is one or the other. */
  private moment(value: string): string {
    const [year, month, day] = value.split("-");
    if (day !== undefined) return this.phrase("date", { year, month, day });
    const [hours, minutes] = value.split(":");
    return this.phrase("time", { hours, minutes });
  }

  private subject(condition: FieldCondition | GuestCondition): string {
    if ("guest" in condition) return this.phrase(`attributes.${condition.guest}`);
    const field = this.fields.get(condition.field);
    return field?.label || field?.name || this.phrase("unknownQuestion");
  }

  /** Option labels of a question, or the guest list's names of an attribute's values. */
  private labels(condition: FieldCondition | GuestCondition, ids: readonly string[]): string[] {
    if ("guest" in condition) return ids.map((id) => this.say(`${VALUE_KEYS[condition.guest as EnumAttribute]}.${id}`));
    const options = this.fields.get(condition.field)?.options ?? [];
    return ids.map((id) => options.find((option) => option.id === id)?.label ?? this.phrase("unknownAnswer"));
  }

  private condition(condition: Condition): string {
    if ("ticket" in condition) {
      const name = this.context.tickets?.find((ticket) => ticket.id === condition.ticket)?.name;
      if (name === undefined) return this.phrase("comparisons.hasUnknownType");
      return this.phrase("comparisons.has", { ticket: this.phrase("quoted", { text: name }) });
    }
    const subject = this.subject(condition);
    const key = `comparisons.${condition.op}`;
    switch (condition.op) {
      case "includes":
      case "excludes":
      case "in": {
        const values = this.list(this.labels(condition, condition.value), "or");
        return this.phrase(key, { subject, values, count: condition.value.length });
      }
      case "includesAll":
        return this.phrase(key, { subject, values: this.list(this.labels(condition, condition.value), "and") });
      case "equals":
      case "notEquals":
      case "contains":
      case "notContains":
        return this.phrase(key, { subject, value: this.phrase("quoted", { text: condition.value }) });
      case "isEmpty":
      case "isNotEmpty":
        return this.phrase(key, { subject });
      case "before":
      case "after":
      case "on":
        return this.phrase(`comparisons.${momentKind(condition.value)}${capitalized(condition.op)}`, {
          subject,
          value: this.moment(condition.value),
        });
      case "between": {
        const [from, to] = condition.value;
        if (typeof from === "number" && typeof to === "number") {
          return this.phrase(key, { subject, from: this.number(from), to: this.number(to) });
        }
        return this.phrase(`comparisons.${momentKind(String(from))}Between`, {
          subject,
          from: this.moment(String(from)),
          to: this.moment(String(to)),
        });
      }
      default:
        return this.phrase(key, { subject, value: this.number(condition.value) });
    }
  }

  private number(value: number): string {
    return this.phrase("number", { value });
  }
}

const momentKind = (value: string): "date" | "time" => (value.includes(":") ? "time" : "date");
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function describeRule(
  rule: Rule,
  fields: readonly ConditionField[],
  t: Translate,
  context: DescribeContext = {},
): string {
  return new Describer(fields, t, context).rule(rule, false);
}

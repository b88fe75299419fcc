import type { ConditionField, Rule } from "@tessera/shared/conditions/index";
import { describe, expect, it } from "vitest";
import {
  draftOf,
  emptyCondition,
  replaceMember,
  ruleOf,
  ruleSubjects,
  rowIssues,
  ticketSubjects,
  withOperator,
  withSubject,
  type ConditionDraft,
  type GroupDraft,
} from "./ruleDraft.ts";

const fields: ConditionField[] = [
  {
    id: "diet",
    type: "dropdown",
    label: "Diet",
    options: [
      { id: "veg", label: "Vegetarian" },
      { id: "gf", label: "Gluten free" },
    ],
  },
  { id: "nights", type: "number", label: "Nights" },
];
const subjects = ruleSubjects(
  fields,
  (attribute) => attribute,
  (_attribute, value) => value,
);
const subject = (key: string) => subjects.find((item) => item.key === key);

describe("the rule editor's model", () => {
  it("offers ticket types: a row holding one reads and writes a ticket condition, checked against the event's", () => {
    const tickets = ticketSubjects([{ id: "t-vip", name: "VIP pass" }]);
    expect(tickets).toEqual([{ key: "ticket:t-vip", label: "VIP pass", kind: "ticket", group: "ticket", choices: [] }]);
    const row = withSubject(emptyCondition(), tickets[0]);
    expect(row).toMatchObject({ subject: "ticket:t-vip", op: "has", value: undefined });
    const draft: GroupDraft = { kind: "group", id: "top", mode: "any", members: [row] };
    expect(ruleOf(draft)).toEqual({ ticket: "t-vip", op: "has" });
    const stored: Rule = {
      any: [
        { ticket: "t-vip", op: "has" },
        { guest: "company", op: "isNotEmpty" },
      ],
    };
    expect(ruleOf(draftOf(stored))).toEqual(stored);
    expect(rowIssues(draft, fields, { ticketTypeIds: ["t-vip"] }).size).toBe(0);
    expect([...rowIssues(draft, fields, { ticketTypeIds: [] }).values()]).toEqual([
      { path: "ticket", code: "condition_unknown_ticket" },
    ]);
    expect(ruleOf(draft, fields, true, { ticketTypeIds: ["t-vip"] })).toEqual({ ticket: "t-vip", op: "has" });
  });

  it("reads a stored rule as groups and rows and gives it back unchanged", () => {
    const rules: Rule[] = [
      {
        all: [
          { guest: "status", op: "in", value: ["confirmed"] },
          { field: "nights", op: "gte", value: 2 },
        ],
      },
      { any: [{ field: "diet", op: "includes", value: ["veg"] }, { not: { guest: "company", op: "isEmpty" } }] },
      {
        not: {
          any: [
            { field: "diet", op: "includes", value: ["gf"] },
            { field: "nights", op: "between", value: [1, 3] },
          ],
        },
      },
      { guest: "status", op: "in", value: ["confirmed", "to_be_seen"] },
    ];
    for (const rule of rules) expect(ruleOf(draftOf(rule), fields)).toEqual(rule);
    expect(draftOf(null).members).toEqual([]);
    expect(ruleOf(draftOf(null))).toBeNull();
  });

  it("offers the guest attributes then the questions, each with its operators and choices", () => {
    expect(subject("guest:status")?.choices.map((choice) => choice.value)).toContain("confirmed");
    expect(subject("field:diet")).toMatchObject({ kind: "choice", group: "field", label: "Diet" });
    expect(subject("field:nights")?.kind).toBe("number");
    expect(subjects.findIndex((item) => item.group === "field")).toBeGreaterThan(
      subjects.findIndex((item) => item.group === "guest"),
    );
  });

  it("starts a row's value from its subject and operator, and keeps it while it still fits", () => {
    let row: ConditionDraft = withSubject(emptyCondition(), subject("field:diet"));
    expect(row).toMatchObject({ subject: "field:diet", op: "includes", value: [] });
    row = { ...row, value: ["veg"] };
    expect(withOperator(row, subject("field:diet"), "excludes").value).toEqual(["veg"]);
    expect(withOperator(row, subject("field:diet"), "isEmpty").value).toBeUndefined();
    row = withSubject(row, subject("field:nights"));
    expect(row).toMatchObject({ op: "eq", value: null });
    expect(withOperator(row, subject("field:nights"), "between").value).toEqual([null, null]);
    expect(withOperator(row, subject("field:nights"), "gt").value).toBeNull();
  });

  it("names the unfinished rows and empty groups, and leaves them out of the rule in words", () => {
    const done: ConditionDraft = { ...withSubject(emptyCondition(), subject("field:diet")), value: ["veg"] };
    const unfinished = withSubject(emptyCondition(), subject("field:nights"));
    const withValue = withOperator(unfinished, subject("field:nights"), "gt");
    const draft: GroupDraft = { ...draftOf(null), members: [done, withValue, emptyCondition()] };
    const issues = rowIssues(draft, fields);
    expect([...issues.keys()]).toEqual([withValue.id, draft.members[2]!.id]);
    expect(issues.get(withValue.id)?.code).toBe("condition_invalid_value");
    expect(ruleOf(draft, fields, true)).toEqual({ field: "diet", op: "includes", value: ["veg"] });

    const nested = draftOf({
      all: [{ field: "nights", op: "gt", value: 1 }, { any: [{ field: "nights", op: "lt", value: 9 }] }],
    });
    const group = nested.members[1] as GroupDraft;
    const emptied = replaceMember(nested, group.members[0]!.id, null);
    expect(rowIssues(emptied, fields).get(group.id)?.code).toBe("condition_group_empty");
    expect(ruleOf(emptied, fields, true)).toEqual({ field: "nights", op: "gt", value: 1 });
  });
});

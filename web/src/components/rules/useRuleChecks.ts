import {
  describeRule,
  type CheckContext,
  type ConditionField,
  type DescribeContext,
  type RuleIssue,
} from "@tessera/shared/conditions/index";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ruleOf, rowIssues, type GroupDraft } from "./ruleDraft.ts";

/**
 * What the rule editor's owner shows of a rule being written: each unfinished or wrong row's first problem
 * (`issues` by row id, `problems` the same in words), and the rule in words as far as it is complete
 * (`emptyText` while it says nothing). `context` names the event's ticket types.
 */
export function useRuleChecks(
  draft: GroupDraft,
  fields: readonly ConditionField[],
  context: CheckContext & DescribeContext,
  emptyText: string,
): { issues: Map<string, RuleIssue>; problems: Map<string, string>; inWords: string } {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const issues = useMemo(() => rowIssues(draft, fields, context), [draft, fields, context]);
  const problems = useMemo(
    () =>
      new Map(
        [...issues].map(([id, issue]) => [
          id,
          t(`validation:${issue.code}` as "validation:condition_invalid_value", issue.params ?? {}),
        ]),
      ),
    [issues, t],
  );
  const inWords = useMemo(() => {
    const rule = ruleOf(draft, fields, true, context);
    return rule ? describeRule(rule, fields, t, context) : emptyText;
  }, [draft, fields, context, emptyText, t]);
  return { issues, problems, inWords };
}

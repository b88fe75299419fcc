import { Badge, Group, MultiSelect, NumberInput, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import {
  FORM_TEXT_MAX,
  FORM_TITLE_MAX,
  RECOMMENDATIONS_MAX,
  type FormGroupItem,
  type FormItem,
  type FormLeafItem,
} from "@tessera/shared/rules/forms";
import { useTranslation } from "react-i18next";
import type { PlacedProblem } from "./builderRules.ts";
import { conditionQuestions } from "./groupRule.ts";
import type { RowContext } from "./ItemRow.tsx";

/** What each kind's editor shows at one of its fields (the rest of an item's problems go under it). */
export function shownAt(item: FormItem): readonly string[] {
  switch (item.kind) {
    case "question":
      return [];
    case "group":
      // The "empty group" problem is shown at the group's end, where its items go.
      return ["condition.fieldId", "condition.answers", "items"];
    case "recommendations":
      return ["title", "max"];
    case "companions":
      return ["title", "companionFormId"];
    default:
      return ["title"];
  }
}

/** The message of the problems at one field of an item, for the field's `error`. */
const problemAt = (problems: readonly PlacedProblem[], at: string) =>
  problems
    .filter((problem) => problem.at === at)
    .map((problem) => problem.message)
    .join(" ") || undefined;

/** The editor of an item that is not a group. */
export function ItemEditor({
  item,
  problems,
  context,
}: {
  item: FormLeafItem;
  problems: readonly PlacedProblem[];
  context: RowContext;
}) {
  const { t } = useTranslation("web");
  const { canEdit } = context;
  const change = (next: FormLeafItem) => context.onChange(item.id, next);
  const titleInput = (titled: Exclude<FormLeafItem, { kind: "question" }>, label: string) => (
    <TextInput
      label={label}
      size="sm"
      value={titled.title}
      onChange={(typed) => change({ ...titled, title: typed.currentTarget.value })}
      maxLength={FORM_TITLE_MAX}
      required
      readOnly={!canEdit}
      error={problemAt(problems, "title")}
    />
  );

  switch (item.kind) {
    case "question":
      return <QuestionDetails fieldId={item.fieldId} context={context} />;
    case "text":
      return (
        <>
          {titleInput(item, t("forms.builder.text.title"))}
          <Textarea
            label={t("forms.builder.text.description")}
            size="sm"
            autosize
            minRows={2}
            maxRows={8}
            value={item.description}
            onChange={(typed) => change({ ...item, description: typed.currentTarget.value })}
            maxLength={FORM_TEXT_MAX}
            readOnly={!canEdit}
          />
        </>
      );
    case "participation":
      return titleInput(item, t("forms.builder.participation.title"));
    case "companions":
      return (
        <>
          {titleInput(item, t("forms.builder.companions.title"))}
          <Select
            label={t("forms.builder.companions.form")}
            description={t("forms.builder.companions.formHelp")}
            size="sm"
            data={[...context.companionForms]}
            value={item.companionFormId}
            onChange={(companionFormId) => change({ ...item, companionFormId })}
            placeholder={t("forms.builder.companions.noForm")}
            clearable
            readOnly={!canEdit}
            error={problemAt(problems, "companionFormId")}
          />
        </>
      );
    case "recommendations":
      return (
        <>
          {titleInput(item, t("forms.builder.recommendations.title"))}
          <NumberInput
            label={t("forms.builder.recommendations.max")}
            size="sm"
            min={1}
            max={RECOMMENDATIONS_MAX}
            clampBehavior="strict"
            allowDecimal={false}
            value={item.max}
            onChange={(value) => change({ ...item, max: typeof value === "number" ? value : 1 })}
            readOnly={!canEdit}
            maw={320}
            error={problemAt(problems, "max")}
          />
        </>
      );
  }
}

/** A question's custom field as guests answer it: its type, whether it is required or read-only, its help. */
function QuestionDetails({ fieldId, context }: { fieldId: string; context: RowContext }) {
  const { t } = useTranslation("web");
  const field = context.fields.get(fieldId);
  if (!field) return null;
  return (
    <Group gap="xs">
      <Text size="xs" c="dimmed">
        {t(`guests.customFieldTypes.${field.type}`)}
        {field.options.length > 0 && ` · ${field.options.map((option) => option.label).join(", ")}`}
      </Text>
      {field.isRequired && (
        <Badge size="xs" variant="light" color="gray">
          {t("forms.builder.question.required")}
        </Badge>
      )}
      {field.isReadOnly && (
        <Badge size="xs" variant="light" color="gray">
          {t("forms.builder.question.readOnly")}
        </Badge>
      )}
    </Group>
  );
}

/** A group's rule: the choice question placed before it, and the answers to it that show the group. */
export function GroupConditionEditor({
  item,
  problems,
  context,
}: {
  item: FormGroupItem;
  problems: readonly PlacedProblem[];
  context: RowContext;
}) {
  const { t } = useTranslation("web");
  const { canEdit, fields } = context;
  const questions = conditionQuestions(context.draft.items, item.id, fields);
  const field = item.condition.fieldId ? fields.get(item.condition.fieldId) : undefined;
  const change = (condition: FormGroupItem["condition"]) => context.onChange(item.id, { ...item, condition });
  return (
    <Stack gap="xs">
      {questions.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("forms.builder.group.noQuestions")}
        </Text>
      )}
      <Group gap="sm" align="flex-start" grow preventGrowOverflow={false}>
        <Select
          label={t("forms.builder.group.question")}
          size="sm"
          data={questions.map((question) => ({ value: question.fieldId, label: question.label }))}
          value={item.condition.fieldId}
          // Another question: the answers of the former one mean nothing for it.
          onChange={(fieldId) =>
            change({ fieldId, answers: fieldId === item.condition.fieldId ? item.condition.answers : [] })
          }
          readOnly={!canEdit}
          required
          miw={180}
          error={problemAt(problems, "condition.fieldId")}
        />
        <MultiSelect
          label={t("forms.builder.group.answers")}
          size="sm"
          data={(field?.options ?? []).map((option) => ({ value: option.id, label: option.label }))}
          value={item.condition.answers}
          onChange={(answers) => change({ ...item.condition, answers })}
          disabled={!field}
          readOnly={!canEdit}
          required
          miw={180}
          error={problemAt(problems, "condition.answers")}
        />
      </Group>
    </Stack>
  );
}

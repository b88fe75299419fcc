import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { CONDITION_TEXT_MAX, type Operator } from "@tessera/shared/conditions/index";
import { useTranslation } from "react-i18next";
import { IconPlus, IconTrash } from "../icons.tsx";
import {
  emptyCondition,
  emptyGroup,
  operatorsOf,
  replaceMember,
  RULE_EDITOR_MAX_DEPTH,
  withOperator,
  withSubject,
  type ConditionDraft,
  type GroupDraft,
  type GroupMode,
  type RuleSubject,
} from "./ruleDraft.ts";

export interface RuleEditorProps {
  value: GroupDraft;
  onChange(next: GroupDraft): void;
  subjects: readonly RuleSubject[];
  /** Each unfinished or wrong row's message, by row id (shown once the user tried to save). */
  problems?: ReadonlyMap<string, string>;
  readOnly?: boolean;
  /** What an empty rule means where it is used ("Every confirmed guest comes in"). */
  emptyText: string;
}

/**
 * Edits a rule of the condition engine: a group that matches all, any or none of its rows, each row one
 * comparison (a guest attribute, a question or a ticket type, an operator that suits it, its value), groups
 * inside it.
 */
export function RuleEditor({ value, onChange, subjects, problems, readOnly = false, emptyText }: RuleEditorProps) {
  return (
    <GroupEditor
      group={value}
      depth={1}
      position={[]}
      subjects={subjects}
      problems={problems}
      readOnly={readOnly}
      emptyText={emptyText}
      onChange={onChange}
      onMemberChange={(id, next) => onChange(replaceMember(value, id, next))}
    />
  );
}

interface GroupEditorProps {
  group: GroupDraft;
  depth: number;
  /** 1-based numbers of the enclosing groups' rows, for the labels ("Condition 2.1"). */
  position: number[];
  subjects: readonly RuleSubject[];
  problems?: ReadonlyMap<string, string>;
  readOnly: boolean;
  emptyText?: string;
  onChange(next: GroupDraft): void;
  onMemberChange(id: string, next: ConditionDraft | GroupDraft | null): void;
  onRemove?: () => void;
}

const MODES: readonly GroupMode[] = ["all", "any", "none"];

function GroupEditor(props: GroupEditorProps) {
  const { group, depth, position, subjects, problems, readOnly, emptyText, onChange, onMemberChange, onRemove } = props;
  const { t } = useTranslation("web");
  const name = position.length ? t("ruleEditor.groupNamed", { number: position.join(".") }) : t("ruleEditor.rule");
  const add = (member: ConditionDraft | GroupDraft) => onChange({ ...group, members: [...group.members, member] });
  const problem = problems?.get(group.id);
  return (
    <Paper withBorder={depth > 1} p={depth > 1 ? "sm" : 0} role="group" aria-label={name} data-testid="rule-group">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap" align="center">
          <Text size="sm" fw={500}>
            {depth === 1 ? t("ruleEditor.guestsWho") : t("ruleEditor.nestedWho")}
          </Text>
          <Select
            size="xs"
            w={200}
            aria-label={t("ruleEditor.modeOf", { name })}
            data={MODES.map((mode) => ({ value: mode, label: t(`ruleEditor.modes.${mode}`) }))}
            value={group.mode}
            onChange={(mode) => mode && onChange({ ...group, mode: mode as GroupMode })}
            allowDeselect={false}
            readOnly={readOnly}
          />
          {onRemove && !readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("ruleEditor.removeGroup", { name })}
              onClick={onRemove}
              ml="auto"
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        {group.members.length === 0 && (
          <Text size="sm" c={problem ? "red.8" : "dimmed"}>
            {problem ?? emptyText ?? t("ruleEditor.emptyGroup")}
          </Text>
        )}
        {group.members.map((member, index) => {
          const at = [...position, index + 1];
          return member.kind === "group" ? (
            <GroupEditor
              key={member.id}
              {...props}
              group={member}
              depth={depth + 1}
              position={at}
              emptyText={undefined}
              onChange={(next) => onMemberChange(member.id, next)}
              onRemove={() => onMemberChange(member.id, null)}
            />
          ) : (
            <ConditionRow
              key={member.id}
              row={member}
              name={t("ruleEditor.conditionNamed", { number: at.join(".") })}
              subjects={subjects}
              problem={problems?.get(member.id)}
              readOnly={readOnly}
              onChange={(next) => onMemberChange(member.id, next)}
              onRemove={() => onMemberChange(member.id, null)}
            />
          );
        })}
        {!readOnly && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => add(emptyCondition())}
              aria-label={t("ruleEditor.addConditionTo", { name })}
            >
              {t("ruleEditor.addCondition")}
            </Button>
            {depth < RULE_EDITOR_MAX_DEPTH && (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                onClick={() => add(emptyGroup(group.mode === "all" ? "any" : "all", [emptyCondition()]))}
                aria-label={t("ruleEditor.addGroupTo", { name })}
              >
                {t("ruleEditor.addGroup")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** One comparison: what is tested, how, and against what. */
export function ConditionRow({
  row,
  name,
  subjects,
  problem,
  readOnly,
  onChange,
  onRemove,
}: {
  row: ConditionDraft;
  /** "Condition 2": the row's controls are named after it. */
  name: string;
  subjects: readonly RuleSubject[];
  problem?: string;
  readOnly: boolean;
  onChange(next: ConditionDraft): void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation("web");
  const subject = subjects.find((candidate) => candidate.key === row.subject);
  const operators = operatorsOf(subject);
  const subjectData = [
    {
      group: t("ruleEditor.guestAttributes"),
      items: subjects.filter((item) => item.group === "guest").map(({ key, label }) => ({ value: key, label })),
    },
    {
      group: t("ruleEditor.questions"),
      items: subjects.filter((item) => item.group === "field").map(({ key, label }) => ({ value: key, label })),
    },
    {
      group: t("ruleEditor.tickets"),
      items: subjects.filter((item) => item.group === "ticket").map(({ key, label }) => ({ value: key, label })),
    },
  ].filter((section) => section.items.length > 0);
  return (
    <Stack gap={4} data-testid="rule-condition">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Select
          size="sm"
          w={{ base: "100%", xs: 200 }}
          aria-label={t("ruleEditor.subjectOf", { name })}
          placeholder={t("ruleEditor.chooseSubject")}
          data={subjectData}
          value={row.subject}
          searchable
          onChange={(key) =>
            onChange(
              withSubject(
                row,
                subjects.find((item) => item.key === key),
              ),
            )
          }
          readOnly={readOnly}
          allowDeselect={false}
          error={Boolean(problem)}
        />
        <Select
          size="sm"
          w={{ base: "100%", xs: 170 }}
          aria-label={t("ruleEditor.operatorOf", { name })}
          data={operators.map((op) => ({ value: op, label: t(`ruleEditor.operators.${op}`) }))}
          value={row.op}
          onChange={(op) => op && onChange(withOperator(row, subject, op as Operator))}
          disabled={!subject}
          readOnly={readOnly}
          allowDeselect={false}
        />
        {subject && row.op && (
          <ValueInput row={row} subject={subject} name={name} readOnly={readOnly} onChange={onChange} />
        )}
        {onRemove && !readOnly && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t("ruleEditor.removeCondition", { name })}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
      {problem && (
        <Text size="xs" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

/** The value side of a row, as its subject's kind and the operator want it. */
function ValueInput({
  row,
  subject,
  name,
  readOnly,
  onChange,
}: {
  row: ConditionDraft;
  subject: RuleSubject;
  name: string;
  readOnly: boolean;
  onChange(next: ConditionDraft): void;
}) {
  const { t } = useTranslation("web");
  const set = (value: unknown) => onChange({ ...row, value });
  const label = t("ruleEditor.valueOf", { name });
  const width = { base: "100%", xs: 220 };
  if (row.op === "isEmpty" || row.op === "isNotEmpty" || subject.kind === "ticket") return null;
  if (subject.kind === "choice" || subject.kind === "enum") {
    return (
      <MultiSelect
        size="sm"
        w={width}
        aria-label={label}
        placeholder={t("ruleEditor.chooseValues")}
        // Tall enough for a guest attribute's values without a scrolling list (whose region takes no focus).
        maxDropdownHeight={360}
        data={subject.choices.map((choice) => ({ value: choice.value, label: choice.label }))}
        value={Array.isArray(row.value) ? (row.value as string[]) : []}
        onChange={set}
        readOnly={readOnly}
        searchable
      />
    );
  }
  const single = (value: unknown, onValue: (next: unknown) => void, ariaLabel: string) =>
    subject.kind === "number" ? (
      <NumberInput
        size="sm"
        w={{ base: "100%", xs: 120 }}
        aria-label={ariaLabel}
        value={typeof value === "number" ? value : ""}
        onChange={(next) => onValue(typeof next === "number" ? next : null)}
        readOnly={readOnly}
      />
    ) : (
      <TextInput
        size="sm"
        w={subject.kind === "text" ? width : { base: "100%", xs: 160 }}
        type={subject.kind === "date" ? "date" : subject.kind === "time" ? "time" : "text"}
        aria-label={ariaLabel}
        value={typeof value === "string" ? value : ""}
        onChange={(event) => onValue(event.currentTarget.value)}
        maxLength={CONDITION_TEXT_MAX}
        readOnly={readOnly}
      />
    );
  if (row.op === "between") {
    const [from, to] = Array.isArray(row.value) ? (row.value as unknown[]) : [null, null];
    return (
      <Group gap="xs" wrap="nowrap" align="center">
        {single(from, (next) => set([next, to]), t("ruleEditor.fromOf", { name }))}
        <Text size="sm">{t("ruleEditor.and")}</Text>
        {single(to, (next) => set([from, next]), t("ruleEditor.toOf", { name }))}
      </Group>
    );
  }
  return single(row.value, set, label);
}

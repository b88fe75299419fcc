import { Anchor, Button, Group, Menu, Modal, Select, Stack, Text } from "@mantine/core";
import { FORM_ITEM_KINDS, type FormItem, type FormItemKind } from "@tessera/shared/rules/forms";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { IconChevronDown, IconPlus } from "@/components/icons.tsx";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import { kindRefusal, type BuilderDraft } from "./builderRules.ts";
import { newItem, questionFieldIds } from "./formTree.ts";
import { fieldLabel } from "./groupRule.ts";

interface AddItemMenuProps {
  draft: BuilderDraft;
  /** Adds into this group (null: at the end of the form). */
  groupId: string | null;
  fields: ReadonlyMap<string, CustomFieldJson>;
  fieldsBase: string;
  onAdd: (item: FormItem, groupId: string | null) => void;
}

/**
 * "Add an item": every kind, each said unavailable (in the rules' words) where the form cannot take it;
 * a question is picked among the event's custom fields not yet in the form.
 */
export function AddItemMenu({ draft, groupId, fields, fieldsBase, onAdd }: AddItemMenuProps) {
  const { t } = useTranslation(["web", "validation"]);
  const [isPickingQuestion, setPickingQuestion] = useState(false);
  // A kind picked: the new item takes the focus, the menu does not give it back to its button.
  const [hasPicked, setPicked] = useState(false);
  const kinds = FORM_ITEM_KINDS.filter((kind) => !(groupId && kind === "group"));

  function add(kind: Exclude<FormItemKind, "question">) {
    const spec =
      kind === "text" || kind === "group" ? { kind } : { kind, title: t(`forms.builder.${kind}.defaultTitle`) };
    onAdd(newItem(spec, draft.items), groupId);
  }

  return (
    <>
      <Menu position="bottom-start" withinPortal width={320} returnFocus={!hasPicked} onOpen={() => setPicked(false)}>
        <Menu.Target>
          <Button
            variant={groupId ? "subtle" : "light"}
            size={groupId ? "xs" : "sm"}
            leftSection={<IconPlus size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            {groupId ? t("forms.builder.addToGroup") : t("forms.builder.add")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {kinds.map((kind) => {
            const refusal = kind === "question" ? null : kindRefusal(draft, kind, groupId, fields);
            return (
              <Menu.Item
                key={kind}
                disabled={refusal !== null}
                onClick={() => {
                  setPicked(true);
                  if (kind === "question") setPickingQuestion(true);
                  else add(kind);
                }}
              >
                <Text size="sm" fw={500}>
                  {t(`forms.builder.kinds.${kind}`)}
                </Text>
                <Text size="xs" c={refusal ? undefined : "dimmed"}>
                  {refusal ? t(`validation:${refusal}`) : t(`forms.builder.kindHelp.${kind}`)}
                </Text>
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      {isPickingQuestion && (
        <AddQuestionModal
          draft={draft}
          fields={fields}
          fieldsBase={fieldsBase}
          onClose={() => setPickingQuestion(false)}
          onPick={(fieldId) => {
            onAdd(newItem({ kind: "question", fieldId }, draft.items), groupId);
            setPickingQuestion(false);
          }}
        />
      )}
    </>
  );
}

/** Picks a custom field of the event not yet in the form. */
function AddQuestionModal({
  draft,
  fields,
  fieldsBase,
  onClose,
  onPick,
}: {
  draft: BuilderDraft;
  fields: ReadonlyMap<string, CustomFieldJson>;
  fieldsBase: string;
  onClose: () => void;
  onPick: (fieldId: string) => void;
}) {
  const { t } = useTranslation("web");
  const used = questionFieldIds(draft.items);
  const available = [...fields.values()].filter((field) => !used.has(field.id));
  const [fieldId, setFieldId] = useState<string | null>(available[0]?.id ?? null);
  return (
    <Modal opened onClose={onClose} title={t("forms.builder.question.pickTitle")} centered>
      <form
        onSubmit={(submitted) => {
          submitted.preventDefault();
          if (fieldId) onPick(fieldId);
        }}
      >
        <Stack gap="md">
          {available.length === 0 ? (
            <Text size="sm">
              {fields.size === 0 ? t("forms.builder.question.noFields") : t("forms.builder.question.noneLeft")}
            </Text>
          ) : (
            <Select
              label={t("forms.builder.question.field")}
              data={available.map((field) => ({
                value: field.id,
                label: `${fieldLabel(field)} (${t(`guests.customFieldTypes.${field.type}`)})`,
              }))}
              value={fieldId}
              onChange={setFieldId}
              searchable
              allowDeselect={false}
              data-autofocus
            />
          )}
          <Anchor component={Link} to={fieldsBase} size="sm">
            {t("forms.builder.question.manageFields")}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={!fieldId}>
              {t("forms.builder.question.add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

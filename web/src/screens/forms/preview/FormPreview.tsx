import {
  Button,
  Center,
  Fieldset,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { LANGUAGES, isLanguage, type Language } from "@tessera/shared/i18n/languages";
import type { FormItem } from "@tessera/shared/rules/forms";
import { groupConditionMet } from "@tessera/shared/rules/formVisibility";
import { Suspense, use, useId, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { loadI18n } from "@/app/language.ts";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import type { BuilderDraft } from "../builder/builderRules.ts";
import { PreviewQuestion, type PreviewAnswer } from "./PreviewQuestion.tsx";

type Answers = Readonly<Record<string, PreviewAnswer>>;

/**
 * The form as a guest sees it, as it is being built: its questions with their labels, answers and help,
 * and its conditional groups shown or hidden as the preview's answers meet their rule (the same rule the
 * guest site and the server apply). Its words (buttons, hints) are in the language chosen above it.
 */
export function FormPreview({ draft, fields }: { draft: BuilderDraft; fields: ReadonlyMap<string, CustomFieldJson> }) {
  const { t, i18n } = useTranslation("web");
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : "en");
  const [answers, setAnswers] = useState<Answers>({});
  const titleId = useId();
  const hidden = draft.items.filter(
    (item) => item.kind === "group" && item.items.length > 0 && !groupConditionMet(item.condition, answers),
  ).length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="form-preview">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            {t("forms.preview.title")}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={t("forms.preview.language")}
            value={language}
            onChange={(value) => isLanguage(value) && setLanguage(value)}
            data={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t("forms.preview.hint")}
        </Text>
        <Paper bg="gray.0" p="md" radius="md">
          <Suspense
            fallback={
              <Center p="md">
                <Loader size="sm" />
              </Center>
            }
          >
            <InLanguage language={language}>
              <GuestForm
                draft={draft}
                fields={fields}
                answers={answers}
                onAnswer={(fieldId, value) => setAnswers((current) => ({ ...current, [fieldId]: value }))}
              />
            </InLanguage>
          </Suspense>
        </Paper>
        {hidden > 0 && (
          <Text size="xs" c="dimmed" data-testid="preview-hidden-groups">
            {t("forms.preview.hiddenGroups", { count: hidden })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Its children in another language than the page's (the catalogues of that language, loaded once). */
function InLanguage({ language, children }: { language: Language; children: React.ReactNode }) {
  const instance = use(loadI18n(language));
  return (
    <I18nextProvider i18n={instance}>
      <div lang={language}>{children}</div>
    </I18nextProvider>
  );
}

function GuestForm({
  draft,
  fields,
  answers,
  onAnswer,
}: {
  draft: BuilderDraft;
  fields: ReadonlyMap<string, CustomFieldJson>;
  answers: Answers;
  onAnswer: (fieldId: string, value: PreviewAnswer) => void;
}) {
  const { t } = useTranslation("web");
  return (
    <Stack gap="md">
      {draft.title.trim() && (
        <Title order={4} size="h4">
          {draft.title}
        </Title>
      )}
      {draft.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("forms.preview.empty")}
        </Text>
      ) : (
        draft.items.map((item) => (
          <PreviewItem key={item.id} item={item} fields={fields} answers={answers} onAnswer={onAnswer} />
        ))
      )}
      <Group>
        <Button type="button">{t(`forms.preview.guest.submit.${draft.type}`)}</Button>
      </Group>
    </Stack>
  );
}

function PreviewItem({
  item,
  fields,
  answers,
  onAnswer,
}: {
  item: FormItem;
  fields: ReadonlyMap<string, CustomFieldJson>;
  answers: Answers;
  onAnswer: (fieldId: string, value: PreviewAnswer) => void;
}) {
  const { t } = useTranslation("web");
  switch (item.kind) {
    case "question": {
      const field = fields.get(item.fieldId);
      if (!field) return null;
      return (
        <PreviewQuestion
          field={field}
          value={answers[field.id] ?? null}
          onChange={(value) => onAnswer(field.id, value)}
        />
      );
    }
    case "text":
      if (!item.title.trim() && !item.description.trim()) return null;
      return (
        <div>
          {item.title.trim() && (
            <Title order={5} size="h5">
              {item.title}
            </Title>
          )}
          {item.description.trim() && (
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {item.description}
            </Text>
          )}
        </div>
      );
    case "participation":
      return (
        <Radio.Group label={item.title} required>
          <Stack gap={6} mt={6}>
            <Radio value="yes" label={t("forms.preview.guest.attendYes")} />
            <Radio value="no" label={t("forms.preview.guest.attendNo")} />
          </Stack>
        </Radio.Group>
      );
    case "companions":
      return (
        <NumberInput
          label={item.title}
          description={t("forms.preview.guest.companionsHelp")}
          min={0}
          allowDecimal={false}
          defaultValue={0}
          maw={240}
        />
      );
    case "recommendations":
      return (
        <Fieldset
          legend={item.title}
          variant="unstyled"
          styles={{ legend: { fontWeight: 600, fontSize: "var(--mantine-font-size-sm)" } }}
        >
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t("forms.preview.guest.recommendHelp", { count: item.max })}
            </Text>
            <Group gap="xs" grow preventGrowOverflow={false} wrap="wrap">
              <TextInput label={t("fields.firstName")} size="sm" miw={120} />
              <TextInput label={t("fields.lastName")} size="sm" miw={120} />
              <TextInput label={t("fields.email")} type="email" size="sm" miw={160} />
            </Group>
            <Group>
              <Button type="button" variant="light" size="xs">
                {t("forms.preview.guest.addPerson")}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      );
    case "group":
      if (!groupConditionMet(item.condition, answers)) return null;
      return (
        <Stack gap="md" data-testid="preview-group">
          {item.items.map((child) => (
            <PreviewItem key={child.id} item={child} fields={fields} answers={answers} onAnswer={onAnswer} />
          ))}
        </Stack>
      );
  }
}

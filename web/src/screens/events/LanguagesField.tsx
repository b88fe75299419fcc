import { Checkbox, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "@tessera/shared/i18n/languages";

/** The languages an event is offered in: at least one is required (an empty choice shows the error). */
export function LanguagesField({
  value,
  onChange,
  error,
}: {
  value: Language[];
  onChange: (languages: Language[]) => void;
  /** The API's message about the field, shown when the choice itself is not empty. */
  error?: string;
}) {
  const { t } = useTranslation(["web", "validation"]);
  return (
    <Checkbox.Group
      label={t("events.languages")}
      value={value}
      onChange={(next) => onChange(LANGUAGES.filter((language) => next.includes(language)))}
      error={value.length === 0 ? t("validation:required") : error}
    >
      <Group mt="xs">
        {LANGUAGES.map((language) => (
          <Checkbox key={language} value={language} label={t(`languages.${language}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

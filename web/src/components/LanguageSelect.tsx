import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "@tessera/shared/i18n/languages";

export function LanguageSelect({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const { t } = useTranslation("web");
  return (
    <Select
      label={t("fields.language")}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
      value={value}
      onChange={(selected) => selected && onChange(selected as Language)}
      allowDeselect={false}
    />
  );
}

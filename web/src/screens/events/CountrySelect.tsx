import { Select } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** ISO 3166 country codes the browser can name, sorted by name in the user's language. */
function countries(language: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
  const list: { value: string; label: string }[] = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      const name = names.of(code);
      // Unassigned codes have no name; user-assigned ones (XA, ZZ…) name themselves oddly.
      if (name && name !== code && !/^(X|Q[M-Z]|AA|ZZ|EU|EZ|UN)/.test(code)) list.push({ value: code, label: name });
    }
  }
  return list.sort((a, b) => a.label.localeCompare(b.label, language));
}

export function CountrySelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (code: string | null) => void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation("web");
  const data = useMemo(() => countries(i18n.language), [i18n.language]);
  return (
    <Select
      label={t("events.country")}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      error={error}
    />
  );
}

import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccount, useAccountOptions } from "@/queries/accounts.ts";

interface AccountPickerProps {
  label: string;
  value: string | null;
  onChange: (accountId: string | null) => void;
  error?: string | undefined;
  placeholder?: string;
}

/** Picks an account by name, searching the API as the user types. */
export function AccountPicker({ label, value, onChange, error, placeholder }: AccountPickerProps) {
  const { t } = useTranslation("web");
  const [search, setSearch] = useState("");
  const [settledSearch] = useDebouncedValue(search, 250);
  // The chosen account's name, when the picker opens on an existing value.
  const chosen = useAccount(value);
  const selected = chosen.data ? { value: chosen.data.id, label: chosen.data.name } : null;
  // The box shows the chosen account's name: that is no search.
  const found = useAccountOptions(settledSearch === selected?.label ? "" : settledSearch);

  const options = (found.data?.data ?? []).map((account) => ({ value: account.id, label: account.name }));
  const shown =
    selected && !options.some((option) => option.value === selected.value) ? [selected, ...options] : options;

  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={shown}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: unfiltered }) => unfiltered}
      nothingFoundMessage={t("common.noMatch")}
      error={error}
    />
  );
}

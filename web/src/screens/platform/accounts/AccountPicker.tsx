import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStores } from "@/stores/StoresContext.ts";

interface AccountOption {
  value: string;
  label: string;
}

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
  const { accounts } = useStores();
  const [search, setSearch] = useState("");
  const [settledSearch] = useDebouncedValue(search, 250);
  const [found, setFound] = useState<AccountOption[]>([]);
  const [selected, setSelected] = useState<AccountOption | null>(null);

  // The chosen account's name, when the picker opens on an existing value.
  useEffect(() => {
    if (!value || selected?.value === value) return;
    let isCurrent = true;
    accounts.get(value).then(
      (account) => isCurrent && setSelected({ value: account.id, label: account.name }),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [value, selected, accounts]);

  useEffect(() => {
    let isCurrent = true;
    const query = settledSearch === selected?.label ? "" : settledSearch;
    accounts.search(query).then(
      (page) => isCurrent && setFound(page.data.map((account) => ({ value: account.id, label: account.name }))),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [settledSearch, selected, accounts]);

  const options = selected && !found.some((option) => option.value === selected.value) ? [selected, ...found] : found;

  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={options}
      value={value}
      onChange={(accountId, option) => {
        setSelected(accountId ? option : null);
        onChange(accountId);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: unfiltered }) => unfiltered}
      nothingFoundMessage={t("common.noMatch")}
      error={error}
    />
  );
}

import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";

export interface PickerOption {
  value: string;
  label: string;
}

interface RemotePickerProps {
  label: string;
  placeholder?: string;
  /** The options matching what was typed (asked again once the user pauses). */
  load: (search: string) => Promise<PickerOption[]>;
  /** Options not to offer (already chosen). */
  excluded?: readonly string[];
  onPick: (value: string) => void;
  disabled?: boolean;
}

/** A searchable select whose options come from the API; picking one reports it and clears the box. */
export function RemotePicker({ label, placeholder, load, excluded = [], onPick, disabled }: RemotePickerProps) {
  const [search, setSearch] = useState("");
  const [settled] = useDebouncedValue(search.trim(), 250);
  const [options, setOptions] = useState<PickerOption[]>([]);

  useEffect(() => {
    let isCurrent = true;
    load(settled).then(
      (found) => isCurrent && setOptions(found),
      () => isCurrent && setOptions([]),
    );
    return () => {
      isCurrent = false;
    };
  }, [settled, load]);

  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={options.filter((option) => !excluded.includes(option.value))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      value={null}
      onChange={(value) => {
        if (!value) return;
        setSearch("");
        onPick(value);
      }}
      filter={({ options: all }) => all}
      disabled={disabled}
      nothingFoundMessage="—"
    />
  );
}

import { TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { IconSearch } from "./icons.tsx";

interface SearchFieldProps {
  label: string;
  initialValue: string;
  onSearch: (search: string) => void;
}

/** A search box that reports what was typed once the user pauses. */
export function SearchField({ label, initialValue, onSearch }: SearchFieldProps) {
  const [value, setValue] = useState(initialValue);
  const [settled] = useDebouncedValue(value.trim(), 300);
  useEffect(() => onSearch(settled), [settled, onSearch]);
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      w={{ base: "100%", sm: 320 }}
    />
  );
}

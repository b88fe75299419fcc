import { Button, Checkbox, Popover, ScrollArea, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { GuestColumn } from "./guestColumns.ts";

/** Which columns the list shows (built-in and custom fields); the choice is kept per event. */
export function ColumnChooser({
  columns,
  chosen,
  onChange,
}: {
  columns: GuestColumn[];
  chosen: string[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation("web");
  function toggle(key: string) {
    if (chosen.includes(key)) {
      if (chosen.length > 1) onChange(chosen.filter((existing) => existing !== key));
    } else {
      // Keep the order of the full list so columns do not jump around.
      onChange(columns.map((column) => column.id).filter((existing) => existing === key || chosen.includes(existing)));
    }
  }
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default">{t("guests.list.columns")}</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap={6} role="group" aria-label={t("guests.list.columns")}>
            {columns.map((column) => (
              <Checkbox
                key={column.id}
                label={column.header}
                checked={chosen.includes(column.id)}
                onChange={() => toggle(column.id)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

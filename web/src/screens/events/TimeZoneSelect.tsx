import { Select } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { timeZones } from "@/app/zonedTime.ts";

export function TimeZoneSelect({
  value,
  onChange,
  disabled,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation("web");
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(value) ? all : [value, ...all];
  }, [value]);
  return (
    <Select
      label={t("events.timezone")}
      data={zones}
      value={value}
      onChange={(zone) => zone && onChange(zone)}
      searchable
      allowDeselect={false}
      disabled={disabled}
      error={error}
      limit={200}
    />
  );
}

import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEbadgeGuestSearch } from "@/queries/ebadges.ts";

export interface PickedGuest {
  id: string;
  label: string;
}

const SAMPLE = "sample";
const SHOWN = 20;

const guestLabel = (guest: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  company: string | null;
}) => {
  const name = [guest.firstName, guest.lastName].filter(Boolean).join(" ") || guest.email || "?";
  return guest.company ? `${name} (${guest.company})` : name;
};

/**
 * Whom the preview is drawn for: the sample guest, or a guest of the event found by name (the guest list's
 * search, from two letters typed).
 */
export function PreviewGuestPicker({
  accountId,
  eventId,
  value,
  onChange,
}: {
  accountId: string;
  eventId: string;
  value: PickedGuest | null;
  onChange(guest: PickedGuest | null): void;
}) {
  const { t } = useTranslation("web");
  const [search, setSearch] = useState("");
  const [settled] = useDebouncedValue(search, 250);
  const found = useEbadgeGuestSearch(accountId, eventId, settled);
  const sample = { value: SAMPLE, label: t("ebadges.preview.sampleGuest") };
  const data = useMemo(() => {
    const options = (found.data?.data ?? [])
      .slice(0, SHOWN)
      .map((guest) => ({ value: guest.id, label: guestLabel(guest) }));
    if (value && !options.some((option) => option.value === value.id))
      options.unshift({ value: value.id, label: value.label });
    return options;
  }, [found.data, value]);

  return (
    <Select
      label={t("ebadges.preview.guest")}
      description={t("ebadges.preview.guestHelp")}
      data={[sample, ...data]}
      value={value?.id ?? SAMPLE}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(id, option) => onChange(!id || id === SAMPLE ? null : { id, label: option?.label ?? id })}
      nothingFoundMessage={settled.trim().length >= 2 ? t("common.noMatch") : t("ebadges.preview.typeToSearch")}
      allowDeselect={false}
      w={{ base: "100%", sm: 360 }}
    />
  );
}

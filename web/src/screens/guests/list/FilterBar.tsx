import { Button, Group, Input, MultiSelect, Pill, Popover, Select, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import type { GuestsQuery } from "@/queries/guests.ts";
import { CHOICE_TYPES } from "@tessera/shared/rules/customFields";
import { GUEST_SOURCES, GUEST_STATUSES, MAIL_STATUSES } from "@tessera/shared/rules/guests";
import { formatAnswer } from "../customFieldValues.ts";
import {
  customFilters,
  DATE_RANGES,
  dayBoundary,
  dayOf,
  listOf,
  type CustomFieldFilter,
  type DateRangeParam,
} from "./listQuery.ts";

type ListParam = "status" | "mailStatus" | "createdSource";

interface FilterBarProps {
  query: GuestsQuery;
  fields: readonly CustomFieldJson[];
  onChange: (patch: Record<string, string | null>) => void;
}

/** The active filters as removable chips, and a panel to add some (statuses, sources, custom fields). */
export function FilterBar({ query, fields, onChange }: FilterBarProps) {
  const { t, i18n } = useTranslation("web");
  const [opened, setOpened] = useState(false);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [fieldValue, setFieldValue] = useState<string | null>("");
  const filters = customFilters(query);
  const field = fields.find((candidate) => candidate.id === fieldId);
  const isChoice = field ? CHOICE_TYPES.includes(field.type) : false;

  const lists: { param: ListParam; values: readonly string[]; label: string; prefix: string }[] = [
    { param: "status", values: GUEST_STATUSES, label: t("guests.fields.status"), prefix: "guests.status" },
    { param: "mailStatus", values: MAIL_STATUSES, label: t("guests.fields.mailStatus"), prefix: "guests.mailStatus" },
    {
      param: "createdSource",
      values: GUEST_SOURCES,
      label: t("guests.fields.createdSource"),
      prefix: "guests.source",
    },
  ];
  const valueLabel = (prefix: string, value: string) => t(`${prefix}.${value}` as "guests.status.confirmed");

  function setList(param: ListParam, values: string[]) {
    onChange({ [param]: values.length ? values.join(",") : null });
  }
  function setFilters(next: CustomFieldFilter[]) {
    onChange({ filters: next.length ? JSON.stringify(next) : null });
  }
  function addFieldFilter() {
    if (!field || !fieldValue) return;
    const filter: CustomFieldFilter = isChoice
      ? { field: field.id, op: "eq", value: fieldValue }
      : { field: field.id, op: "contains", value: fieldValue };
    setFilters([...filters.filter((existing) => existing.field !== field.id), filter]);
    setFieldId(null);
    setFieldValue("");
  }

  const rangeLabel = (key: (typeof DATE_RANGES)[number]["key"]) =>
    key === "created" ? t("guests.filters.createdRange") : t("guests.filters.registeredRange");
  const shortDay = (iso: string | undefined) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "short" }).format(new Date(iso)) : "…";
  function setDay(param: DateRangeParam, end: "from" | "to", day: string) {
    onChange({ [param]: day ? dayBoundary(day, end) : null });
  }

  const chips = [
    ...DATE_RANGES.filter(({ from, to }) => query[from] || query[to]).map(({ key, from, to }) => ({
      key: `range:${key}`,
      text: `${rangeLabel(key)}: ${shortDay(query[from])} – ${shortDay(query[to])}`,
      remove: () => onChange({ [from]: null, [to]: null }),
    })),
    ...lists.flatMap(({ param, label, prefix }) =>
      listOf(query[param]).map((value) => ({
        key: `${param}:${value}`,
        text: `${label}: ${valueLabel(prefix, value)}`,
        remove: () =>
          setList(
            param,
            listOf(query[param]).filter((existing) => existing !== value),
          ),
      })),
    ),
    ...filters.map((filter) => {
      const filtered = fields.find((candidate) => candidate.id === filter.field);
      const shown = filtered ? formatAnswer(filtered, filter.value) : String(filter.value);
      return {
        key: `cf:${filter.field}`,
        text: `${filtered?.label ?? filter.field}: ${shown}`,
        remove: () => setFilters(filters.filter((existing) => existing !== filter)),
      };
    }),
  ];

  return (
    <Group gap="xs" wrap="wrap">
      <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" width={340} trapFocus>
        <Popover.Target>
          <Button variant="light" size="xs" onClick={() => setOpened((open) => !open)}>
            {t("guests.filters.add")}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            {lists.map(({ param, values, label, prefix }) => (
              <MultiSelect
                key={param}
                label={label}
                data-testid={`filter-${param}`}
                data={values.map((value) => ({ value, label: valueLabel(prefix, value) }))}
                value={listOf(query[param])}
                onChange={(next) => setList(param, next)}
                comboboxProps={{ withinPortal: false }}
                clearable
              />
            ))}
            {DATE_RANGES.map(({ key, from, to }) => (
              <Input.Wrapper key={key} label={rangeLabel(key)}>
                <Group grow gap="xs" mt={4}>
                  <TextInput
                    type="date"
                    aria-label={t("guests.filters.rangeFrom", { range: rangeLabel(key) })}
                    data-testid={`filter-${from}`}
                    value={dayOf(query[from])}
                    max={dayOf(query[to]) || undefined}
                    onChange={(event) => setDay(from, "from", event.currentTarget.value)}
                  />
                  <TextInput
                    type="date"
                    aria-label={t("guests.filters.rangeTo", { range: rangeLabel(key) })}
                    data-testid={`filter-${to}`}
                    value={dayOf(query[to])}
                    min={dayOf(query[from]) || undefined}
                    onChange={(event) => setDay(to, "to", event.currentTarget.value)}
                  />
                </Group>
              </Input.Wrapper>
            ))}
            {fields.length > 0 && (
              <>
                <Select
                  label={t("guests.filters.customField")}
                  data={fields
                    .filter((candidate) => candidate.type !== "file")
                    .map((candidate) => ({ value: candidate.id, label: candidate.label || candidate.name }))}
                  value={fieldId}
                  onChange={(value) => {
                    setFieldId(value);
                    setFieldValue("");
                  }}
                  comboboxProps={{ withinPortal: false }}
                  clearable
                />
                {field &&
                  (isChoice ? (
                    <Select
                      label={t("guests.filters.value")}
                      data={field.options.map((option) => ({ value: option.id, label: option.label }))}
                      value={fieldValue}
                      onChange={setFieldValue}
                      comboboxProps={{ withinPortal: false }}
                    />
                  ) : (
                    <TextInput
                      label={t("guests.filters.value")}
                      value={fieldValue ?? ""}
                      onChange={(event) => setFieldValue(event.currentTarget.value)}
                    />
                  ))}
                <Button size="xs" disabled={!field || !fieldValue} onClick={addFieldFilter}>
                  {t("guests.filters.apply")}
                </Button>
              </>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {chips.map((chip) => (
        <Pill
          key={chip.key}
          withRemoveButton
          onRemove={chip.remove}
          removeButtonProps={{ "aria-label": t("guests.filters.remove", { filter: chip.text }) }}
        >
          {chip.text}
        </Pill>
      ))}
      {chips.length > 0 && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() =>
            onChange({
              status: null,
              mailStatus: null,
              createdSource: null,
              filters: null,
              createdFrom: null,
              createdTo: null,
              registeredFrom: null,
              registeredTo: null,
            })
          }
        >
          {t("guests.filters.clear")}
        </Button>
      )}
    </Group>
  );
}

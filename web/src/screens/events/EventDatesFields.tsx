import { SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { TimeZoneSelect } from "./TimeZoneSelect.tsx";

/** The dates of an event as typed: wall-clock values of its time zone. */
export interface EventDatesValues {
  startsAt: string;
  endsAt: string;
  isAllDay: boolean;
  timezone: string;
}

/** "2027-03-14T09:30" ↔ "2027-03-14" when the all-day flag changes. */
function reshape(value: string, isAllDay: boolean, fallbackTime: string): string {
  if (!value) return "";
  const day = value.slice(0, 10);
  return isAllDay ? day : `${day}T${value.length > 10 ? value.slice(11, 16) : fallbackTime}`;
}

/** The values with the all-day flag set, their dates reshaped to match (whole days or times). */
export function withAllDay(values: EventDatesValues, isAllDay: boolean): EventDatesValues {
  return {
    ...values,
    isAllDay,
    startsAt: reshape(values.startsAt, isAllDay, "09:00"),
    endsAt: reshape(values.endsAt, isAllDay, "18:00"),
  };
}

export function endsBeforeStart(values: EventDatesValues): boolean {
  return Boolean(values.startsAt && values.endsAt && values.endsAt < values.startsAt);
}

interface EventDatesFieldsProps {
  values: EventDatesValues;
  onChange: (values: EventDatesValues) => void;
  disabled?: boolean;
  errors?: Partial<Record<keyof EventDatesValues, string | undefined>>;
}

/** Start, end, all-day and time zone (spec §3 Event). */
export function EventDatesFields({ values, onChange, disabled = false, errors = {} }: EventDatesFieldsProps) {
  const { t } = useTranslation(["web", "validation"]);
  const type = values.isAllDay ? "date" : "datetime-local";
  const set = (patch: Partial<EventDatesValues>) => onChange({ ...values, ...patch });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type={type}
          label={t("events.startsAt")}
          value={values.startsAt}
          onChange={(event) => set({ startsAt: event.currentTarget.value })}
          disabled={disabled}
          error={errors.startsAt}
        />
        <TextInput
          type={type}
          label={t("events.endsAt")}
          value={values.endsAt}
          onChange={(event) => set({ endsAt: event.currentTarget.value })}
          disabled={disabled}
          error={endsBeforeStart(values) ? t("validation:ends_before_start") : errors.endsAt}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TimeZoneSelect
          value={values.timezone}
          onChange={(timezone) => set({ timezone })}
          disabled={disabled}
          error={errors.timezone}
        />
        <Switch
          mt={{ sm: 30 }}
          label={t("events.isAllDay")}
          checked={values.isAllDay}
          disabled={disabled}
          onChange={(event) => onChange(withAllDay(values, event.currentTarget.checked))}
        />
      </SimpleGrid>
    </Stack>
  );
}

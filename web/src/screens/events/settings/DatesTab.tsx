import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { byRule } from "@/app/formRules.ts";
import { FormPanel } from "@/components/FormPanel.tsx";
import { useUpdateEvent } from "@/queries/events.ts";
import { useCurrentEvent } from "../EventContext.ts";
import { EventDatesFields, endsBeforeStart, type EventDatesValues } from "../EventDatesFields.tsx";
import { datesBodyOf, datesValuesOf } from "../eventDates.ts";

export function DatesTab() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const update = useUpdateEvent(accountId, event.id);
  const form = useForm<EventDatesValues>({
    initialValues: datesValuesOf(event),
    validate: {
      endsAt: byRule((_, values: EventDatesValues) => (endsBeforeStart(values) ? "ends_before_start" : null), t),
    },
  });
  const error = (field: keyof EventDatesValues) => form.errors[field] as string | undefined;
  // Each changed field's message goes (setValues alone would keep them); the end's too when the start moves.
  function change(values: EventDatesValues) {
    const changed = (Object.keys(values) as (keyof EventDatesValues)[]).filter(
      (key) => values[key] !== form.values[key],
    );
    form.setValues(values);
    for (const field of changed) form.clearFieldError(field);
    if (changed.includes("startsAt")) form.clearFieldError("endsAt");
  }
  return (
    <FormPanel
      form={form}
      maw={760}
      canEdit={event.abilities.update === true}
      onSave={(values) => update.mutateAsync(datesBodyOf(values))}
    >
      <EventDatesFields
        values={form.values}
        onChange={change}
        errors={{ startsAt: error("startsAt"), endsAt: error("endsAt"), timezone: error("timezone") }}
      />
    </FormPanel>
  );
}

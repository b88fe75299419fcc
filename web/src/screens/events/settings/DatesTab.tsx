import { observer } from "mobx-react-lite";
import { useState } from "react";
import type { ApiError } from "@tessera/shared/client";
import { useEventStore } from "../EventContext.ts";
import { EventDatesFields, endsBeforeStart } from "../EventDatesFields.tsx";
import { datesBodyOf, datesValuesOf } from "../eventDates.ts";
import { FormPanel } from "@/components/FormPanel.tsx";

export const DatesTab = observer(function DatesTab() {
  const store = useEventStore();
  const event = store.event!;
  const [values, setValues] = useState(() => datesValuesOf(event));
  const [apiError, setApiError] = useState<ApiError | null>(null);
  return (
    <FormPanel
      maw={760}
      canEdit={event.abilities.update === true}
      onApiError={setApiError}
      blockingProblem={endsBeforeStart(values)}
      onSave={() => store.update(datesBodyOf(values))}
    >
      <EventDatesFields
        values={values}
        onChange={setValues}
        errors={{
          startsAt: apiError?.messageFor("startsAt"),
          endsAt: apiError?.messageFor("endsAt"),
          timezone: apiError?.messageFor("timezone"),
        }}
      />
    </FormPanel>
  );
});

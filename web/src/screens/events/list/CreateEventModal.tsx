import { Button, Group, Modal, Stack } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { browserTimeZone } from "@/app/zonedTime.ts";
import { useCreateEvent } from "@/queries/events.ts";
import { useDefaultEventParams } from "@/queries/defaultEventParams.ts";
import { datesBodyOf } from "../eventDates.ts";
import { EventDatesFields, endsBeforeStart, withAllDay, type EventDatesValues } from "../EventDatesFields.tsx";
import { useEventsBase } from "../EventsBase.ts";
import { EventNameFields } from "./EventNameFields.tsx";
import { useEventNameForm } from "./useEventNameForm.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

/** Creates an event (name, public address, dates), then opens it. */
export function CreateEventModal({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const { t } = useTranslation("web");
  const create = useCreateEvent(accountId);
  const { data: defaults } = useDefaultEventParams(accountId);
  const navigate = useNavigate();
  const eventsBase = useEventsBase();
  const { failure, apiError, isSubmitting, submit, fields } = useEventNameForm({ name: "", slug: "" });
  const [dates, setDates] = useState<EventDatesValues>({
    startsAt: "",
    endsAt: "",
    isAllDay: false,
    timezone: browserTimeZone(),
  });

  // What the user has set themselves: the account's defaults, arriving later, leave it alone.
  const touched = useRef({ timezone: false, isAllDay: false });

  function changeDates(next: EventDatesValues) {
    if (next.timezone !== dates.timezone) touched.current.timezone = true;
    if (next.isAllDay !== dates.isAllDay) touched.current.isAllDay = true;
    setDates(next);
  }

  // The account's default time zone and all-day flag, when it has set them; else the browser's zone (also
  // when the defaults cannot be read: creating still works).
  useEffect(() => {
    if (!defaults) return;
    setDates((current) => {
      const timezone = !touched.current.timezone && defaults.timezone ? defaults.timezone : current.timezone;
      const isAllDay =
        !touched.current.isAllDay && defaults.isAllDay !== undefined ? defaults.isAllDay : current.isAllDay;
      return withAllDay({ ...current, timezone }, isAllDay);
    });
  }, [defaults]);

  return (
    <Modal opened onClose={onClose} title={t("events.create")} centered size="lg">
      <form
        onSubmit={(submitted) =>
          void submit(
            submitted,
            async (body) => {
              const created = await create.mutateAsync({ ...body, ...datesBodyOf(dates) });
              onClose();
              navigate(`${eventsBase}/${created.id}`);
            },
            endsBeforeStart(dates),
          )
        }
        noValidate
      >
        <Stack gap="md">
          <FailureAlert message={failure} />
          <EventNameFields {...fields} />
          <EventDatesFields
            values={dates}
            onChange={changeDates}
            errors={{
              startsAt: apiError?.messageFor("startsAt"),
              endsAt: apiError?.messageFor("endsAt"),
              timezone: apiError?.messageFor("timezone"),
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t("events.createSubmit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

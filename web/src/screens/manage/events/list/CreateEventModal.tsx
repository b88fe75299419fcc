import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isApiError, type ApiError } from "@tessera/shared/client";
import { slugify, slugProblem } from "@tessera/shared/rules/events";
import { errorMessage } from "../../../../app/errorMessage.ts";
import { browserTimeZone } from "../../../../app/zonedTime.ts";
import { useStores } from "../../../../stores/StoresContext.ts";
import { datesBodyOf } from "../eventDates.ts";
import { EventDatesFields, endsBeforeStart, withAllDay, type EventDatesValues } from "../EventDatesFields.tsx";
import { useEventsBase } from "../EventsBase.ts";
import { SlugField } from "../SlugField.tsx";

/** Creates an event (name, public address, dates), then opens it. */
export function CreateEventModal({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { events, context } = useStores();
  const navigate = useNavigate();
  const eventsBase = useEventsBase();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [isSlugEdited, setSlugEdited] = useState(false);
  const [dates, setDates] = useState<EventDatesValues>({
    startsAt: "",
    endsAt: "",
    isAllDay: false,
    timezone: browserTimeZone(),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  // What the user has set themselves: the account's defaults, arriving later, leave it alone.
  const touched = useRef({ timezone: false, isAllDay: false });

  function changeDates(next: EventDatesValues) {
    if (next.timezone !== dates.timezone) touched.current.timezone = true;
    if (next.isAllDay !== dates.isAllDay) touched.current.isAllDay = true;
    setDates(next);
  }

  // The account's default time zone and all-day flag, when it has set them; else the browser's zone.
  useEffect(() => {
    let isCurrent = true;
    context.api.defaultEventParams.get(accountId).then(
      (defaults) => {
        if (!isCurrent) return;
        setDates((current) => {
          const timezone = !touched.current.timezone && defaults.timezone ? defaults.timezone : current.timezone;
          const isAllDay =
            !touched.current.isAllDay && defaults.isAllDay !== undefined ? defaults.isAllDay : current.isAllDay;
          return withAllDay({ ...current, timezone }, isAllDay);
        });
      },
      // Without the defaults the browser's zone stays: creating still works.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [accountId, context]);

  function changeName(value: string) {
    setName(value);
    if (!isSlugEdited) setSlug(slugify(value));
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !slug) return setFailure(t("errors:incomplete_fields"));
    if (slugProblem(slug) || endsBeforeStart(dates)) return;
    setSubmitting(true);
    setFailure(null);
    setApiError(null);
    try {
      const created = await events.create({ name: name.trim(), slug, ...datesBodyOf(dates) });
      onClose();
      navigate(`${eventsBase}/${created.id}`);
    } catch (error) {
      setSubmitting(false);
      const known = isApiError(error) ? error : null;
      setApiError(known);
      // A taken slug is said next to the slug; everything else above the form.
      if (known?.code !== "slug_taken") setFailure(errorMessage(error, t));
    }
  }

  const slugError = apiError?.code === "slug_taken" ? apiError.message : apiError?.messageFor("slug");

  return (
    <Modal opened onClose={onClose} title={t("events.create")} centered size="lg">
      <form onSubmit={create} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t("fields.name")}
            value={name}
            onChange={(e) => changeName(e.currentTarget.value)}
            error={apiError?.messageFor("name")}
            data-autofocus
          />
          <SlugField
            value={slug}
            onChange={(value) => {
              setSlugEdited(true);
              setSlug(value);
              if (apiError?.code === "slug_taken") setApiError(null);
            }}
            serverError={slugError}
          />
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

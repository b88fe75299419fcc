import { Card, Group, Menu, Stack, Text } from "@mantine/core";
import { ActionsMenu } from "@/components/ActionsMenu.tsx";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { EventJson } from "@/queries/events.ts";
import { formatEventDates } from "@/app/zonedTime.ts";
import { useSignedIn } from "@/queries/session.ts";
import { useEventsBase } from "../EventsBase.ts";
import { EventStatusBadges } from "../EventStatusBadges.tsx";

export type EventAction = "duplicate" | "archive" | "unarchive" | "delete";

/** One event of the list: name, dates in its zone, venue, guests, status; the actions its abilities allow. */
export function EventCard({
  event,
  isBusy,
  onAction,
}: {
  event: EventJson;
  /** An action on the event is under way. */
  isBusy: boolean;
  onAction: (action: EventAction, event: EventJson) => void;
}) {
  const { t } = useTranslation("web");
  const { user } = useSignedIn();
  const eventsBase = useEventsBase();
  const language = user.language;
  const dates = formatEventDates(event, language);
  const venue = [event.venueName, event.address].filter(Boolean).join(" · ");
  const { abilities, guests } = event;
  const hasActions = abilities.duplicate || abilities.archive || abilities.delete;
  return (
    <Card withBorder padding="md" data-testid="event-card" aria-label={event.name} component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text component={Link} to={`${eventsBase}/${event.id}`} fw={600} size="lg" truncate c="indigo.8">
            {event.name}
          </Text>
          <Text size="sm" c="dimmed">
            {dates ?? t("events.noDates")}
          </Text>
          {venue && <Text size="sm">{venue}</Text>}
          {guests && (
            <Text size="sm" data-testid="event-guest-counts">
              {t("events.guestCount", { count: guests.total })}
              {" · "}
              {event.maxAttendees
                ? t("events.confirmedOfCapacity", { count: guests.byStatus.confirmed, capacity: event.maxAttendees })
                : t("events.confirmedCount", { count: guests.byStatus.confirmed })}
            </Text>
          )}
          <Text size="xs" c="dimmed" ff="monospace">
            /{event.slug}
          </Text>
        </Stack>
        {/* Never squeezed: on a phone the name is shortened, not the status ("U…"). */}
        <Stack align="flex-end" gap="xs" style={{ flexShrink: 0 }}>
          <EventStatusBadges event={event} />
          {hasActions && (
            <ActionsMenu label={t("events.actionsOf", { name: event.name })} isBusy={isBusy}>
              {abilities.duplicate && (
                <Menu.Item onClick={() => onAction("duplicate", event)}>{t("events.duplicate")}</Menu.Item>
              )}
              {abilities.archive && (
                <Menu.Item onClick={() => onAction(event.isArchived ? "unarchive" : "archive", event)}>
                  {event.isArchived ? t("events.unarchive") : t("events.archive")}
                </Menu.Item>
              )}
              {abilities.delete && (
                <Menu.Item color="red" onClick={() => onAction("delete", event)}>
                  {t("common.delete")}
                </Menu.Item>
              )}
            </ActionsMenu>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

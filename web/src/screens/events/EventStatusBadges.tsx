import { Badge, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { EventJson, EventStatus } from "@/queries/events.ts";

const STATUS_COLORS: Record<EventStatus, string> = {
  upcoming: "indigo",
  in_progress: "green",
  past: "gray",
  undated: "yellow",
};

export function EventStatusBadges({ event }: { event: Pick<EventJson, "status" | "isArchived"> }) {
  const { t } = useTranslation("web");
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLORS[event.status]} variant="light">
        {t(`events.status.${event.status}`)}
      </Badge>
      {event.isArchived && (
        <Badge color="dark" variant="outline">
          {t("events.archived")}
        </Badge>
      )}
    </Group>
  );
}

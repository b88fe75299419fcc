import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PrimaryStatus } from "./primaryApi.ts";
import { venueRoleText } from "./venueRole.ts";

/** The status bar's line for the desk's venue role: the primary and its paired desks, or the primary it checks with. */
export function VenueRoleLine({ primaryStatus }: { primaryStatus: PrimaryStatus | null }) {
  const { t } = useTranslation("web");
  const role = primaryStatus?.role ?? "none";
  return (
    <Text
      size="sm"
      fw={role === "none" ? undefined : 600}
      role="status"
      aria-live="polite"
      aria-label={t("deskPrimary.role.label")}
      data-testid="venue-role"
      data-role={role}
    >
      {primaryStatus ? venueRoleText(primaryStatus, t) : ""}
    </Text>
  );
}

import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PrimaryStatus } from "./primaryApi.ts";

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
      {primaryStatus ? roleText(primaryStatus, t) : ""}
    </Text>
  );
}

function roleText(status: PrimaryStatus, t: ReturnType<typeof useTranslation<"web">>["t"]): string {
  if (status.role === "primary") return t("deskPrimary.role.primary", { count: status.peers });
  if (status.role === "none") return "";
  const parts = [
    t("deskPrimary.role.peer", { address: status.address ?? "" }),
    status.reachable === null
      ? t("deskPrimary.role.unknown")
      : status.reachable
        ? t("deskPrimary.role.reachable")
        : t("deskPrimary.role.unreachable"),
  ];
  if (status.unreconciled > 0) parts.push(t("deskPrimary.role.unreconciled", { count: status.unreconciled }));
  if (status.lastReconcileConflicts > 0)
    parts.push(t("deskPrimary.role.conflicts", { count: status.lastReconcileConflicts }));
  return parts.join(" · ");
}

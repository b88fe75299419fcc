import type { TFunction } from "i18next";
import type { PrimaryStatus } from "./primaryApi.ts";

/** The desk's venue role in words: "Primary desk · 3 desks paired", "Peer of … · reachable · …", or "" alone. */
export function venueRoleText(status: PrimaryStatus, t: TFunction<"web">): string {
  if (status.role === "primary") return t("deskPrimary.role.primary", { count: status.peers });
  if (status.role === "none") return "";
  const parts = [t("deskPrimary.role.peer", { address: status.address ?? "" }), reachabilityText(status, t)];
  if (status.unreconciled > 0) parts.push(t("deskPrimary.role.unreconciled", { count: status.unreconciled }));
  if (status.lastReconcileConflicts > 0)
    parts.push(t("deskPrimary.role.conflicts", { count: status.lastReconcileConflicts }));
  return parts.join(" · ");
}

/** Whether the primary answered this peer's last call (not asked yet: no scan since pairing or a restart). */
export function reachabilityText(status: PrimaryStatus, t: TFunction<"web">): string {
  if (status.reachable === null) return t("deskPrimary.role.unknown");
  return status.reachable ? t("deskPrimary.role.reachable") : t("deskPrimary.role.unreachable");
}

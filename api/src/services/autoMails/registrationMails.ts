import type { GuestStatus } from "@tessera/shared/rules/guests";
import type { AutoMailKind } from "@tessera/shared/rules/campaigns";
import type { Guest } from "../../models/Guest.ts";
import type { AppDeps } from "../scope.ts";
import { queueAutoMail } from "./deliver.ts";

/**
 * The automatic mail a guest's new status calls for (issue 15 item 7): approved (from pending approval to
 * confirmed), rejected, cancelled; none for any other change.
 */
export function statusMailKind(before: GuestStatus, after: GuestStatus): AutoMailKind | null {
  if (before === after) return null;
  if (before === "pending_approval" && after === "confirmed") return "registration_approved";
  if (after === "rejected") return "registration_rejected";
  if (after === "cancelled") return "registration_cancelled";
  return null;
}

/** Queues the mail of a guest's status change, once it is committed (nothing for a guest without an email). */
export async function queueStatusMail(
  deps: Pick<AppDeps, "jobs" | "logger">,
  guest: Pick<Guest, "id" | "eventId" | "email" | "language">,
  before: GuestStatus,
  after: GuestStatus,
  language?: string,
): Promise<void> {
  const kind = statusMailKind(before, after);
  if (!kind || !guest.email) return;
  await queueAutoMail(deps, {
    eventId: guest.eventId,
    kind,
    to: guest.email,
    guestId: guest.id,
    language: language ?? guest.language,
  });
}

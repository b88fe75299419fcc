import type { AuditMetadata } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { Guest } from "../../models/Guest.ts";

type Named = Pick<Guest, "firstName" | "lastName" | "email">;

/** How the history names a guest: first and last name, else the email (a guest has one or the other). */
export function guestLabel(guest: Partial<Named>): string {
  return [guest.firstName, guest.lastName].filter(Boolean).join(" ") || guest.email || "";
}

/**
 * What a guest's audit entry says of the guests it names: the guest itself (its subject) and the others
 * its values point at by id (godfathers), read in one query, so the history shows names, not ids.
 */
export async function guestAuditMetadata(
  db: Knex | Knex.Transaction,
  subject: Partial<Named> | null,
  otherIds: readonly unknown[] = [],
): Promise<AuditMetadata> {
  const ids = [...new Set(otherIds.filter((id): id is string => typeof id === "string" && id !== ""))];
  const others = ids.length ? await Guest.query(db).findByIds(ids).select("id", "firstName", "lastName", "email") : [];
  const metadata: AuditMetadata = {};
  if (subject) metadata.subject = guestLabel(subject);
  if (others.length) metadata.names = Object.fromEntries(others.map((guest) => [guest.id, guestLabel(guest)]));
  return metadata;
}

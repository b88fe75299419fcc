import { GUEST_IDENTITY_FIELDS, type GuestIdentityField, type GuestJson } from "@tessera/shared";
import type { Guest } from "../../models/Guest.ts";
import type { GuestPageExtras, GuestWithExtras } from "../../services/guests/extras.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The guest's identity fields as stored (text, or null); a loop, as it runs for every guest of a page. */
function identityOf(guest: Guest): Pick<GuestJson, GuestIdentityField> {
  const identity: Partial<Record<GuestIdentityField, string | null>> = {};
  for (const field of GUEST_IDENTITY_FIELDS) identity[field] = guest[field];
  return identity as Pick<GuestJson, GuestIdentityField>;
}

export function presentGuest(guest: Guest, extras: GuestPageExtras): GuestJson {
  return {
    id: guest.id,
    eventId: guest.eventId,
    ...identityOf(guest),
    status: guest.status,
    companionsExpected: guest.companionsExpected,
    godfatherId: guest.godfatherId,
    registeredAt: iso(guest.registeredAt),
    answers: guest.answers ?? {},
    fullName: guest.fullName,
    mailStatus: guest.mailStatus,
    mailStatusAt: iso(guest.mailStatusAt),
    isUnsubscribed: guest.unsubscribedAt !== null || guest.mailStatus === "unsubscribed",
    createdSource: guest.createdSource,
    companionsCount: extras.companionsCount.get(guest.id) ?? 0,
    godfather: guest.godfatherId ? (extras.godfathers.get(guest.godfatherId) ?? null) : null,
    createdAt: guest.createdAt.toISOString(),
    updatedAt: guest.updatedAt.toISOString(),
    abilities: { ...extras.abilities },
  };
}

/** One guest as a service returns it, with its extras. */
export function presentOneGuest({ guest, extras }: GuestWithExtras): GuestJson {
  return presentGuest(guest, extras);
}

import type { GuestJson } from "@tessera/shared";
import type { Guest } from "../../models/Guest.ts";
import type { GuestPageExtras, GuestWithExtras } from "../../services/guests/extras.ts";

const fullName = (row: { firstName: string | null; lastName: string | null }) =>
  [row.firstName, row.lastName].filter(Boolean).join(" ");

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentGuest(guest: Guest, extras: GuestPageExtras): GuestJson {
  return {
    id: guest.id,
    eventId: guest.eventId,
    firstName: guest.firstName,
    lastName: guest.lastName,
    email: guest.email,
    civility: guest.civility,
    company: guest.company,
    jobTitle: guest.jobTitle,
    status: guest.status,
    companionsExpected: guest.companionsExpected,
    godfatherId: guest.godfatherId,
    prescriber: guest.prescriber,
    language: guest.language,
    registeredAt: iso(guest.registeredAt),
    answers: guest.answers ?? {},
    fullName: fullName(guest),
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

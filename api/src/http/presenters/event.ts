import type { EventJson } from "@tessera/shared";
import type { Event } from "../../models/Event.ts";
import type { Actor } from "../../policies/actor.ts";
import { eventAbilities } from "../../policies/events.ts";
import type { EventDetails } from "../../services/events/details.ts";
import { defaultModules, defaultWhiteLabel, fullSocialLinks } from "../../services/events/fields.ts";
import { presentImageRef } from "./image.ts";
import { presentUser } from "./user.ts";

export type EventStatus = "upcoming" | "in_progress" | "past" | "undated";

/**
 * Where the event stands at `now`, as the list filters see it: an event without an end ends when it
 * starts; one with only an end is past once that end has gone by, undated before.
 */
export function eventStatus(event: Pick<Event, "startsAt" | "endsAt">, now: Date): EventStatus {
  if (!event.startsAt) return event.endsAt && event.endsAt.getTime() < now.getTime() ? "past" : "undated";
  const end = event.endsAt ?? event.startsAt;
  if (event.startsAt.getTime() > now.getTime()) return "upcoming";
  return end.getTime() < now.getTime() ? "past" : "in_progress";
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentEvent(details: EventDetails, actor: Actor | undefined, now = new Date()): EventJson {
  const { event, images } = details;
  const image = (id: string | null) => (id ? presentImageRef(images.get(id)) : null);
  return {
    id: event.id,
    accountId: event.accountId,
    slug: event.slug,
    name: event.name,
    startsAt: iso(event.startsAt),
    endsAt: iso(event.endsAt),
    isAllDay: event.isAllDay,
    timezone: event.timezone,
    venueName: event.venueName,
    address: event.address,
    country: event.country,
    latitude: event.latitude,
    longitude: event.longitude,
    moreInformation: event.moreInformation,
    registrationClosesAt: iso(event.registrationClosesAt),
    maxAttendees: event.maxAttendees,
    maxCompanions: event.maxCompanions,
    languages: event.languages,
    socialLinks: fullSocialLinks(event.socialLinks),
    bannerImageId: event.bannerImageId,
    logoImageId: event.logoImageId,
    faviconImageId: event.faviconImageId,
    whiteLabel: { ...defaultWhiteLabel(), ...event.whiteLabel },
    modules: { ...defaultModules(), ...event.modules },
    retentionDays: event.retentionDays,
    maxOfflineCheckinSessions: event.maxOfflineCheckinSessions,
    customDomains: details.customDomains,
    ...(details.guestCounts ? { guests: details.guestCounts } : {}),
    status: eventStatus(event, now),
    isArchived: event.isArchived,
    archivedAt: iso(event.archivedAt),
    createdBy: event.createdBy,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
    banner: image(event.bannerImageId),
    logo: image(event.logoImageId),
    favicon: image(event.faviconImageId),
    ...(details.access
      ? {
          access: {
            users: details.access.users.map((user) => presentUser(user, actor)),
            teams: details.access.teams.map(({ team, memberCount }) => ({ id: team.id, name: team.name, memberCount })),
          },
        }
      : {}),
    abilities: eventAbilities(actor, event, details.ties),
    // EventSchema spreads its field list dynamically, so its static type names only the fixed fields.
  } as EventJson;
}

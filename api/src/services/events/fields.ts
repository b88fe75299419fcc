import {
  EVENT_ADMIN_FIELDS,
  EVENT_MODULES,
  SOCIAL_NETWORKS,
  WHITE_LABEL_FLAGS,
  type EventCreate,
  type EventUpdate,
  type ValidationIssue,
} from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event, SocialLinks } from "../../models/Event.ts";
import { Image } from "../../models/Image.ts";
import type { Actor } from "../../policies/actor.ts";
import { canSetAdminEventFields } from "../../policies/events.ts";

/** The event columns a create or update body writes (the slug and the custom domains are handled apart). */
export type EventValues = Partial<
  Pick<
    Event,
    | "name"
    | "startsAt"
    | "endsAt"
    | "isAllDay"
    | "timezone"
    | "venueName"
    | "address"
    | "country"
    | "latitude"
    | "longitude"
    | "moreInformation"
    | "registrationClosesAt"
    | "maxAttendees"
    | "maxCompanions"
    | "languages"
    | "socialLinks"
    | "bannerImageId"
    | "logoImageId"
    | "faviconImageId"
    | "whiteLabel"
    | "modules"
    | "retentionDays"
    | "maxOfflineCheckinSessions"
  >
>;

const TIMESTAMP_FIELDS = ["startsAt", "endsAt", "registrationClosesAt"] as const;
const PLAIN_FIELDS = [
  "name",
  "isAllDay",
  "timezone",
  "venueName",
  "address",
  "country",
  "latitude",
  "longitude",
  "moreInformation",
  "maxAttendees",
  "maxCompanions",
  "languages",
  "bannerImageId",
  "logoImageId",
  "faviconImageId",
  "retentionDays",
  "maxOfflineCheckinSessions",
] as const;
export const IMAGE_FIELDS = ["bannerImageId", "logoImageId", "faviconImageId"] as const;

export const DEFAULT_TIMEZONE = "Europe/Paris";
export const DEFAULT_LANGUAGES = ["en"];

/** New events have every module on and every white-label flag off (spec §6 defaults). */
export function defaultModules(): Record<string, boolean> {
  return Object.fromEntries(EVENT_MODULES.map((module) => [module, true]));
}
export function defaultWhiteLabel(): Record<string, boolean> {
  return Object.fromEntries(WHITE_LABEL_FLAGS.map((flag) => [flag, false]));
}
export function fullSocialLinks(links: SocialLinks | null | undefined): Record<string, string | null> {
  return Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, links?.[network] ?? null]));
}

/**
 * A create body seen with every field's type: the shared EventCreate builds its optional properties
 * dynamically, so its static type only names `name` and `slug`; EventUpdate names them all.
 */
export type EventCreateBody = EventCreate & EventUpdate;

/**
 * The columns a body sets. Flag objects and social links are merged into `current` (a body may send
 * only the flags it changes); a null social link clears it.
 */
export function valuesFromBody(body: EventUpdate, current?: Event): EventValues {
  const values: Record<string, unknown> = {};
  const input = body as Record<string, unknown>;
  for (const field of PLAIN_FIELDS) if (input[field] !== undefined) values[field] = input[field];
  for (const field of TIMESTAMP_FIELDS) {
    const value = input[field] as string | null | undefined;
    if (value !== undefined) values[field] = value === null ? null : new Date(value);
  }
  if (typeof values.name === "string") values.name = values.name.trim();
  if (body.modules) values.modules = { ...(current?.modules ?? defaultModules()), ...body.modules };
  if (body.whiteLabel) values.whiteLabel = { ...(current?.whiteLabel ?? defaultWhiteLabel()), ...body.whiteLabel };
  if (body.socialLinks) {
    const merged: SocialLinks = { ...current?.socialLinks };
    for (const [network, url] of Object.entries(body.socialLinks) as [keyof SocialLinks, string | null][]) {
      if (url) merged[network] = url;
      else delete merged[network];
    }
    values.socialLinks = merged;
  }
  return values as EventValues;
}

/** Spec §6: anyone but a platform administrator sending an admin-only field (even unchanged) is refused. */
export function ensureAdminFieldsAllowed(actor: Actor | undefined, accountId: string, body: object): void {
  const sent = EVENT_ADMIN_FIELDS.some((field) => (body as Record<string, unknown>)[field] !== undefined);
  if (sent && !canSetAdminEventFields(actor, accountId)) throw AppError.forbidden();
}

export function isValidTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The business rules a schema cannot say, on the event as it would be saved: a real IANA time zone,
 * an end not before the start, images of the event's own account. Only fields the body sent are
 * reported (a stored value is not the caller's mistake), except the end/start order.
 */
export async function checkEventRules(
  trx: Knex.Transaction,
  accountId: string,
  values: EventValues,
  merged: Pick<Event, "startsAt" | "endsAt">,
): Promise<void> {
  const issues: ValidationIssue[] = [];
  if (values.name === "") issues.push({ field: "name", code: "required" });
  if (values.timezone !== undefined && !isValidTimeZone(values.timezone)) {
    issues.push({ field: "timezone", code: "timezone_invalid" });
  }
  if (merged.startsAt && merged.endsAt && merged.endsAt.getTime() < merged.startsAt.getTime()) {
    issues.push({ field: "endsAt", code: "ends_before_start" });
  }
  const imageIds = IMAGE_FIELDS.map((field) => values[field]).filter((id): id is string => Boolean(id));
  if (imageIds.length) {
    const found = new Set(
      (await Image.query(trx).whereIn("id", imageIds).where({ accountId }).select("id")).map((image) => image.id),
    );
    for (const field of IMAGE_FIELDS) {
      const id = values[field];
      if (id && !found.has(id)) issues.push({ field, code: "invalid_value" });
    }
  }
  if (issues.length) throw AppError.invalid(issues);
}

/** What the audit trail keeps of an event (JSON-ready). */
export function eventSnapshot(
  event: Required<EventValues> & Pick<Event, "id" | "slug" | "isArchived">,
  customDomains: readonly string[],
): Record<string, unknown> {
  return {
    id: event.id,
    name: event.name,
    slug: event.slug,
    customDomains: [...customDomains],
    startsAt: event.startsAt?.toISOString() ?? null,
    endsAt: event.endsAt?.toISOString() ?? null,
    isAllDay: event.isAllDay,
    timezone: event.timezone,
    venueName: event.venueName,
    address: event.address,
    country: event.country,
    latitude: event.latitude,
    longitude: event.longitude,
    moreInformation: event.moreInformation,
    registrationClosesAt: event.registrationClosesAt?.toISOString() ?? null,
    maxAttendees: event.maxAttendees,
    maxCompanions: event.maxCompanions,
    languages: event.languages,
    socialLinks: event.socialLinks,
    bannerImageId: event.bannerImageId,
    logoImageId: event.logoImageId,
    faviconImageId: event.faviconImageId,
    whiteLabel: event.whiteLabel,
    modules: event.modules,
    retentionDays: event.retentionDays,
    maxOfflineCheckinSessions: event.maxOfflineCheckinSessions,
    isArchived: event.isArchived,
  };
}

/** Every setting of an event a duplicate takes over (not its slug, domains, archived state or authorship). */
export function copiedValues(event: Event): EventValues {
  const values: Record<string, unknown> = {};
  for (const field of [...PLAIN_FIELDS, ...TIMESTAMP_FIELDS, "socialLinks", "whiteLabel", "modules"] as const) {
    values[field] = event[field];
  }
  return values as EventValues;
}

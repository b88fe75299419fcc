import { Type, type Static, type TBoolean, type TInteger, type TOptional } from "@sinclair/typebox";
import {
  EVENT_LIST_FILTERS,
  EVENT_LIST_SORTS,
  EVENT_MODULES,
  EVENT_NAME_MAX,
  HOSTNAME_PATTERN,
  SLUG_MAX,
  SLUG_MIN,
  SLUG_PATTERN,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  WHITE_LABEL_FLAGS,
} from "../rules/events.ts";
import { GUEST_STATUSES, type GuestStatus } from "../rules/guests.ts";
import { MESSAGE_KEYWORD } from "./keywords.ts";
import { LanguageSchema, Nullable, Page, Timestamp, Uuid, literals } from "./common.ts";
import { AbilitiesSchema, UserSchema } from "./users.ts";

const flags = <T extends string>(names: readonly T[]) =>
  Type.Object(
    Object.fromEntries(names.map((n) => [n, Type.Optional(Type.Boolean())])) as Record<T, TOptional<TBoolean>>,
    {
      additionalProperties: false,
    },
  );

export const Slug = Type.String({
  minLength: SLUG_MIN,
  maxLength: SLUG_MAX,
  pattern: SLUG_PATTERN,
  [MESSAGE_KEYWORD]: "slug_format",
});
export const Hostname = Type.String({
  maxLength: 253,
  pattern: HOSTNAME_PATTERN,
  [MESSAGE_KEYWORD]: "hostname_format",
});
/** An IANA time zone name; the API also checks it with Intl. */
export const TimeZone = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: "^[A-Za-z_]+(?:/[A-Za-z0-9_+-]+)*$",
  [MESSAGE_KEYWORD]: "timezone_invalid",
});
const Url = Type.String({ format: "uri", maxLength: 500, pattern: "^https?://" });
const Count = Type.Integer({ minimum: 0, maximum: 1_000_000 });

export const SocialLinksSchema = Type.Object(
  Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, Type.Optional(Nullable(Url))])) as Record<
    SocialNetwork,
    TOptional<ReturnType<typeof Nullable<typeof Url>>>
  >,
  { additionalProperties: false },
);
export const ModulesSchema = flags(EVENT_MODULES);
export const WhiteLabelSchema = flags(WHITE_LABEL_FLAGS);

/** Every writable field of spec §3 Event but the slug (set once, at creation). */
const EventFields = {
  name: Type.String({ minLength: 1, maxLength: EVENT_NAME_MAX }),
  startsAt: Nullable(Timestamp),
  endsAt: Nullable(Timestamp),
  isAllDay: Type.Boolean(),
  timezone: TimeZone,
  venueName: Nullable(Type.String({ maxLength: 200 })),
  address: Nullable(Type.String({ maxLength: 500 })),
  country: Nullable(Type.String({ pattern: "^[A-Z]{2}$" })),
  latitude: Nullable(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: Nullable(Type.Number({ minimum: -180, maximum: 180 })),
  moreInformation: Nullable(Type.String({ maxLength: 10_000 })),
  registrationClosesAt: Nullable(Timestamp),
  maxAttendees: Nullable(Count),
  maxCompanions: Nullable(Count),
  languages: Type.Array(LanguageSchema, { minItems: 1, uniqueItems: true }),
  socialLinks: SocialLinksSchema,
  bannerImageId: Nullable(Uuid),
  logoImageId: Nullable(Uuid),
  faviconImageId: Nullable(Uuid),
  // Administrator-only (EVENT_ADMIN_FIELDS):
  whiteLabel: WhiteLabelSchema,
  modules: ModulesSchema,
  retentionDays: Nullable(Type.Integer({ minimum: 1, maximum: 3650 })),
  maxOfflineCheckinSessions: Nullable(Type.Integer({ minimum: 0, maximum: 1000 })),
  customDomains: Type.Array(Hostname, { maxItems: 20, uniqueItems: true }),
};

export const EventCreate = Type.Object(
  {
    ...Type.Partial(Type.Object(EventFields)).properties,
    name: EventFields.name,
    slug: Slug,
  },
  { additionalProperties: false },
);
export type EventCreate = Static<typeof EventCreate>;

/** Partial update; the slug may be sent only unchanged (it cannot be changed after creation). */
export const EventUpdate = Type.Partial(Type.Object({ ...EventFields, slug: Slug }), { additionalProperties: false });
export type EventUpdate = Static<typeof EventUpdate>;

export const EventDuplicate = Type.Object({ name: EventFields.name, slug: Slug }, { additionalProperties: false });
export type EventDuplicate = Static<typeof EventDuplicate>;

export const EventStatusSchema = literals(["upcoming", "in_progress", "past", "undated"] as const);

export const EventAccessSchema = Type.Object({
  users: Type.Array(UserSchema),
  teams: Type.Array(Type.Object({ id: Uuid, name: Type.String(), memberCount: Type.Integer() })),
});

export const ImageRefSchema = Type.Object({
  id: Uuid,
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});

/** How many guests the event has, in all and by status (kept up to date by the database). */
export const EventGuestCountsSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  byStatus: Type.Object(
    Object.fromEntries(GUEST_STATUSES.map((status) => [status, Type.Integer({ minimum: 0 })])) as Record<
      GuestStatus,
      TInteger
    >,
  ),
});

export const EventSchema = Type.Object({
  id: Uuid,
  accountId: Uuid,
  slug: Type.String(),
  ...EventFields,
  status: EventStatusSchema,
  isArchived: Type.Boolean(),
  archivedAt: Nullable(Timestamp),
  createdBy: Nullable(Uuid),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  banner: Nullable(ImageRefSchema),
  logo: Nullable(ImageRefSchema),
  favicon: Nullable(ImageRefSchema),
  /** In the events list (GET events). */
  guests: Type.Optional(EventGuestCountsSchema),
  /** With ?expand=access. */
  access: Type.Optional(EventAccessSchema),
  abilities: AbilitiesSchema,
});
export type EventJson = Static<typeof EventSchema>;

export const EventListQuery = Type.Object({
  filter: Type.Optional(literals(EVENT_LIST_FILTERS)),
  sort: Type.Optional(literals(EVENT_LIST_SORTS)),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type EventListQuery = Static<typeof EventListQuery>;
export const EventPage = Page(EventSchema);

export const EventGetQuery = Type.Object({
  expand: Type.Optional(Type.String({ maxLength: 100, description: "comma-joined: access" })),
});

export const EventParams = Type.Object({ a: Uuid, id: Uuid });
export const EventUserParams = Type.Object({ a: Uuid, id: Uuid, userId: Uuid });
export const EventTeamParams = Type.Object({ a: Uuid, id: Uuid, teamId: Uuid });

/** Account-level defaults applied to every new event (spec §2 "default event params"). */
export const DefaultEventParams = Type.Object(
  {
    timezone: Type.Optional(TimeZone),
    languages: Type.Optional(EventFields.languages),
    maxCompanions: Type.Optional(Nullable(Count)),
    isAllDay: Type.Optional(Type.Boolean()),
    country: Type.Optional(Nullable(Type.String({ pattern: "^[A-Z]{2}$" }))),
  },
  { additionalProperties: false },
);
export type DefaultEventParams = Static<typeof DefaultEventParams>;

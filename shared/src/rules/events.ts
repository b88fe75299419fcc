import { withoutAccents } from "../text.ts";

/** Event rules of spec §5, shared by the API and the web forms. */
export const EVENT_NAME_MAX = 200;
export const SLUG_MIN = 3;
export const SLUG_MAX = 50;
export const SLUG_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";

/** Paths the web app and the API own: an event may not take them as its slug. */
export const RESERVED_SLUGS = [
  "admin",
  "api",
  "assets",
  "manage",
  "media",
  "en",
  "fr",
  "es",
  "static",
  "health",
  "docs",
  "login",
  "www",
  // The check-in desk in a browser (/desk, /{lang}/desk).
  "desk",
  // A campaign message's unsubscribe page (/unsubscribe/{token}, /{lang}/unsubscribe/{token}).
  "unsubscribe",
  // A sender's verification page (/senders/verify/{token}, /{lang}/senders/verify/{token}).
  "senders",
] as const;

export const SOCIAL_NETWORKS = ["facebook", "twitter", "linkedin", "youtube", "instagram"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Modules an administrator switches on or off per event (spec §1, §6). */
export const EVENT_MODULES = [
  "forms",
  "campaigns",
  "ebadges",
  "checkin",
  "ticketing",
  "statistics",
  "speakers",
  "partners",
  "programs",
  "documents",
  "photos",
  "sharedFiles",
  "customPages",
  "messages",
] as const;
export type EventModule = (typeof EVENT_MODULES)[number];

/** White-label flags (administrators only). */
export const WHITE_LABEL_FLAGS = ["hideTesseraBranding", "customEmailFooter", "customDomainOnly"] as const;
export type WhiteLabelFlag = (typeof WHITE_LABEL_FLAGS)[number];

/** Fields only a platform administrator may set (spec §6): anyone else sending one is refused. */
export const EVENT_ADMIN_FIELDS = [
  "whiteLabel",
  "modules",
  "retentionDays",
  "maxOfflineCheckinSessions",
  "customDomains",
] as const;

export const EVENT_LIST_FILTERS = ["all", "upcoming", "in_progress", "past", "archived"] as const;
export type EventListFilter = (typeof EVENT_LIST_FILTERS)[number];
export const EVENT_LIST_SORTS = ["start_date", "recently_created", "name"] as const;
export type EventListSort = (typeof EVENT_LIST_SORTS)[number];

export type SlugProblem = "slug_format" | "slug_reserved" | null;

/** A slug candidate from a name: "Salon du Livre 2027" → "salon-du-livre-2027". */
export function slugify(name: string): string {
  return withoutAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

export function slugProblem(slug: string): SlugProblem {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX || !new RegExp(SLUG_PATTERN).test(slug)) return "slug_format";
  if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return "slug_reserved";
  return null;
}

export const HOSTNAME_PATTERN = "^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$";

/** "a.example.org, B.example.org ,," → ["a.example.org", "b.example.org"] (as typed, comma-separated). */
export function parseDomainList(typed: string): string[] {
  return [
    ...new Set(
      typed
        .split(",")
        .map((d) => d.trim().toLowerCase().replace(/\.$/, ""))
        .filter(Boolean),
    ),
  ];
}

export function isHostname(value: string): boolean {
  return new RegExp(HOSTNAME_PATTERN).test(value);
}

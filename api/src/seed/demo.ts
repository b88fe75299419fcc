import { randomInt, randomUUID } from "node:crypto";
import { seedDemoCampaigns } from "./campaigns.ts";
import { EVENT_MODULES, WHITE_LABEL_FLAGS } from "@tessera/shared";
import type { Db, Knex } from "../db/knex.ts";
import { Account } from "../models/Account.ts";
import { Event } from "../models/Event.ts";
import { Image } from "../models/Image.ts";
import { Team } from "../models/Team.ts";
import { normalizeEmail, User } from "../models/User.ts";
import type { FileStorage } from "../storage/fileStorage.ts";
import { squareLogoPng } from "./logo.ts";
import { seedDemoForms } from "./forms.ts";
import { seedDemoGuests } from "./guests.ts";
import { seedDemoOrders } from "./orders.ts";
import { DEFAULT_PASSWORD_HASH_COST } from "../config.ts";
import { hashPassword } from "../services/auth/passwords.ts";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_ADMIN_EMAIL = "admin@example.com";
export const DEMO_READER_EMAIL = "reader@example.com";
export const DEMO_EVENT_SLUG = "demo-conference";
export const DEMO_TEAM_NAME = "Welcome desk";
const DEMO_TIMEZONE = "Europe/Paris";

/** A password that satisfies the spec's rule, easy to copy from a console. */
export function generatePassword(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const body = Array.from({ length: 14 }, () => alphabet[randomInt(alphabet.length)]).join("");
  return `${body.slice(0, 7)}-${body.slice(7)}-a1B`;
}

export interface DemoCredentials {
  email: string;
  adminEmail: string;
  readerEmail: string;
  password: string;
}

export interface DemoOptions {
  /** Where the demo event's logo goes; without it the event has no logo. */
  storage?: FileStorage;
  /** "Now" for the event's dates (tests). */
  now?: Date;
  /** The scrypt cost of the password's hash (config.passwordHashCost); the production default otherwise. */
  passwordHashCost?: number;
}

/** The UTC instant of a wall-clock time in a time zone (exact except within a DST change). */
export function zonedInstant(timeZone: string, year: number, month: number, day: number, hour: number): Date {
  const guess = new Date(Date.UTC(year, month - 1, day, hour));
  const offsetName = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(guess)
    .find((part) => part.type === "timeZoneName")!.value; // "GMT+01:00" or "GMT"
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offsetName);
  const offsetMinutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(guess.getTime() - offsetMinutes * 60_000);
}

/** A two-day conference on the 15th and 16th of next month, 9:00 to 18:00 in Paris. */
function nextMonthDates(now: Date): { startsAt: Date; endsAt: Date; year: number } {
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const year = nextMonth.getUTCFullYear();
  const month = nextMonth.getUTCMonth() + 1;
  return {
    startsAt: zonedInstant(DEMO_TIMEZONE, year, month, 15, 9),
    endsAt: zonedInstant(DEMO_TIMEZONE, year, month, 16, 18),
    year,
  };
}

/** The logo's bytes go to the storage first: a failed seed leaves at worst an unused file. */
async function seedLogo(trx: Knex.Transaction, storage: FileStorage, accountId: string, createdBy: string) {
  const bytes = squareLogoPng(64, [79, 70, 229], [255, 255, 255]);
  const id = randomUUID();
  const storageKey = `images/${accountId}/${id}.png`;
  await storage.put(storageKey, bytes, { contentType: "image/png" });
  return Image.query(trx).insertAndFetch({
    id,
    accountId,
    kind: "logo",
    mimeType: "image/png",
    width: 64,
    height: 64,
    size: bytes.length,
    originalName: "demo-logo.png",
    storageKey,
    sourceUrl: null,
    createdBy,
  });
}

/** The sample event, linked to the team so its members find it in their list. */
async function seedEvent(
  trx: Knex.Transaction,
  account: Account,
  organizer: User,
  team: Team,
  options: DemoOptions,
): Promise<Event> {
  const { startsAt, endsAt, year } = nextMonthDates(options.now ?? new Date());
  const logo = options.storage ? await seedLogo(trx, options.storage, account.id, organizer.id) : null;
  const event = await Event.query(trx).insertAndFetch({
    accountId: account.id,
    name: `Demo Conference ${year}`,
    slug: DEMO_EVENT_SLUG,
    startsAt,
    endsAt,
    isAllDay: false,
    timezone: DEMO_TIMEZONE,
    venueName: "Paris Expo Porte de Versailles",
    address: "1 Place de la Porte de Versailles, 75015 Paris",
    country: "FR",
    latitude: 48.8323,
    longitude: 2.2877,
    moreInformation: "Hall 7. Metro line 12, Porte de Versailles.",
    registrationClosesAt: new Date(startsAt.getTime() - 24 * 3_600_000),
    maxAttendees: 500,
    maxCompanions: 1,
    languages: ["en", "fr"],
    socialLinks: {},
    bannerImageId: null,
    logoImageId: logo?.id ?? null,
    faviconImageId: null,
    whiteLabel: Object.fromEntries(WHITE_LABEL_FLAGS.map((flag) => [flag, false])),
    modules: Object.fromEntries(EVENT_MODULES.map((module) => [module, true])),
    retentionDays: null,
    maxOfflineCheckinSessions: null,
    isArchived: false,
    archivedAt: null,
    createdBy: organizer.id,
  });
  await trx("eventTeams").insert({ eventId: event.id, teamId: team.id, createdAt: new Date().toISOString() });
  return event;
}

/**
 * On a database with no user yet, creates the demo account "Demo" with its organizer (overseer role,
 * so a newcomer sees every account screen), a reader and a platform administrator sharing the same
 * password, the team "Welcome desk" (the organizer in it) and the sample event `demo-conference`
 * (next month in Paris, with a venue and, given a storage, a logo). Returns the credentials once;
 * null when the database already had users.
 */
export async function seedDemo(
  db: Db,
  password: string = generatePassword(),
  options: DemoOptions = {},
): Promise<DemoCredentials | null> {
  return db.transaction(async (trx) => {
    const existing = await User.query(trx).resultSize();
    if (existing > 0) return null;
    const passwordHash = await hashPassword(password, options.passwordHashCost ?? DEFAULT_PASSWORD_HASH_COST);
    const now = new Date();
    const account = await Account.query(trx).insertAndFetch({
      name: "Demo",
      maxOrganizers: 10,
      maxEvents: 50,
      maxCampaignsPerEvent: 20,
      eventRetentionDays: 365,
      twoFactorEnabled: false,
      multilang: true,
      isActive: true,
    });
    const person = { passwordHash, registeredAt: now, isActive: true, language: "en" as const };
    const organizer = await User.query(trx).insertAndFetch({
      ...person,
      accountId: account.id,
      email: DEMO_EMAIL,
      emailNormalized: normalizeEmail(DEMO_EMAIL),
      firstName: "Dana",
      lastName: "Demo",
      role: "overseer",
    });
    await User.query(trx).insert({
      ...person,
      accountId: null,
      email: DEMO_ADMIN_EMAIL,
      emailNormalized: normalizeEmail(DEMO_ADMIN_EMAIL),
      firstName: "Pat",
      lastName: "Admin",
      role: "administrator",
    });
    await User.query(trx).insert({
      ...person,
      accountId: account.id,
      email: DEMO_READER_EMAIL,
      emailNormalized: normalizeEmail(DEMO_READER_EMAIL),
      firstName: "Robin",
      lastName: "Reader",
      role: "reader",
    });
    const team = await Team.query(trx).insertAndFetch({
      accountId: account.id,
      name: DEMO_TEAM_NAME,
      description: "Greets attendees and hands out badges.",
    });
    await trx("teamMembers").insert({ teamId: team.id, userId: organizer.id, createdAt: now.toISOString() });
    const event = await seedEvent(trx, account, organizer, team, options);
    await seedDemoGuests(trx, event, options.now ?? now);
    await seedDemoForms(trx, event, organizer.id);
    await seedDemoOrders(trx, event, options.now ?? now);
    await seedDemoCampaigns(trx, event, organizer.id, options.now ?? now);
    return { email: DEMO_EMAIL, adminEmail: DEMO_ADMIN_EMAIL, readerEmail: DEMO_READER_EMAIL, password };
  });
}

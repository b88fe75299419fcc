import { randomBytes } from "node:crypto";
import type { Db } from "../../api/src/db/knex.ts";
import { Event } from "../../api/src/models/Event.ts";
import { Image } from "../../api/src/models/Image.ts";
import { Team } from "../../api/src/models/Team.ts";
import { defaultModules, defaultWhiteLabel } from "../../api/src/services/events/fields.ts";

const unique = () => randomBytes(4).toString("hex");

/** An event row straight in the database (no audit), with the platform defaults. */
export async function buildEvent(db: Db, accountId: string, overrides: Partial<Event> = {}): Promise<Event> {
  return Event.query(db).insertAndFetch({
    accountId,
    name: `Event ${unique()}`,
    slug: `event-${unique()}`,
    isAllDay: false,
    timezone: "Europe/Paris",
    languages: ["en"],
    socialLinks: {},
    modules: defaultModules(),
    whiteLabel: defaultWhiteLabel(),
    isArchived: false,
    createdBy: null,
    ...overrides,
  });
}

/** Puts users on the event's user list and teams on its team list. */
export async function listOnEvent(
  db: Db,
  eventId: string,
  { userIds = [], teamIds = [] }: { userIds?: string[]; teamIds?: string[] },
): Promise<void> {
  const createdAt = new Date().toISOString();
  if (userIds.length) await db("eventUsers").insert(userIds.map((userId) => ({ eventId, userId, createdAt })));
  if (teamIds.length) await db("eventTeams").insert(teamIds.map((teamId) => ({ eventId, teamId, createdAt })));
}

export async function buildTeam(db: Db, accountId: string, memberIds: string[] = []): Promise<Team> {
  const team = await Team.query(db).insertAndFetch({ accountId, name: `Team ${unique()}`, description: null });
  const createdAt = new Date().toISOString();
  if (memberIds.length) {
    await db("teamMembers").insert(memberIds.map((userId) => ({ teamId: team.id, userId, createdAt })));
  }
  return team;
}

/** An image row of the account (the bytes are not needed by the events API). */
export async function buildImage(db: Db, accountId: string, kind: Image["kind"] = "logo"): Promise<Image> {
  return Image.query(db).insertAndFetch({
    accountId,
    kind,
    mimeType: "image/png",
    width: 64,
    height: 32,
    size: 1234,
    originalName: `${kind}.png`,
    storageKey: `test/${unique()}.png`,
    sourceUrl: null,
    createdBy: null,
  });
}

export const uniqueSlug = (prefix = "ev") => `${prefix}-${unique()}`;

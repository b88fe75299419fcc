/**
 * The one capability table of spec §6, read by the API policies and by the web app.
 * "administrator" is the platform administrator; the other roles belong to one account.
 */
export const ROLES = ["administrator", "overseer", "organizer", "editor", "reader"] as const;
export type Role = (typeof ROLES)[number];

export const ACCOUNT_ROLES = ["overseer", "organizer", "editor", "reader"] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const ACTIONS = [
  "platform.manage", // accounts, administrators, API keys, credits, limits of every account
  "account.read",
  "account.update", // name, language, two-factor, multilang
  "account.updateLimits", // max organizers, max campaigns, retention, domain
  "users.read",
  "users.manage", // invite, change role, remove users of the account
  "teams.read",
  "teams.manage", // teams and their members
  "events.readAll", // every event of the account, not only those on the user's access lists
  "events.create",
  "events.read",
  "events.update",
  "events.delete",
  "events.manageAccess",
  "events.adminSettings", // white label, modules, retention, offline check-in maximum, custom domains
  "audit.read",
  "credits.read", // the account's event and campaign credits, their packs and movements
  "mailErrors.manage", // the account's mail errors: bounced, complained and blocked addresses (spec §7 errormails)
  "senders.read", // the account's sender emails, to pick a campaign's sender (spec §3 sender email)
  "senders.manage", // add, verify by mail, delete the account's sender emails
  "senders.verify", // mark a sender verified without its mail: platform administrators only (spec §1)
] as const;
export type Action = (typeof ACTIONS)[number];

const READER: readonly Action[] = ["account.read", "users.read", "teams.read", "events.read"];
const EDITOR: readonly Action[] = [...READER, "events.update", "senders.read"];
const ORGANIZER: readonly Action[] = [
  ...EDITOR,
  "events.create",
  "events.delete",
  "audit.read",
  "credits.read",
  "mailErrors.manage",
];
const OVERSEER: readonly Action[] = [
  ...ORGANIZER,
  "account.update",
  "users.manage",
  "teams.manage",
  "events.readAll",
  "events.manageAccess",
  "senders.manage",
];

export const CAPABILITIES: Readonly<Record<Role, readonly Action[]>> = {
  administrator: ACTIONS,
  overseer: OVERSEER,
  organizer: ORGANIZER,
  editor: EDITOR,
  reader: READER,
};

export function roleCan(role: Role, action: Action): boolean {
  return CAPABILITIES[role].includes(action);
}

/** Readers are not counted against the account's maximum number of organizers (spec §6). */
export function countsTowardOrganizerLimit(role: Role): boolean {
  return role !== "reader" && role !== "administrator";
}

/** Roles an actor may hand out: never above their own. */
export function assignableRoles(role: Role): readonly AccountRole[] {
  if (role === "administrator") return ACCOUNT_ROLES;
  if (role === "overseer") return ACCOUNT_ROLES;
  return [];
}

/** What a resource tells the web app the actor may do with it. */
export type Abilities = Partial<Record<string, boolean>>;

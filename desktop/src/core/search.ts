/**
 * Guests found by name in the desk's local snapshot, so that the search works offline: a desk's list of hits,
 * and a kiosk's single exact match (a guest at a kiosk never sees anyone else's name).
 */
import type { LocalDb } from "./localDb.ts";

/** A guest found: their id and the fields the session shows (web's SearchHit). */
export interface DeskSearchHit {
  id: string;
  fields: Record<string, unknown>;
}

export interface KioskFindInput {
  /** The guest's full name, as they type it (first then last name, or the other way round). */
  name: string;
  /** Asked when several guests bear that name. */
  email?: string;
}

export type KioskFindAnswer =
  | { kind: "found"; guest: DeskSearchHit }
  | { kind: "none" }
  /** Several guests bear that name: ask for the email too (none of them is shown). */
  | { kind: "ambiguous" };

export interface SearchHandlers {
  /** Up to 20 guests whose name or email holds every word typed, accents and case aside. */
  "desk.search": (q: string) => Promise<DeskSearchHit[]>;
  /** The one guest whose full name (and email when given) is exactly the one typed, accents and case aside. */
  "desk.kioskFind": (input: KioskFindInput) => Promise<KioskFindAnswer>;
}

export const SEARCH_CHANNELS: readonly (keyof SearchHandlers)[] = ["desk.search", "desk.kioskFind"];

export const SEARCH_LIMIT = 20;
const MIN_QUERY_LENGTH = 2;

/** Lower case, accents dropped, spaces collapsed: "  Zoé LEFÈVRE " and "zoe lefevre" read the same. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

function textField(fields: Record<string, unknown>, id: string): string {
  const value = fields[id];
  return typeof value === "string" ? foldText(value) : "";
}

/** What a search looks in: first name, last name and email, folded. */
function searchText(fieldsJson: string): string {
  const fields = JSON.parse(fieldsJson) as Record<string, unknown>;
  return ["firstName", "lastName", "email"].map((id) => textField(fields, id)).join(" ");
}

function fullNames(fields: Record<string, unknown>): string[] {
  const first = textField(fields, "firstName");
  const last = textField(fields, "lastName");
  return [`${first} ${last}`.trim(), `${last} ${first}`.trim()];
}

/** The folding function under the name the queries call it (registered again on each call: it is cheap). */
function withFolding(db: LocalDb): LocalDb {
  db.function("desk_search_text", { deterministic: true }, (fields: unknown) =>
    typeof fields === "string" ? searchText(fields) : "",
  );
  return db;
}

export function searchGuests(db: LocalDb, q: string): DeskSearchHit[] {
  const words = foldText(q).split(" ").filter(Boolean);
  if (words.join(" ").length < MIN_QUERY_LENGTH) return [];
  const conditions = words.map(() => "instr(text, ?) > 0").join(" AND ");
  const rows = withFolding(db)
    .prepare(
      `SELECT id, fields FROM (SELECT id, fields, desk_search_text(fields) AS text FROM guests
         WHERE allowed = 1 OR refusal IS NOT NULL)
       WHERE ${conditions}
       ORDER BY lower(json_extract(fields, '$.lastName')), lower(json_extract(fields, '$.firstName')), id
       LIMIT ${SEARCH_LIMIT}`,
    )
    .all(...words) as { id: string; fields: string }[];
  return rows.map((row) => ({ id: row.id, fields: JSON.parse(row.fields) as Record<string, unknown> }));
}

export function findKioskGuest(db: LocalDb, input: KioskFindInput): KioskFindAnswer {
  const name = foldText(input.name);
  const email = input.email ? foldText(input.email) : null;
  if (!name.includes(" ")) return { kind: "none" };
  // Every word of the name must be there: a cheap filter before the exact comparison below.
  const words = name.split(" ");
  const rows = withFolding(db)
    .prepare(
      `SELECT id, fields FROM (SELECT id, fields, desk_search_text(fields) AS text FROM guests WHERE allowed = 1)
       WHERE ${words.map(() => "instr(text, ?) > 0").join(" AND ")}`,
    )
    .all(...words) as { id: string; fields: string }[];
  const matches = rows
    .map((row) => ({ id: row.id, fields: JSON.parse(row.fields) as Record<string, unknown> }))
    .filter((guest) => fullNames(guest.fields).includes(name))
    .filter((guest) => email === null || textField(guest.fields, "email") === email);
  if (matches.length === 1) return { kind: "found", guest: matches[0]! };
  return matches.length === 0 ? { kind: "none" } : { kind: "ambiguous" };
}

/** The search handlers, on the core's local database. */
export function createSearchHandlers({ core }: { core: { database: () => LocalDb } }): SearchHandlers {
  return {
    "desk.search": async (q: string) => searchGuests(core.database(), String(q ?? "")),
    "desk.kioskFind": async (input: KioskFindInput) => findKioskGuest(core.database(), input),
  };
}

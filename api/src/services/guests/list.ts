import {
  GUEST_IDENTITY_FIELDS,
  GUEST_STATUSES,
  GUEST_SOURCES,
  GuestListQuery,
  MAIL_STATUSES,
  validate,
  type GuestCountQuery,
  type GuestListQuery as GuestListQueryType,
  type GuestSelectionQuery,
  type GuestStatus,
} from "@tessera/shared";
import { isPostgres, jsonKeyNumber, jsonKeyValue, orderByText } from "../../db/dialect.ts";
import { AS_STORED, type Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { CustomField } from "../../models/CustomField.ts";
import { Guest } from "../../models/Guest.ts";
import type { Actor } from "../../policies/actor.ts";
import {
  applyGuestFilters,
  applyGuestSearch,
  customFieldIdsOf,
  isBuiltInField,
  parseGuestFilters,
} from "./listFilters.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { findEventByKeyFor, findEventFor, type EventKey } from "../events/find.ts";
import { foldLater, readGuestCounts } from "../events/guestTallies.ts";
import { selectEventAccess, takeEventAccess } from "../events/visibility.ts";
import type { Scope } from "../scope.ts";
import type { GuestPageExtras } from "./extras.ts";
import { SHOWN_COLUMNS, selectPageExtras, splitPageRows } from "./pageExtras.ts";
import { authorizeEvent, canOnEvent, NO_TIES, type EventRef, type EventTies } from "../../policies/events.ts";
import { findGuestView } from "./views.ts";

const PRESETS: Record<string, string | undefined> = {
  all: undefined,
  unanswered: "unanswered",
  waiting: "pending_approval",
};
/** Identity fields sort case-insensitively; language codes sort as stored. */
const TEXT_SORTS = new Set<string>(GUEST_IDENTITY_FIELDS.filter((field) => field !== "language"));
const NOT_NULL_SORTS = new Set([
  "createdAt",
  "updatedAt",
  "status",
  "mailStatus",
  "createdSource",
  "companionsExpected",
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type CountRow = Promise<{ total: number | string } | undefined>;

/** pagination.total of a page asked for with `count: false`. */
export const NOT_COUNTED = -1;

export interface GuestListResult {
  rows: Guest[];
  pagination: { page: number; perPage: number; total: number };
}

/**
 * The list query with a view applied: a preset (all, unanswered, waiting = pending approval) sets the
 * status; a saved view's stored query sits under the explicit parameters (explicit ones win).
 */
export async function resolveView(
  db: Knex,
  actor: Actor | undefined,
  eventId: string,
  query: GuestListQueryType,
): Promise<GuestListQueryType> {
  const view = query.view;
  if (!view || view in PRESETS) {
    const status = view ? PRESETS[view] : undefined;
    return status && !query.status ? { ...query, status } : query;
  }
  const saved = UUID.test(view) ? await findGuestView(db, actor, eventId, view) : undefined;
  if (!saved) throw AppError.invalid([{ field: "view", code: "invalid_value" }]);
  const explicit = Object.fromEntries(
    Object.entries(query).filter(([key, value]) => value !== undefined && key !== "view"),
  );
  const merged: Record<string, unknown> = { ...saved.query, ...explicit };
  delete merged.view;
  // Stored views may hold what the client saved (columns …): keep the list keys only, then check them.
  // Whether to count is the caller's, never a view's.
  const known = Object.keys(GuestListQuery.properties).filter((key) => key !== "count");
  const candidate = Object.fromEntries(
    Object.entries(merged)
      .filter(([key]) => known.includes(key))
      .map(([key, value]) => [key, key === "filters" && typeof value !== "string" ? JSON.stringify(value) : value]),
  );
  const checked = validate(GuestListQuery, candidate, { coerce: true });
  if (!checked.ok) throw AppError.invalid(checked.issues);
  return checked.value;
}

function commaList(raw: string | undefined, allowed: readonly string[], field: string): string[] {
  if (!raw) return [];
  const values = raw
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  const wrong = values.find((value) => !allowed.includes(value));
  if (wrong) throw AppError.invalid([{ field, code: "invalid_value" }]);
  return values;
}

async function loadCustomFields(db: Knex, eventId: string, ids: string[]): Promise<Map<string, CustomField>> {
  const valid = ids.filter((id) => UUID.test(id));
  const fields = valid.length ? await CustomField.query(db).where({ eventId }).whereIn("id", valid) : [];
  return new Map(fields.map((field) => [field.id, field]));
}

function applySort(
  db: Knex,
  query: Knex.QueryBuilder,
  sort: string | undefined,
  order: "asc" | "desc" | undefined,
  customFields: ReadonlyMap<string, CustomField>,
): void {
  const direction = order ?? "asc";
  const key = sort ?? "lastName";
  if (key.startsWith("cf:")) {
    const field = customFields.get(key.slice(3));
    if (!field) throw AppError.invalid([{ field: "sort", code: "invalid_value" }]);
    const value =
      field.type === "number" || field.type === "rating"
        ? jsonKeyNumber(db, "guests.answers", field.id)
        : jsonKeyValue(db, "guests.answers", field.id);
    query.orderByRaw(`? ${direction} nulls last`, [value]);
  } else if (!isBuiltInField(key)) {
    throw AppError.invalid([{ field: "sort", code: "invalid_value" }]);
  } else if (TEXT_SORTS.has(key)) {
    // As people read them (accents, case), empty values last; the name indexes are built on these expressions.
    orderByText(db, query, key === "lastName" ? ["guests.lastName", "guests.firstName"] : [`guests.${key}`], direction);
  } else if (NOT_NULL_SORTS.has(key)) {
    // No empty values to place: the plain order, which the (event_id, column, id) indexes serve both ways.
    query.orderBy(`guests.${key}`, direction);
  } else {
    query.orderByRaw(`?? ${direction} nulls last`, [`guests.${key}`]);
  }
  // A stable order across pages.
  query.orderBy("guests.id", direction);
}

/** The event's guests a list query's view, filters and search match. */
interface Matching {
  /** A query to page, count or select ids from. */
  base: Knex.QueryBuilder;
  /** The query with its view applied. */
  query: GuestListQueryType;
  customFields: Map<string, CustomField>;
  statuses: string[];
  /** Nothing narrows the event's guests but `statuses` (none: every guest). */
  byStatusOnly: boolean;
}

/** The event's guests matching a list query's view, filters and search: a query to page, count or select ids from. */
async function matchingGuests(
  db: Knex,
  actor: Actor | undefined,
  eventId: string,
  rawQuery: GuestListQueryType,
): Promise<Matching> {
  const query = await resolveView(db, actor, eventId, rawQuery);
  const filters = parseGuestFilters(query.filters);
  const statuses = commaList(query.status, GUEST_STATUSES, "status");
  const mailStatuses = commaList(query.mailStatus, MAIL_STATUSES, "mailStatus");
  const sources = commaList(query.createdSource, GUEST_SOURCES, "createdSource");
  const customFields = await loadCustomFields(db, eventId, customFieldIdsOf(filters, query.sort));

  const base = db("guests").where("guests.eventId", eventId);
  if (statuses.length) base.whereIn("guests.status", statuses);
  const byStatus = base.toSQL().sql;
  if (mailStatuses.length) base.whereIn("guests.mailStatus", mailStatuses);
  if (sources.length) base.whereIn("guests.createdSource", sources);
  const range = (column: string, from?: string, to?: string) => {
    if (from) base.where(column, ">=", new Date(from).toISOString());
    if (to) base.where(column, "<=", new Date(to).toISOString());
  };
  range("guests.createdAt", query.createdFrom, query.createdTo);
  range("guests.registeredAt", query.registeredFrom, query.registeredTo);
  applyGuestFilters(db, base, filters, customFields);
  applyGuestSearch(db, base, query.search);
  if (query.godfatherId) base.where("guests.godfatherId", query.godfatherId);
  // Compared as SQL, so that a filter added here later cannot be missed.
  return { base, query, customFields, statuses, byStatusOnly: base.toSQL().sql === byStatus };
}

/**
 * How many guests a view matches. Where it narrows the event's guests by status only (every guest, the
 * presets), PostgreSQL answers from the event's tallies, which triggers keep exact in the writes'
 * transactions (services/events/guestTallies.ts), instead of counting 100,000 index entries (a count per
 * page cost 4 times the page). Otherwise count(*) with the view's predicates.
 */
async function countMatching(db: Knex, eventId: string, matching: Matching, jobs?: JobQueue): Promise<number> {
  if (matching.byStatusOnly && isPostgres(db)) {
    const { counts, crowded } = await readGuestCounts(db, [eventId]);
    if (jobs && crowded.length) void foldLater(jobs, crowded).catch(() => undefined);
    const event = counts.get(eventId)!;
    const statuses = [...new Set(matching.statuses)] as GuestStatus[];
    return statuses.length ? statuses.reduce((sum, status) => sum + event.byStatus[status], 0) : event.total;
  }
  const counted = await (matching.base.clone().count({ total: "*" }).first() as CountRow);
  return Number(counted?.total ?? 0);
}

/**
 * The ids of every guest of the event the query matches (a bulk action on "all N matching"), oldest
 * first. Same view, filters and search as the list; paging and sort do not apply.
 */
export async function matchingGuestIds(
  db: Knex,
  actor: Actor | undefined,
  eventId: string,
  query: GuestSelectionQuery,
): Promise<string[]> {
  const { base } = await matchingGuests(db, actor, eventId, query);
  const rows: { id: string }[] = await base.select("guests.id").orderBy("guests.createdAt").orderBy("guests.id");
  return rows.map((row) => row.id);
}

/**
 * The event's guests the query matches, as a query to narrow or select from (a campaign's audience): the list's
 * view, filters and search; paging and sort do not apply.
 */
export async function guestsMatchingQuery(
  db: Knex,
  actor: Actor | undefined,
  eventId: string,
  query: GuestSelectionQuery,
): Promise<{ guests: Knex.QueryBuilder }> {
  // Wrapped: a query builder is a thenable, which awaiting would run.
  return { guests: (await matchingGuests(db, actor, eventId, query)).base };
}

interface PageOptions {
  /** What the guests' JSON needs besides their columns (selectPageExtras). */
  extras: boolean;
  /** The event's account: the actor's access to the event is read on each row (selectEventAccess). */
  accessIn?: string;
  /** Where to ask for an event's tallies to be folded (countMatching). */
  jobs?: JobQueue;
}

/** The rows of one page of the list query, found as ids then read, in the query's order. */
async function readPage(
  db: Knex,
  actor: Actor | undefined,
  eventId: string,
  rawQuery: GuestListQueryType,
  options: PageOptions,
): Promise<{ rows: Record<string, unknown>[]; total: number; page: number; perPage: number }> {
  const matching = await matchingGuests(db, actor, eventId, rawQuery);
  const { base, query, customFields } = matching;
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 100;
  // The page is found as ids, then read: the sort and the offset walk narrow (key, id) pairs, from an index
  // where one fits, never whole rows (a deep page sorted 100,000 whole rows on disk: 250 ms).
  const pageIds = base.clone().select("guests.id");
  applySort(db, pageIds, query.sort, query.order, customFields);
  pageIds.offset((page - 1) * perPage).limit(perPage);
  // Rows as stored, made into guests in one pass (Guest.fromStoredRows).
  const rowsQuery = db("guests")
    .whereIn("guests.id", pageIds)
    .queryContext({ [AS_STORED]: true });
  if (options.extras) selectPageExtras(db, rowsQuery.select(SHOWN_COLUMNS.map((column) => `guests.${column}`)));
  else rowsQuery.select("guests.*");
  if (options.accessIn) selectEventAccess(db, rowsQuery, actor, options.accessIn, eventId);
  applySort(db, rowsQuery, query.sort, query.order, customFields);
  // On a big event the count costs more than the page: a window of pages asks for it once (GET users/count).
  const counting = query.count === false ? undefined : countMatching(db, eventId, matching, options.jobs);
  const [total, rows] = await Promise.all([counting, rowsQuery as Promise<Record<string, unknown>[]>]);
  return { rows, total: total ?? NOT_COUNTED, page, perPage };
}

/** One page of the event's guests for the list query, and the number of guests it matches. */
export async function listGuests(
  db: Knex,
  actor: Actor | undefined,
  eventId: string,
  rawQuery: GuestListQueryType,
): Promise<GuestListResult> {
  const { rows, total, page, perPage } = await readPage(db, actor, eventId, rawQuery, { extras: false });
  return { rows: Guest.fromStoredRows(rows), pagination: { page, perPage, total } };
}

type PageRead = Awaited<ReturnType<typeof readPage>>;

/** A page read with its extras, as the API answers it, with what the actor may do with its guests. */
function pageOfGuests(
  actor: Actor | undefined,
  { total, page, perPage }: PageRead,
  { guests, companionsCount, godfathers }: ReturnType<typeof splitPageRows>,
  access: { event: EventRef; ties: EventTies },
): GuestListResult & { extras: GuestPageExtras } {
  const update = canOnEvent(actor, "update", access.event, access.ties);
  return {
    rows: guests,
    pagination: { page, perPage, total },
    extras: { companionsCount, godfathers, abilities: { update, delete: update } },
  };
}

/**
 * One page of the guests of an event the actor sees, with what their JSON needs besides, read in the same
 * statement as the rows.
 */
export async function listEventGuests(
  scope: Scope,
  key: EventKey,
  query: GuestListQueryType,
): Promise<GuestListResult & { extras: GuestPageExtras }> {
  const { db, actor } = scope;
  if ("slug" in key) {
    const access = await findEventByKeyFor(db, actor, "read", key);
    const read = await readPage(db, actor, access.event.id, query, { extras: true, jobs: scope.deps.jobs });
    return pageOfGuests(actor, read, splitPageRows(read.rows), access);
  }
  // With the event's id in the address, the actor's access to it is read in the page's own statement. Only
  // an empty page (or a refused query) asks for the event apart, to tell a missing event from no guests, and
  // an outsider learns nothing but 404 either way.
  const checked = () => findEventFor(db, actor, "read", key.accountId, key.eventId);
  const options = { extras: true, accessIn: key.accountId, jobs: scope.deps.jobs };
  const read = await readPage(db, actor, key.eventId, query, options).catch(async (error: unknown) => {
    await checked();
    throw error;
  });
  const split = splitPageRows(read.rows);
  const first = split.guests[0];
  const access = first ? takeEventAccess(first, actor) : await checked();
  authorizeEvent(actor, "read", access?.event, access?.ties ?? NO_TIES);
  return pageOfGuests(actor, read, split, access!);
}

/** How many of the event's guests a list view (its filters and search) matches, for an actor who sees it. */
export async function countEventGuests(scope: Scope, key: EventKey, query: GuestCountQuery): Promise<number> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const matching = await matchingGuests(scope.db, scope.actor, event.id, query);
  return countMatching(scope.db, event.id, matching, scope.deps.jobs);
}

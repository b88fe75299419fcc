// The guest list page over 100,000 guests (QUALITY.md: p95 ≤ 50 ms and ≤ 3× raw SQL), through HTTP with
// a bearer token from clients in a process of their own (httpLoad.ts), against the floor: the same page's
// rows fetched in raw SQL through the best index (ids first, then rows; no count), over the same pool, in the
// server's process. Three views: filtered (status + a custom-field choice), searched (a common
// 3-letter substring) and sorted by last name; the default view (every guest by name); and every guest newest
// first, deep in the list, asked without its count as the web's window of pages asks for it. On PostgreSQL
// the table first holds BENCH_BACKGROUND (default 2,000,000) guests of 200 other events, and the measured
// event's guests arrive through the API (exported from the event they were seeded in, then imported), so it
// is left as an import leaves it (the import's own VACUUM ANALYZE, no manual ANALYZE).
import { seededRandom } from "@tessera/shared";
import { isPostgres, textOrder } from "../../api/src/db/dialect.ts";
import type { Db } from "../../api/src/db/knex.ts";
import type { CustomField } from "../../api/src/models/CustomField.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { buildCustomField, buildGuests } from "../helpers/guests.ts";
import { seedOtherEventsGuests } from "./guestsBackground.ts";
import { importThroughApi } from "./importedEvent.ts";
import { startTestServer } from "../helpers/server.ts";
import { benchUnderLoad } from "./guestsListLoad.ts";
import { HttpLoad } from "./httpLoad.ts";
import { compareToFloor, inProcess, latencyRows, printTable, type Measured } from "./stats.ts";

const GUESTS = Number(process.env.BENCH_GUESTS ?? 100_000);
const BACKGROUND = Number(process.env.BENCH_BACKGROUND ?? 2_000_000);
const REQUESTS = 300;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const RUNS = 3;
const SEARCH = "mar";
/** Deep in the list: page 500 of 1,000 at 100,000 guests (halfway through smaller runs). */
const DEEP_PAGE = Math.max(1, Math.min(500, Math.floor(GUESTS / 200)));
const FIRST = ["Marie", "Jean", "Pierre", "Lucie", "Marc", "Sophie", "Paul", "Camille", "Louis", "Emma", "Hugo", "Léa"];
const LAST = [
  "Martin",
  "Bernard",
  "Dubois",
  "Thomas",
  "Robert",
  "Richard",
  "Petit",
  "Durand",
  "Leroy",
  "Moreau",
  "Simon",
  "Laurent",
  "Lefebvre",
  "Michel",
  "Garcia",
  "David",
  "Bertrand",
  "Roux",
  "Vincent",
  "Fournier",
];
const COMPANIES = [
  "Acme",
  "Globex",
  "Initech",
  "Umbrella",
  "Hooli",
  "Stark",
  "Wayne",
  "Tyrell",
  "Cyberdyne",
  "Soylent",
];
const STATUSES = ["unanswered", "confirmed", "confirmed", "refused", "pending_approval", "to_be_seen"] as const;

async function seed(db: Db, event: { id: string; accountId: string }): Promise<CustomField[]> {
  const options = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `o${i}`, label: `Option ${i}` }));
  const fields: CustomField[] = [];
  const label = () => `Question ${fields.length + 1}`;
  for (const type of ["unique_choice", "dropdown", "multiple_choice", "multiple_choice", "unique_choice"] as const) {
    fields.push(await buildCustomField(db, event, { type, label: label(), options: options(5) }));
  }
  for (const type of ["number", "rating", "short_text", "short_text", "date"] as const) {
    fields.push(
      await buildCustomField(db, event, { type, label: label(), rules: type === "rating" ? { maxRating: 5 } : {} }),
    );
  }
  const next = seededRandom(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const created = Date.UTC(2026, 0, 1);
  await buildGuests(db, event, GUESTS, (i) => {
    const answers: Record<string, unknown> = {};
    for (const field of fields) {
      if (next() < 0.1) continue;
      if (field.type === "multiple_choice")
        answers[field.id] = ["o0", "o1", "o2", "o3", "o4"].filter(() => next() < 0.4);
      else if (field.options.length) answers[field.id] = `o${Math.floor(next() * 5)}`;
      else if (field.type === "number") answers[field.id] = Math.floor(next() * 1000);
      else if (field.type === "rating") answers[field.id] = 1 + Math.floor(next() * 5);
      else if (field.type === "date")
        answers[field.id] = `2026-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`;
      else answers[field.id] = `text ${Math.floor(next() * 10_000)}`;
    }
    const firstName = pick(FIRST);
    const lastName = pick(LAST);
    return {
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i}@example.org`.toLowerCase(),
      company: pick(COMPANIES),
      status: pick(STATUSES),
      answers: answers as never,
      createdAt: new Date(created + i * 1000),
    };
  });
  return fields;
}

/** The list's default order, as the API writes it (db/dialect.ts textOrder) and its index is built. */
function byName(db: Db): string {
  const order = textOrder(db, ["last_name", "first_name"]);
  return `${db.raw(order.sql, order.bindings).toString()}, id asc`;
}

/**
 * One request of a list view: a page of it (GET users) or its total (GET users/count), its query string
 * through HTTP, and the same predicates and order in raw SQL.
 */
interface Scenario {
  name: string;
  asks: "page" | "count";
  query: string;
  where: string;
  bindings: string[];
  order: string;
}

function scenarios(db: Db, eventId: string, choice: CustomField): Scenario[] {
  const BY_NAME = byName(db);
  const filters = encodeURIComponent(JSON.stringify([{ field: choice.id, op: "eq", value: "o1" }]));
  const pattern = `%${SEARCH}%`;
  const filtered = {
    query: `status=confirmed&filters=${filters}&search=${SEARCH}`,
    where: isPostgres(db)
      ? "event_id = ? and status in ('confirmed') and answers @> ?::jsonb and search_text like ? escape '\\'"
      : "event_id = ? and status in ('confirmed') and json_extract(answers, ?) = 'o1' and search_text like ? escape '\\'",
    bindings: [eventId, isPostgres(db) ? JSON.stringify({ [choice.id]: "o1" }) : `$."${choice.id}"`, pattern],
    order: BY_NAME,
  };
  const filteredName = `status + choice filter, search "${SEARCH}", by last name`;
  // What an organizer sees first: every guest, by name (the default sort).
  const all = { query: "", where: "event_id = ?", bindings: [eventId], order: BY_NAME };
  const allName = "all guests, by last name (the default view)";
  // The web asks a view's pages without counting, and its total once (GET users/count).
  return [
    { ...filtered, name: `${filteredName}: its count`, asks: "count" },
    {
      ...filtered,
      name: `${filteredName}: first page`,
      asks: "page",
      query: `${filtered.query}&sort=lastName&count=false`,
    },
    { ...all, name: `${allName}: its count`, asks: "count" },
    { ...all, name: `${allName}: first page`, asks: "page", query: "count=false" },
    // What an API client asking the first page with its total (count defaults to true) gets.
    { ...all, name: `${allName}: first page with its count in one request (count=true)`, asks: "page" },
    {
      name: `all guests, newest first, page ${DEEP_PAGE}`,
      asks: "page",
      query: `sort=createdAt&order=desc&page=${DEEP_PAGE}&count=false`,
      where: "event_id = ?",
      bindings: [eventId],
      order: "created_at desc, id desc",
    },
  ];
}

/** Where the scenario's page starts (100 guests a page). */
function pageOffset(scenario: Scenario): number {
  return Number(/page=(\d+)/.exec(scenario.query)?.[1] ?? 1) * 100 - 100;
}

/**
 * The page's rows in hand-written SQL through the best index: its ids found with the same predicates,
 * order and offset over the narrow (key, id) index entries, then the 100 rows read by id. No count.
 */
function pageSql(scenario: Scenario): string {
  const ids = `select id from guests where ${scenario.where} order by ${scenario.order} limit 100 offset ${pageOffset(scenario)}`;
  return `select * from guests where id in (${ids}) order by ${scenario.order}`;
}

/** The view's count in raw SQL: the same predicates, no order. */
const countSql = (scenario: Scenario) => `select count(*) from guests where ${scenario.where}`;

/** The floor: the page (pageSql) or the count (countSql) in raw SQL over the same pool, in the server's process. */
function rawFloor(db: Db, scenario: Scenario): Measured {
  const sql = scenario.asks === "page" ? pageSql(scenario) : countSql(scenario);
  return inProcess(() => db.raw(sql, scenario.bindings));
}

/** The PostgreSQL plans of the page (with its offset) and of its count. */
async function explain(db: Db, scenario: Scenario): Promise<void> {
  console.log(`\nplans of "${scenario.name}":`);
  for (const sql of [pageSql(scenario), countSql(scenario)]) {
    const result = (await db.raw(`explain (analyze, buffers) ${sql}`, scenario.bindings)) as {
      rows: { "QUERY PLAN": string }[];
    };
    console.log(result.rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
}

export async function benchGuestList(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const server = await startTestServer({ kind });
  const clients = await HttpLoad.start();
  try {
    const account = await buildAccount(server.db);
    const user = await buildUser(server.db, { accountId: account.id, role: "overseer" });
    const token = await sessionTokenFor(server.db, server.config, user);
    const background = await seedOtherEventsGuests(server.db, isPostgres(server.db) ? BACKGROUND : 0);
    // The guests are seeded in another event, then exported and imported into the measured one through the
    // API: it is left exactly as an organizer's import leaves it (the job's VACUUM ANALYZE, nothing more).
    const source = await buildEvent(server.db, account.id);
    const event = await buildEvent(server.db, account.id);
    const imported = await importThroughApi(
      server,
      token,
      { event: source, fields: await seed(server.db, source) },
      event,
    );
    if (imported.guests !== GUESTS) throw new Error(`${imported.guests} guests imported of ${GUESTS}`);
    const { fields, seconds: seeded } = imported;
    const headers = { Authorization: `Bearer ${token}` };
    const users = `${server.baseUrl}/api/v1/events/${account.id}/${event.id}/users`;
    const all = scenarios(server.db, event.id, fields[0]!);
    // BENCH_ONLY: the scenarios whose name holds it (a quicker run while working on one of them).
    // BENCH_ONLY=load: only the run with 50 clients at once.
    const only = process.env.BENCH_ONLY ?? "";
    for (const scenario of all.filter((one) => only !== "load" && one.name.includes(only))) {
      const url =
        scenario.asks === "count"
          ? `${users}/count${scenario.query ? `?${scenario.query}` : ""}`
          : `${users}?perPage=100${scenario.query ? `&${scenario.query}` : ""}`;
      const isDeep = pageOffset(scenario) > 0;
      if (isPostgres(server.db) && (isDeep || process.env.BENCH_EXPLAIN)) await explain(server.db, scenario);
      const check = { asks: scenario.asks, offset: pageOffset(scenario) };
      const { figure: a, floor: f } = await compareToFloor(
        clients.measurer({ url, headers, check }),
        rawFloor(server.db, scenario),
        { requests: REQUESTS, concurrency: CONCURRENCY, runs: RUNS, warmUp: 50 },
      );
      const asked =
        scenario.asks === "count"
          ? `GET users/count, ${clients.total.toLocaleString("en")} matches`
          : `page of 100 of ${clients.total.toLocaleString("en")} matches`;
      const floor =
        scenario.asks === "count"
          ? "floor = count(*) with the same predicates in raw SQL"
          : "floor = the page's rows in raw SQL through the best index (ids, then rows), no count";
      printTable(
        `guests list on ${kind}: ${GUESTS.toLocaleString("en")} guests, 10 custom fields (exported and imported through the API in ${seeded.toFixed(1)} s), ` +
          `beside ${background.rows.toLocaleString("en")} guests of 200 other events (${background.seconds.toFixed(1)} s); ` +
          `${scenario.name}, ${asked}; ` +
          `${REQUESTS} requests, ${CONCURRENCY} in flight, median of ${RUNS} runs; ${floor}`,
        latencyRows(scenario.asks === "count" ? "GET guests count" : "GET guests page", a, f, {
          figure: scenario.asks === "count" ? "counts" : "pages",
          floor: "queries",
        }),
      );
    }
    if (only && only !== "load") return;
    const defaultView = all.find((scenario) => scenario.asks === "page" && scenario.query === "count=false")!;
    await benchUnderLoad(server, {
      page: clients.measurer({ url: `${users}?perPage=100&count=false`, headers, check: { asks: "page", offset: 0 } }),
      floor: rawFloor(server.db, defaultView),
      me: clients.measurer({ url: `${server.baseUrl}/api/v1/auth/me`, headers, check: { asks: "any", offset: 0 } }),
    });
  } finally {
    clients.close();
    await server.close();
  }
}

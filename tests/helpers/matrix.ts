/**
 * Role × route matrices (QUALITY.md, tenant isolation) over the cast of tests/helpers/actors.ts: the
 * expected status of every kind of caller, and the loops that check them.
 *
 *   const ROWS: MatrixRow<[Cast]>[] = [
 *     { name: "GET /things", expect: READ, call: async (cast) => ({ method: "GET", path: "/things" }) },
 *     { name: "POST /things", expect: write(201), call: async (cast) => ({ method: "POST", path: "/things" }) },
 *   ];
 *   describeRows(ROWS, async (row, member) =>
 *     expectMatrixCall(cast, member, row.expect[member], await row.call(cast), "/api/v1"),
 *   );
 *
 * Anonymous callers always get 401 and outsiders (account B) 404, never 403; a refused write changes nothing.
 */
import { describe, expect, it } from "vitest";
import type { Db } from "../../api/src/db/knex.ts";
import type { Event } from "../../api/src/models/Event.ts";
import { CAST_MEMBERS, expectNoChange, type Cast, type CastMember } from "./actors.ts";
import { buildEvent, listOnEvent } from "./events.ts";
import type { HttpResponse } from "./http.ts";

/** The expected status of each member for one route. */
export type Expectation = Record<CastMember, number>;

/** The error code that goes with each refusal. */
export const ERROR_CODES: Readonly<Record<number, string>> = {
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
};

/** Account A's members, the platform administrator and A's API key (an organizer key by default). */
export const EVERY_MEMBER = ["reader", "editor", "organizer", "overseer", "administrator", "apiKey"] as const;
export const EDITORS_UP = ["editor", "organizer", "overseer", "administrator", "apiKey"] as const;
export const ORGANIZERS_UP = ["organizer", "overseer", "administrator", "apiKey"] as const;
export const MANAGERS = ["overseer", "administrator"] as const;

type Insider = (typeof EVERY_MEMBER)[number];

/** 401 for anonymous, 404 for outsiders; `ok` for the `allowed` insiders, `refused` (403) for the others. */
export function expectation(ok: number, allowed: readonly Insider[], refused = 403): Expectation {
  const row = { anonymous: 401, outsider: 404, outsiderOverseer: 404 } as Expectation;
  for (const member of EVERY_MEMBER) row[member] = allowed.includes(member) ? ok : refused;
  return row;
}

/** Any member of account A (and platform administrators) may read. */
export const READ: Expectation = Object.freeze(expectation(200, EVERY_MEMBER));

/** Editors and up (events.update, the organizer API key too) may write; readers 403. */
export const write = (ok: number): Expectation => expectation(ok, EDITORS_UP);

/** Overseers and platform administrators (the overseer's status may differ); the others 403. */
export const managers = (ok: number, overseer = ok): Expectation => ({ ...expectation(ok, MANAGERS), overseer });

/** Platform routes: administrators only; everyone else is told the route does not exist. */
export const platformOnly = (ok: number): Expectation => expectation(ok, ["administrator"], 404);

/** Account A's members who see an event only when they are on its user list. */
export const LISTED_MEMBERS = ["reader", "editor", "organizer"] as const;

/** A fresh event of account A with its reader, editor and organizer on the user list, so that they see it. */
export async function buildListedEvent(cast: Cast, overrides: Partial<Event> = {}): Promise<Event> {
  const event = await buildEvent(cast.server.db, cast.accountA.id, overrides);
  await listOnEvent(cast.server.db, event.id, { userIds: LISTED_MEMBERS.map((member) => cast.users[member].user.id) });
  return event;
}

/**
 * Every row's call on `target` (fixtures on an event of account A nobody is listed on) as A's reader, editor
 * and organizer: 404, as if it did not exist; a refused call other than GET changes nothing.
 */
export async function expectUnlistedNotFound<T>(
  cast: Cast,
  rows: readonly MatrixRow<[T], MatrixCall>[],
  target: T,
): Promise<void> {
  for (const member of LISTED_MEMBERS) {
    const client = cast.client(member);
    for (const row of rows) {
      const call = row.call(target);
      const send = () => client.request(call.method, call.path, { body: call.body });
      const response = call.method === "GET" ? await send() : await expectNoChange(cast.server.db, send);
      expect(response.status, `${row.name} as ${member}`).toBe(404);
    }
  }
}

/** One request of a matrix row. */
export interface MatrixCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
}

/**
 * A row of a matrix: its expectations and how to build its call from what the file passes (`A`, e.g.
 * `[Cast]`): fresh targets each time, so that an allowed write does not disturb the next member. The
 * call is built synchronously when `R` is `MatrixCall`.
 */
export interface MatrixRow<A extends unknown[], R extends MatrixCall | Promise<MatrixCall> = Promise<MatrixCall>> {
  name: string;
  expect: Expectation;
  call(...args: A): R;
}

/** One vitest `describe` a row (named after it), one `it("as <member>")` a member of the cast. */
export function describeRows<R extends { name: string }>(
  rows: readonly R[],
  test: (row: R, member: CastMember) => Promise<unknown>,
): void {
  describe.each(rows)("$name", (row) => {
    it.each(CAST_MEMBERS)("as %s", async (member) => {
      await test(row, member);
    });
  });
}

/**
 * Sends `send`; when `expected` is a refusal and `guarded`, checks that the database is unchanged
 * (fixtures must be made before).
 */
export async function sendGuarded(
  db: Db,
  expected: number,
  send: () => Promise<HttpResponse>,
  guarded = true,
): Promise<HttpResponse> {
  return expected >= 400 && guarded ? expectNoChange(db, send) : send();
}

/** The response has the expected status and, for a refusal, the error code that goes with it. */
export function expectAnswer(response: HttpResponse, expected: number): void {
  expect(response.status, JSON.stringify(response.body)).toBe(expected);
  if (expected >= 400) expect(response.body.error.code).toBe(ERROR_CODES[expected]);
}

/**
 * Sends `call` (its path after `prefix`) as `member` and checks the answer; a refused call other than
 * GET must change nothing.
 */
export async function expectMatrixCall(
  cast: Cast,
  member: CastMember,
  expected: number,
  call: MatrixCall,
  prefix = "",
): Promise<HttpResponse> {
  const send = () => cast.client(member).request(call.method, `${prefix}${call.path}`, { body: call.body });
  const response = await sendGuarded(cast.server.db, expected, send, call.method !== "GET");
  expectAnswer(response, expected);
  return response;
}

/** A route of a matrix checked in one test, every member in turn (see `matrixFailures`). */
export interface MatrixCase {
  name: string;
  expect: Expectation;
  call(member: CastMember): Promise<HttpResponse>;
}

export interface MatrixFailuresOptions<K extends MatrixCase> {
  /** For a refusal: builds the case's fixtures, then returns the bare call (checked to change nothing). */
  prepare?: (route: K, member: CastMember) => Promise<() => Promise<HttpResponse>>;
  /** More checks on an answer: a message for what is wrong, undefined when all is well. */
  check?: (route: K, member: CastMember, response: HttpResponse) => string | undefined;
}

/**
 * Runs every case × member, refusals through `expectNoChange`, and returns what went wrong as
 * `<name> as <member>: <status> ≠ <expected>` lines (expect them to equal []).
 */
export async function matrixFailures<K extends MatrixCase>(
  db: Db,
  cases: readonly K[],
  options: MatrixFailuresOptions<K> = {},
): Promise<string[]> {
  const failures: string[] = [];
  for (const route of cases) {
    for (const member of CAST_MEMBERS) {
      const expected = route.expect[member];
      const refused = async () => (options.prepare ? options.prepare(route, member) : () => route.call(member));
      const response = expected >= 400 ? await expectNoChange(db, await refused()) : await route.call(member);
      if (response.status !== expected) failures.push(`${route.name} as ${member}: ${response.status} ≠ ${expected}`);
      const problem = options.check?.(route, member, response);
      if (problem) failures.push(problem);
    }
  }
  return failures;
}

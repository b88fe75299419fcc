import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCast, CAST_MEMBERS, expectNoChange, type Cast, type CastMember } from "../helpers/actors.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildEvent, listOnEvent } from "../helpers/events.ts";
import { buildCustomField } from "../helpers/guests.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Every custom-field route × every kind of caller (QUALITY.md, tenant isolation). Each call targets a
 * fresh event of account A with two fields, listed for the reader, editor and organizer: reading
 * needs events.read, writing events.update (editors and up); refused calls change nothing.
 */

type Expectation = Record<CastMember, number>;
const ERROR_CODES: Record<number, string> = { 401: "unauthenticated", 403: "forbidden", 404: "not_found" };

function expectation(ok: number, allowed: readonly CastMember[]): Expectation {
  const row = { anonymous: 401, outsider: 404, outsiderOverseer: 404 } as Expectation;
  for (const member of ["reader", "editor", "organizer", "overseer", "administrator", "apiKey"] as const) {
    row[member] = allowed.includes(member) ? ok : 403;
  }
  return row;
}

const EVERY_MEMBER = ["reader", "editor", "organizer", "overseer", "administrator", "apiKey"] as const;
const EDITORS_UP = ["editor", "organizer", "overseer", "administrator", "apiKey"] as const;

interface Target {
  base: string;
  fieldIds: [string, string];
}
interface Row {
  name: string;
  expect: Expectation;
  call(target: Target): { method: "GET" | "POST" | "DELETE"; path: string; body?: unknown };
}

const ROWS: Row[] = [
  { name: "GET customfields", expect: expectation(200, EVERY_MEMBER), call: (t) => ({ method: "GET", path: t.base }) },
  {
    name: "POST customfields",
    expect: expectation(201, EDITORS_UP),
    call: (t) => ({ method: "POST", path: t.base, body: { name: "diet", label: "Diet", type: "short_text" } }),
  },
  {
    name: "GET customfields/{id}",
    expect: expectation(200, EVERY_MEMBER),
    call: (t) => ({ method: "GET", path: `${t.base}/${t.fieldIds[0]}` }),
  },
  {
    name: "POST customfields/{id}",
    expect: expectation(200, EDITORS_UP),
    call: (t) => ({ method: "POST", path: `${t.base}/${t.fieldIds[0]}`, body: { label: "Renamed" } }),
  },
  {
    name: "DELETE customfields/{id}",
    expect: expectation(200, EDITORS_UP),
    call: (t) => ({ method: "DELETE", path: `${t.base}/${t.fieldIds[0]}` }),
  },
  {
    name: "POST customfields/reorder",
    expect: expectation(200, EDITORS_UP),
    call: (t) => ({ method: "POST", path: `${t.base}/reorder`, body: { ids: [t.fieldIds[1], t.fieldIds[0]] } }),
  },
];

describe.each(databaseKinds())("custom fields: role × route matrix on %s", (kind) => {
  let server: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    cast = await buildCast(server);
  });
  afterAll(async () => server?.close());

  async function target(listed = true): Promise<Target> {
    const event = await buildEvent(server.db, cast.accountA.id);
    if (listed) {
      await listOnEvent(server.db, event.id, {
        userIds: [cast.users.reader.user.id, cast.users.editor.user.id, cast.users.organizer.user.id],
      });
    }
    const first = await buildCustomField(server.db, event);
    const second = await buildCustomField(server.db, event);
    return { base: `/api/v1/events/${cast.accountA.id}/${event.id}/customfields`, fieldIds: [first.id, second.id] };
  }

  describe.each(ROWS)("$name", (row) => {
    it.each(CAST_MEMBERS)("as %s", async (member) => {
      const call = row.call(await target());
      const expected = row.expect[member];
      const send = () => cast.client(member).request(call.method, call.path, { body: call.body });
      const response = expected >= 400 && call.method !== "GET" ? await expectNoChange(server.db, send) : await send();
      expect(response.status, JSON.stringify(response.body)).toBe(expected);
      if (expected >= 400) expect(response.body.error.code).toBe(ERROR_CODES[expected]);
    });
  });

  it("hides the fields of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(false);
    for (const member of ["reader", "editor", "organizer"] as const) {
      const client = cast.client(member);
      expect((await client.get(t.base)).status).toBe(404);
      for (const row of ROWS.filter((r) => r.call(t).method !== "GET")) {
        const call = row.call(t);
        const response = await expectNoChange(server.db, () =>
          client.request(call.method, call.path, { body: call.body }),
        );
        expect(response.status, row.name).toBe(404);
      }
    }
  });

  it("answers 404 for a field of another event and for a malformed id", async () => {
    const a = await target();
    const b = await target();
    const client = cast.client("overseer");
    expect((await client.get(`${a.base}/${b.fieldIds[0]}`)).status).toBe(404);
    expect((await client.get(`${a.base}/not-a-uuid`)).status).toBe(404);
    const response = await expectNoChange(server.db, () => client.delete(`${a.base}/${b.fieldIds[0]}`));
    expect(response.status).toBe(404);
  });
});

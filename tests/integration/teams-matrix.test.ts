import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Team } from "../../api/src/models/Team.ts";
import { buildCast, CAST_MEMBERS, expectNoChange, type Cast, type CastMember } from "../helpers/actors.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Every teams route × every kind of caller: readers of the account read, overseers and admins write. */

type Expectation = Record<CastMember, number>;
const ERROR_CODES: Record<number, string> = { 401: "unauthenticated", 403: "forbidden", 404: "not_found" };

const MEMBERS_READ: Expectation = {
  anonymous: 401,
  outsider: 404,
  outsiderOverseer: 404,
  reader: 200,
  editor: 200,
  organizer: 200,
  overseer: 200,
  administrator: 200,
  apiKey: 200,
};

function managers(ok: number): Expectation {
  return {
    anonymous: 401,
    outsider: 404,
    outsiderOverseer: 404,
    reader: 403,
    editor: 403,
    organizer: 403,
    overseer: ok,
    administrator: ok,
    apiKey: 403, // an organizer API key
  };
}

interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
}

interface Row {
  name: string;
  expect: Expectation;
  call(cast: Cast): Promise<Call>;
}

/** A fresh team of account A, so allowed writes do not disturb the next caller. */
async function freshTeam(cast: Cast, memberIds: string[] = []): Promise<string> {
  const team = await Team.query(cast.server.db).insertAndFetch({
    accountId: cast.accountA.id,
    name: `Team ${randomUUID()}`,
    description: null,
  });
  if (memberIds.length) {
    const createdAt = new Date().toISOString();
    await cast.server.db("teamMembers").insert(memberIds.map((userId) => ({ teamId: team.id, userId, createdAt })));
  }
  return team.id;
}

const teams = (cast: Cast) => `/accounts/${cast.accountA.id}/teams`;

const ROWS: Row[] = [
  {
    name: "GET /accounts/{a}/teams",
    expect: MEMBERS_READ,
    call: async (cast) => ({ method: "GET", path: `${teams(cast)}?expand=members` }),
  },
  {
    name: "POST /accounts/{a}/teams",
    expect: managers(201),
    call: async (cast) => ({
      method: "POST",
      path: teams(cast),
      body: { name: `New ${randomUUID()}`, memberIds: [cast.users.editor.user.id] },
    }),
  },
  {
    name: "GET /accounts/{a}/teams/{id}",
    expect: MEMBERS_READ,
    call: async (cast) => ({ method: "GET", path: `${teams(cast)}/${await freshTeam(cast)}?expand=members` }),
  },
  {
    name: "POST /accounts/{a}/teams/{id}",
    expect: managers(200),
    call: async (cast) => ({
      method: "POST",
      path: `${teams(cast)}/${await freshTeam(cast)}`,
      body: { name: `Renamed ${randomUUID()}`, memberIds: [cast.users.reader.user.id] },
    }),
  },
  {
    name: "DELETE /accounts/{a}/teams/{id}",
    expect: managers(200),
    call: async (cast) => ({
      method: "DELETE",
      path: `${teams(cast)}/${await freshTeam(cast, [cast.users.editor.user.id])}`,
    }),
  },
  {
    name: "PUT /accounts/{a}/teams/{id}/administrators/{adminId}",
    expect: managers(200),
    call: async (cast) => ({
      method: "PUT",
      path: `${teams(cast)}/${await freshTeam(cast)}/administrators/${cast.users.editor.user.id}`,
    }),
  },
  {
    name: "DELETE /accounts/{a}/teams/{id}/administrators/{adminId}",
    expect: managers(200),
    call: async (cast) => ({
      method: "DELETE",
      path: `${teams(cast)}/${await freshTeam(cast, [cast.users.editor.user.id])}/administrators/${cast.users.editor.user.id}`,
    }),
  },
];

describe.each(databaseKinds())("teams: role × route matrix on %s", (kind) => {
  let server: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    cast = await buildCast(server);
  });
  afterAll(async () => server?.close());

  describe.each(ROWS)("$name", (row) => {
    it.each(CAST_MEMBERS)("as %s", async (member) => {
      const call = await row.call(cast);
      const expected = row.expect[member];
      const send = () => cast.client(member).request(call.method, `/api/v1${call.path}`, { body: call.body });
      const response = expected >= 400 && call.method !== "GET" ? await expectNoChange(server.db, send) : await send();
      expect(response.status, JSON.stringify(response.body)).toBe(expected);
      if (expected >= 400) expect(response.body.error.code).toBe(ERROR_CODES[expected]);
    });
  });

  it("answers 404 for a team of another account asked for through account A, and changes nothing", async () => {
    const teamOfB = await Team.query(server.db).insertAndFetch({
      accountId: cast.accountB.id,
      name: "B's team",
      description: null,
    });
    const client = cast.client("overseer");
    const base = `/api/v1/accounts/${cast.accountA.id}/teams/${teamOfB.id}`;
    expect((await client.get(base)).status).toBe(404);
    const writes = [
      () => client.post(base, { name: "Hijacked" }),
      () => client.delete(base),
      () => client.put(`${base}/administrators/${cast.users.editor.user.id}`),
      () => client.delete(`${base}/administrators/${cast.users.editor.user.id}`),
    ];
    for (const write of writes) {
      const response = await expectNoChange(server.db, write);
      expect(response.status).toBe(404);
    }
  });
});

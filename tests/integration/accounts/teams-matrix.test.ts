import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Team } from "../../../api/src/models/Team.ts";
import { expectNoChange, type Cast } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { describeRows, expectMatrixCall, managers, READ, type MatrixRow } from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Every teams route × every kind of caller: readers of the account read, overseers and admins write. */

/** Managers: overseers and administrators; the API key is an organizer's (403). */
type Row = MatrixRow<[Cast]>;

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
    expect: READ,
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
    expect: READ,
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
  const suite = useCastServer(kind);

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], await row.call(suite.cast), "/api/v1"),
  );

  it("answers 404 for a team of another account asked for through account A, and changes nothing", async () => {
    const teamOfB = await Team.query(suite.server.db).insertAndFetch({
      accountId: suite.cast.accountB.id,
      name: "B's team",
      description: null,
    });
    const client = suite.cast.client("overseer");
    const base = `/api/v1/accounts/${suite.cast.accountA.id}/teams/${teamOfB.id}`;
    expect((await client.get(base)).status).toBe(404);
    const writes = [
      () => client.post(base, { name: "Hijacked" }),
      () => client.delete(base),
      () => client.put(`${base}/administrators/${suite.cast.users.editor.user.id}`),
      () => client.delete(`${base}/administrators/${suite.cast.users.editor.user.id}`),
    ];
    for (const write of writes) {
      const response = await expectNoChange(suite.server.db, write);
      expect(response.status).toBe(404);
    }
  });
});

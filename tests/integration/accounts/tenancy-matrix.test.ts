import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectNoChange, type Cast, type CastMember } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildUser } from "../../helpers/factories.ts";
import { describeRows, expectMatrixCall, managers, platformOnly, READ, type MatrixRow } from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every route of accounts and administrators × every kind of caller (QUALITY.md, tenant isolation):
 * allowed calls succeed, refused ones get 401 / 403 / 404 (outsiders always 404, never 403), and a
 * refused call changes nothing in the database.
 */

/**
 * Platform routes (`platformOnly`): administrators only, everyone else 404. Account routes: members of
 * account A read (`READ`), overseers and administrators write (`managers`; the API key is an organizer's).
 * Each row builds its call for one member, with fresh targets so allowed writes do not disturb the next.
 */
type Row = MatrixRow<[Cast, CastMember]>;

let sequence = 0;
const uniqueEmail = () => `matrix-${++sequence}-${randomUUID().slice(0, 8)}@example.com`;

/** A fresh editor of account A, invited but not registered yet (no password hashing: fast). */
async function victim(cast: Cast): Promise<string> {
  const user = await buildUser(cast.server.db, {
    accountId: cast.accountA.id,
    role: "editor",
    email: uniqueEmail(),
    password: null,
  });
  return user.id;
}

const ROWS: Row[] = [
  // Platform administration.
  {
    name: "GET /administrators",
    expect: platformOnly(200),
    call: async () => ({ method: "GET", path: "/administrators" }),
  },
  {
    name: "POST /administrators",
    expect: platformOnly(201),
    call: async (cast) => ({
      method: "POST",
      path: "/administrators",
      body: {
        email: uniqueEmail(),
        firstName: "New",
        lastName: "User",
        role: "organizer",
        accountId: cast.accountA.id,
      },
    }),
  },
  {
    name: "POST /administrators/{id}",
    expect: platformOnly(200),
    call: async (cast) => ({
      method: "POST",
      path: `/administrators/${await victim(cast)}`,
      body: { firstName: "Renamed", role: "reader" },
    }),
  },
  {
    name: "DELETE /administrators/{id}",
    expect: platformOnly(200),
    call: async (cast) => ({ method: "DELETE", path: `/administrators/${await victim(cast)}` }),
  },
  {
    name: "GET /administrators/{id}/accounts",
    expect: platformOnly(200),
    call: async (cast) => ({ method: "GET", path: `/administrators/${cast.users.organizer.user.id}/accounts` }),
  },
  { name: "GET /accounts", expect: platformOnly(200), call: async () => ({ method: "GET", path: "/accounts" }) },
  {
    name: "POST /accounts",
    expect: platformOnly(201),
    call: async () => ({ method: "POST", path: "/accounts", body: { name: `Matrix ${++sequence}`, maxOrganizers: 3 } }),
  },
  // One account.
  {
    name: "GET /accounts/{a}",
    expect: READ,
    call: async (cast) => ({ method: "GET", path: `/accounts/${cast.accountA.id}` }),
  },
  {
    name: "POST /accounts/{a} (name, twoFactorEnabled, multilang)",
    expect: managers(200),
    call: async (cast) => ({
      method: "POST",
      path: `/accounts/${cast.accountA.id}`,
      body: { name: `Account A ${++sequence}`, twoFactorEnabled: sequence % 2 === 0, multilang: true },
    }),
  },
  {
    name: "POST /accounts/{a} (a limit field)",
    expect: managers(200, 403),
    call: async (cast) => ({
      method: "POST",
      path: `/accounts/${cast.accountA.id}`,
      body: { maxOrganizers: 1000 + ++sequence },
    }),
  },
  {
    name: "POST /accounts/{a} (a limit field among allowed ones)",
    expect: managers(200, 403),
    call: async (cast) => ({
      method: "POST",
      path: `/accounts/${cast.accountA.id}`,
      body: { name: `Sneaky ${++sequence}`, isActive: true, eventRetentionDays: sequence },
    }),
  },
  // Users of one account.
  {
    name: "GET /accounts/{a}/administrators",
    expect: READ,
    call: async (cast) => ({ method: "GET", path: `/accounts/${cast.accountA.id}/administrators` }),
  },
  {
    name: "POST /accounts/{a}/administrators",
    expect: managers(201),
    call: async (cast) => ({
      method: "POST",
      path: `/accounts/${cast.accountA.id}/administrators`,
      body: { email: uniqueEmail(), firstName: "Invited", lastName: "Person", role: "editor" },
    }),
  },
  {
    name: "GET /accounts/{a}/administrators/{id}",
    expect: READ,
    call: async (cast) => ({
      method: "GET",
      path: `/accounts/${cast.accountA.id}/administrators/${cast.users.overseer.user.id}`,
    }),
  },
  {
    name: "PUT /accounts/{a}/administrators/{id} (someone else)",
    expect: managers(200),
    call: async (cast) => ({
      method: "PUT",
      path: `/accounts/${cast.accountA.id}/administrators/${await victim(cast)}`,
      body: { lastName: "Changed", role: "organizer" },
    }),
  },
  {
    name: "DELETE /accounts/{a}/administrators/{id}",
    expect: managers(200),
    call: async (cast) => ({
      method: "DELETE",
      path: `/accounts/${cast.accountA.id}/administrators/${await victim(cast)}`,
    }),
  },
  {
    name: "POST /accounts/{a}/administrators/{id}/invite",
    expect: managers(200),
    call: async (cast) => ({
      method: "POST",
      path: `/accounts/${cast.accountA.id}/administrators/${await victim(cast)}/invite`,
    }),
  },
];

describe.each(databaseKinds())("accounts and administrators: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], await row.call(suite.cast, member), "/api/v1"),
  );

  it("answers outsiders exactly like a missing resource", async () => {
    const missingAccount = await suite.cast.client("administrator").get(`/api/v1/accounts/${randomUUID()}`);
    const outsider = await suite.cast.client("outsiderOverseer").get(`/api/v1/accounts/${suite.cast.accountA.id}`);
    const strip = (body: { error: Record<string, unknown> }) => ({ ...body.error, requestId: undefined });
    expect(outsider.status).toBe(404);
    expect(strip(outsider.body)).toEqual(strip(missingAccount.body));
    const missingRoute = await suite.cast.client("overseer").get("/api/v1/administrators");
    expect(missingRoute.status).toBe(404);
    expect(strip(missingRoute.body)).toEqual(strip(missingAccount.body));
  });

  it("treats a user of another account under /accounts/{a}/… as missing, and changes nothing", async () => {
    const stranger = suite.cast.users.organizer.user.id; // account A's, asked for through account B
    const b = suite.cast.accountB.id;
    const client = suite.cast.client("outsiderOverseer");
    expect((await client.get(`/api/v1/accounts/${b}/administrators/${stranger}`)).status).toBe(404);
    const writes = [
      () => client.put(`/api/v1/accounts/${b}/administrators/${stranger}`, { firstName: "Hijacked" }),
      () => client.delete(`/api/v1/accounts/${b}/administrators/${stranger}`),
      () => client.post(`/api/v1/accounts/${b}/administrators/${stranger}/invite`),
    ];
    for (const write of writes) {
      const response = await expectNoChange(suite.server.db, write);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
    const listed = await client.get(`/api/v1/accounts/${b}/administrators?perPage=200`);
    expect(new Set(listed.body.data.map((user: { accountId: string }) => user.accountId))).toEqual(new Set([b]));
  });

  it("answers 404 for a malformed id in the path", async () => {
    const response = await suite.cast.client("administrator").get("/api/v1/accounts/not-a-uuid/administrators");
    expect(response.status).toBe(404);
  });
});

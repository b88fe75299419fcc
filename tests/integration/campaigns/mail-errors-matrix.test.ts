import { describe, expect, it } from "vitest";
import { MailError } from "../../../api/src/models/MailError.ts";
import type { Cast } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildMailError } from "../../helpers/mailErrors.ts";
import {
  describeRows,
  expectation,
  expectMatrixCall,
  ORGANIZERS_UP,
  type Expectation,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every errormails route (spec §7) × every kind of caller: the account's organizers and overseers (and its
 * organizer API key) and platform administrators list, read, change, delete and create; readers and editors get
 * 403, another account's users 404, anonymous callers 401; refused calls change nothing.
 */

const MANAGERS_OF_MAIL: (ok: number) => Expectation = (ok) => expectation(ok, ORGANIZERS_UP);

let counter = 0;

const ROWS: MatrixRow<[Cast]>[] = [
  {
    name: "GET errormails",
    expect: MANAGERS_OF_MAIL(200),
    call: async (cast) => ({ method: "GET", path: `/accounts/${cast.accountA.id}/errormails?kind=hard_bounce` }),
  },
  {
    name: "GET errormails/{id}",
    expect: MANAGERS_OF_MAIL(200),
    call: async (cast) => {
      const row = await buildMailError(cast.server.db, cast.accountA.id);
      return { method: "GET", path: `/accounts/${cast.accountA.id}/errormails/${row.id}` };
    },
  },
  {
    name: "POST errormails/{id}",
    expect: MANAGERS_OF_MAIL(200),
    call: async (cast) => {
      const row = await buildMailError(cast.server.db, cast.accountA.id);
      return {
        method: "POST",
        path: `/accounts/${cast.accountA.id}/errormails/${row.id}`,
        body: { kind: "blocked", reason: "Asked us" },
      };
    },
  },
  {
    name: "DELETE errormails/{id}",
    expect: MANAGERS_OF_MAIL(200),
    call: async (cast) => {
      const row = await buildMailError(cast.server.db, cast.accountA.id);
      return { method: "DELETE", path: `/accounts/${cast.accountA.id}/errormails/${row.id}` };
    },
  },
  {
    name: "POST errormails",
    expect: MANAGERS_OF_MAIL(201),
    call: async (cast) => {
      counter += 1;
      return {
        method: "POST",
        path: `/accounts/${cast.accountA.id}/errormails`,
        body: { email: `blocked-${counter}-${Date.now()}@example.org`, reason: "Asked us" },
      };
    },
  },
];

describe.each(databaseKinds())("mail errors: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);
  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], await row.call(suite.cast), "/api/v1"),
  );

  it("hides another account's mail error from this account's managers (404, nothing changes)", async () => {
    const { cast } = suite;
    const theirs = await buildMailError(cast.server.db, cast.accountB.id);
    const overseer = cast.users.overseer.http;
    for (const path of [
      `/api/v1/accounts/${cast.accountA.id}/errormails/${theirs.id}`,
      `/api/v1/accounts/${cast.accountB.id}/errormails/${theirs.id}`,
    ]) {
      expect((await overseer.get(path)).status).toBe(404);
      expect((await overseer.post(path, { kind: "soft_bounce" })).status).toBe(404);
      expect((await overseer.delete(path)).status).toBe(404);
    }
    expect(await MailError.query(cast.server.db).findById(theirs.id)).toMatchObject({ kind: "hard_bounce" });
  });
});

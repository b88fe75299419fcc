import { describe, expect, it } from "vitest";
import { SenderEmail } from "../../../api/src/models/SenderEmail.ts";
import type { Cast } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import {
  describeRows,
  EDITORS_UP,
  expectation,
  expectMatrixCall,
  MANAGERS,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { buildPendingSender } from "../../helpers/senders.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every senders route (spec §3 sender email) × every kind of caller: editors and up of the account (its organizer
 * API key too) and platform administrators read them; overseers and platform administrators add, resend and
 * delete; platform administrators alone mark one verified without its mail; the others 403, another account's
 * users 404, anonymous callers 401; refused calls change nothing (no mail either).
 */

let counter = 0;
const fresh = (prefix: string) => `${prefix}-${++counter}-${Date.now()}@example.org`;
const pending = (cast: Cast) => buildPendingSender(cast.server.db, cast.accountA.id, fresh("pending"));

const ROWS: MatrixRow<[Cast]>[] = [
  {
    name: "GET senders",
    expect: expectation(200, EDITORS_UP),
    call: async (cast) => ({ method: "GET", path: `/accounts/${cast.accountA.id}/senders` }),
  },
  {
    name: "POST senders",
    expect: expectation(201, MANAGERS),
    call: async (cast) => ({
      method: "POST",
      path: `/accounts/${cast.accountA.id}/senders`,
      body: { email: fresh("new"), name: "Events" },
    }),
  },
  {
    name: "POST senders/{id}/resend",
    expect: expectation(200, MANAGERS),
    call: async (cast) => ({
      method: "POST",
      path: `/accounts/${cast.accountA.id}/senders/${(await pending(cast)).id}/resend`,
    }),
  },
  {
    name: "POST senders/{id}/verify",
    expect: expectation(200, ["administrator"]),
    call: async (cast) => ({
      method: "POST",
      path: `/accounts/${cast.accountA.id}/senders/${(await pending(cast)).id}/verify`,
    }),
  },
  {
    name: "DELETE senders/{id}",
    expect: expectation(200, MANAGERS),
    call: async (cast) => ({
      method: "DELETE",
      path: `/accounts/${cast.accountA.id}/senders/${(await pending(cast)).id}`,
    }),
  },
];

describe.each(databaseKinds())("senders: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);
  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], await row.call(suite.cast), "/api/v1"),
  );

  it("hides another account's sender from this account's overseer (404, nothing changes)", async () => {
    const { cast } = suite;
    const theirs = await buildPendingSender(cast.server.db, cast.accountB.id, fresh("theirs"));
    const overseer = cast.users.overseer.http;
    for (const account of [cast.accountA.id, cast.accountB.id]) {
      const path = `/api/v1/accounts/${account}/senders/${theirs.id}`;
      expect((await overseer.post(`${path}/resend`, {})).status).toBe(404);
      expect((await overseer.delete(path)).status).toBe(404);
    }
    const listed = await overseer.get(`/api/v1/accounts/${cast.accountA.id}/senders`);
    expect(listed.body.data.map((sender: { id: string }) => sender.id)).not.toContain(theirs.id);
    // The platform administrator reaches it through its own account only.
    const admin = cast.users.administrator.http;
    expect((await admin.post(`/api/v1/accounts/${cast.accountA.id}/senders/${theirs.id}/verify`, {})).status).toBe(404);
    expect(await SenderEmail.query(cast.server.db).findById(theirs.id)).toMatchObject({ verifiedAt: null });
  });
});

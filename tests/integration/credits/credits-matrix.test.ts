import { describe } from "vitest";
import type { Cast } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import {
  describeRows,
  expectation,
  expectMatrixCall,
  ORGANIZERS_UP,
  type Expectation,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";
import { creditsPack, futureDay } from "../../helpers/credits.ts";

/**
 * Every credits route (spec §7: eventcredits and campaigncredits) × every kind of caller: the account's organizers
 * and overseers (and its organizer API key) read; platform administrators add and debit, the account's own users
 * get 403 for that; another account's users 404, anonymous callers 401; refused calls change nothing.
 */

/** The account's organizers and up read; readers and editors 403. */
const READERS: Expectation = expectation(200, ORGANIZERS_UP);
/** Platform administrators only; the account's users 403, outsiders 404. */
const administrators = (ok: number): Expectation => expectation(ok, ["administrator"]);

const rowsOf = (segment: "eventcredits" | "campaigncredits", kind: "event" | "campaign"): MatrixRow<[Cast]>[] => {
  const base = (cast: Cast) => `/accounts/${cast.accountA.id}/${segment}`;
  return [
    {
      name: `GET ${segment}`,
      expect: READERS,
      call: async (cast) => ({ method: "GET", path: `${base(cast)}?page=1` }),
    },
    {
      name: `GET ${segment}/remaining`,
      expect: READERS,
      call: async (cast) => ({ method: "GET", path: `${base(cast)}/remaining` }),
    },
    {
      name: `GET ${segment}/nonspentorexpired`,
      expect: READERS,
      call: async (cast) => ({ method: "GET", path: `${base(cast)}/nonspentorexpired` }),
    },
    {
      name: `GET ${segment}/history`,
      expect: READERS,
      call: async (cast) => ({ method: "GET", path: `${base(cast)}/history` }),
    },
    {
      name: `POST ${segment}/add`,
      expect: administrators(201),
      call: async (cast) => ({
        method: "POST",
        path: `${base(cast)}/add`,
        body: { amount: 50, expiresAt: futureDay(30) },
      }),
    },
    {
      name: `POST ${segment}/debit`,
      expect: administrators(200),
      call: async (cast) => {
        await creditsPack(cast.server.db, cast.accountA.id, kind, 5);
        return { method: "POST", path: `${base(cast)}/debit`, body: { amount: 2, reason: "Goodwill correction" } };
      },
    },
  ];
};

const ROWS = [...rowsOf("eventcredits", "event"), ...rowsOf("campaigncredits", "campaign")];

describe.each(databaseKinds())("credits: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);
  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], await row.call(suite.cast), "/api/v1"),
  );
});

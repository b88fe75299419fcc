import { describe, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
import {
  buildListedEvent,
  describeRows,
  expectMatrixCall,
  expectUnlistedNotFound,
  write,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * POST users/{id}/unlock-email (spec §4) × every kind of caller: editors and up of an event they see (the
 * organizer API key too) and platform administrators unlock; readers 403; another account's users 404; anonymous
 * callers 401; an event of the account the caller is not tied to 404. Refused calls change nothing.
 */

interface Target {
  base: string;
  guestId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  {
    name: "POST users/{id}/unlock-email",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/users/${t.guestId}/unlock-email` }),
  },
];

describe.each(databaseKinds())("unlocking a guest's email: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const guest = await buildGuest(suite.server.db, where, {
      email: "unsubscribed@example.org",
      unsubscribedAt: new Date(),
      mailStatus: "unsubscribed",
    });
    return { base: eventBase(where), guestId: guest.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the guests of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });
});

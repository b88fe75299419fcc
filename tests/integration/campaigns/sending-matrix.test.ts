import { describe, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { buildCampaign } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { creditsPack } from "../../helpers/credits.ts";
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
import { buildVerifiedSender } from "../../helpers/senders.ts";

/**
 * Sending a campaign × every kind of caller (QUALITY.md, tenant isolation): scheduling, cancelling and test
 * messages need events.update (editors and up); readers are refused; another account's users and anyone not tied
 * to the event get 404; refused calls change nothing.
 */

interface Target {
  base: string;
  pendingId: string;
  scheduledId: string;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  {
    name: "POST campaigns/{id}/send (later)",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/campaigns/${t.pendingId}/send`, body: { sendAt: tomorrow() } }),
  },
  {
    name: "POST campaigns/{id}/cancel",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/campaigns/${t.scheduledId}/cancel` }),
  },
  {
    name: "POST campaigns/{id}/test",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/campaigns/${t.pendingId}/test`,
      body: { email: "me@example.org" },
    }),
  },
];

describe.each(databaseKinds())("sending campaigns: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const { db } = suite.server;
    await creditsPack(db, where.accountId, "campaign", 5);
    await buildGuest(db, where, { email: "guest@example.org", status: "unanswered" });
    await buildVerifiedSender(db, where.accountId);
    const pending = await buildCampaign(db, where, { fromEmail: "events@example.org" });
    const scheduled = await buildCampaign(db, where, {
      fromEmail: "events@example.org",
      state: "scheduled",
      sendAt: new Date(Date.now() + 86_400_000),
    });
    return { base: eventBase(where), pendingId: pending.id, scheduledId: scheduled.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the sending of an event's campaigns from who is not tied to it (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });
});

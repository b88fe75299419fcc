import { describe, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { buildCampaign } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import {
  buildListedEvent,
  describeRows,
  expectMatrixCall,
  expectUnlistedNotFound,
  READ,
  write,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every route of the event's campaigns × every kind of caller (QUALITY.md, tenant isolation), another account's
 * users included. Each call targets a fresh event of account A holding a pending campaign, listed for the reader,
 * editor and organizer: reading (the summary too) needs events.read, writing events.update (editors and up);
 * outsiders get 404; refused calls change nothing.
 */

interface Target {
  base: string;
  campaignId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET campaigns", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/campaigns` }) },
  {
    name: "POST campaigns",
    expect: write(201),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/campaigns`,
      body: { name: "Save the date", type: "save_the_date" },
    }),
  },
  {
    name: "GET campaigns/{id}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/campaigns/${t.campaignId}` }),
  },
  {
    name: "POST campaigns/{id}",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/campaigns/${t.campaignId}`, body: { name: "Renamed" } }),
  },
  {
    name: "DELETE campaigns/{id}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `${t.base}/campaigns/${t.campaignId}` }),
  },
  {
    name: "GET campaigns/{id}/summary",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/campaigns/${t.campaignId}/summary` }),
  },
];

describe.each(databaseKinds())("email campaigns: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const campaign = await buildCampaign(suite.server.db, where);
    return { base: eventBase(where), campaignId: campaign.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the campaigns of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });
});

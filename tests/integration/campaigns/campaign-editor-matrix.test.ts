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
 * The campaign editor's routes × every kind of caller, another account's users included: a preview needs
 * events.read (it changes nothing), a template change events.update (editors and up); outsiders get 404; refused
 * calls change nothing.
 */

interface Target {
  base: string;
  campaignId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  {
    name: "POST campaigns/{id}/preview",
    expect: READ,
    call: (t) => ({ method: "POST", path: `${t.base}/campaigns/${t.campaignId}/preview`, body: { language: "en" } }),
  },
  {
    name: "POST campaigns/{id}/template",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/campaigns/${t.campaignId}/template`,
      body: { type: "reminder", language: "en" },
    }),
  },
];

describe.each(databaseKinds())("campaign editor: role × route matrix on %s", (kind) => {
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

import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { buildCampaign, buildRecipient } from "../../helpers/campaigns.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
import {
  buildListedEvent,
  describeRows,
  expectation,
  expectMatrixCall,
  ORGANIZERS_UP,
  READ,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * The campaign statistics routes × every kind of caller (QUALITY.md, tenant isolation): anyone who sees the event
 * reads its campaigns' figures, recipients and deliverability (the legacy invits/* too, by slug); the account's
 * mail history is for who reads its credits; account B's users get 404, anonymous callers 401.
 */

interface Target {
  base: string;
  slug: string;
  campaignId: string;
  accountId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  {
    name: "GET statistics/campaigns/{id}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/statistics/campaigns/${t.campaignId}` }),
  },
  {
    name: "GET statistics/campaigns/{id}/recipients",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/statistics/campaigns/${t.campaignId}/recipients?status=sent` }),
  },
  {
    name: "GET statistics/deliverability",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/statistics/deliverability` }),
  },
  {
    name: "GET /{event}/admin/invits/get (legacy)",
    expect: READ,
    call: (t) => ({ method: "GET", path: `/${t.slug}/admin/invits/get` }),
  },
  {
    name: "GET /{event}/admin/invits/getInvitStatisticsJson/{id} (legacy)",
    expect: READ,
    call: (t) => ({ method: "GET", path: `/${t.slug}/admin/invits/getInvitStatisticsJson/${t.campaignId}` }),
  },
  {
    name: "GET /{event}/admin/invits/getRecipientsStatsJson/{id} (legacy)",
    expect: READ,
    call: (t) => ({ method: "GET", path: `/${t.slug}/admin/invits/getRecipientsStatsJson/${t.campaignId}` }),
  },
];

describe.each(databaseKinds())("campaign statistics: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const { db } = suite.server;
    const campaign = await buildCampaign(db, where, {
      state: "sent",
      fromEmail: "events@example.org",
      startedAt: new Date(),
      ledgerFilledAt: new Date(),
    });
    await buildRecipient(db, campaign, await buildGuest(db, where, { email: "guest@example.org" }), "sent");
    return {
      base: `/api/v1/events/${where.accountId}/${where.id}`,
      slug: where.slug,
      campaignId: campaign.id,
      accountId: where.accountId,
    };
  }

  describeRows(ROWS, async (row, member) => {
    const response = await expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target()));
    if (response.status === 200 && row.name.startsWith("GET statistics/campaigns/{id}")) {
      expect(response.body.figures?.sent ?? response.body.pagination?.total).toBe(1);
    }
  });

  it("gives the account's mail history to who reads its credits", async () => {
    await target();
    const expected = expectation(200, ORGANIZERS_UP);
    for (const member of Object.keys(expected) as (keyof typeof expected)[]) {
      await expectMatrixCall(suite.cast, member, expected[member], {
        method: "GET",
        path: `/api/v1/accounts/${suite.cast.accountA.id}/mailhistory`,
      });
    }
  });

  it("hides the figures of an event the caller is not tied to (404)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    for (const member of ["reader", "editor", "organizer"] as const) {
      for (const row of ROWS) {
        const response = await suite.cast.client(member).get(row.call(t).path);
        expect(response.status, `${row.name} as ${member}`).toBe(404);
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import { newRecipientToken } from "../../../api/src/campaigns/links.ts";
import { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { CAST_MEMBERS, expectNoChange, type CastMember } from "../../helpers/actors.ts";
import { buildCampaign, buildRecipient } from "../../helpers/campaigns.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
import {
  describeRows,
  expectMatrixCall,
  type Expectation,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * A campaign message's addresses × every kind of caller (QUALITY.md, tenant isolation). They are public: the
 * recipient's token is the only credential, so every caller — anonymous, a member of the account, another
 * account's user, an administrator — gets the same answer for a token of account A's event; a session grants
 * nothing more, and an unknown token is 404 for all, changing nothing.
 */

/** The same status for every caller. */
const everyone = (status: number): Expectation =>
  Object.fromEntries(CAST_MEMBERS.map((member) => [member, status])) as Expectation;

const ROWS: MatrixRow<[string], MatrixCall>[] = [
  {
    name: "GET public/unsubscribe/{token}",
    expect: everyone(200),
    call: (token) => ({ method: "GET", path: `/api/v1/public/unsubscribe/${token}` }),
  },
  {
    name: "POST public/unsubscribe/{token}",
    expect: everyone(200),
    call: (token) => ({ method: "POST", path: `/api/v1/public/unsubscribe/${token}` }),
  },
  {
    name: "GET mail/o/{token}",
    expect: everyone(200),
    call: (token) => ({ method: "GET", path: `/api/v1/mail/o/${token}` }),
  },
  {
    name: "GET mail/c/{token}/0",
    expect: everyone(302),
    call: (token) => ({ method: "GET", path: `/api/v1/mail/c/${token}/0` }),
  },
  {
    name: "GET mail/u/{token}",
    expect: everyone(303),
    call: (token) => ({ method: "GET", path: `/api/v1/mail/u/${token}` }),
  },
  {
    name: "POST mail/u/{token}",
    expect: everyone(200),
    call: (token) => ({ method: "POST", path: `/api/v1/mail/u/${token}` }),
  },
];

describe.each(databaseKinds())("campaign message addresses: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  /** A message of a campaign of a fresh event of account A (nobody listed on it), sent an hour ago: its token. */
  async function target(): Promise<{ token: string; guestId: string }> {
    const { db } = suite.server;
    const event = await buildEvent(db, suite.cast.accountA.id);
    const guest = await buildGuest(db, event, { email: "matrix@example.org", mailStatus: "sent" });
    const recipient = await buildRecipient(db, await buildCampaign(db, event), guest);
    const token = newRecipientToken();
    await CampaignRecipient.query(db)
      .patch({ token, sentAt: new Date(Date.now() - 3_600_000) })
      .where({ id: recipient.id });
    return { token, guestId: guest.id };
  }

  describeRows(ROWS, async (row, member: CastMember) => {
    const { token, guestId } = await target();
    await expectMatrixCall(suite.cast, member, row.expect[member], row.call(token));
    // Only a POST unsubscribes, whoever sends it.
    const unsubscribed = (await Guest.query(suite.server.db).findById(guestId))!.unsubscribedAt !== null;
    expect(unsubscribed).toBe(row.call(token).method === "POST");
  });

  it("answers 404 to every caller for an unknown token, changing nothing", async () => {
    const unknown = newRecipientToken();
    for (const member of CAST_MEMBERS)
      for (const row of ROWS) {
        const call = row.call(unknown);
        const response = await expectNoChange(suite.server.db, () =>
          suite.cast.client(member).request(call.method, call.path),
        );
        expect(response.status, `${row.name} as ${member}`).toBe(404);
      }
  });
});

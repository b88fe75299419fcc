import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CampaignEvent } from "../../../api/src/models/CampaignEvent.ts";
import { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import { MailError } from "../../../api/src/models/MailError.ts";
import { remainingCredits } from "../../../api/src/services/credits/ledger.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { buildCampaign, buildRecipient, debitSend } from "../../helpers/campaigns.ts";
import { creditsPack } from "../../helpers/credits.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Mailgun's event webhook (issue 15 item 6): a call signed with the signing key (HMAC-SHA256 of timestamp + token)
 * for a campaign message (found by its Message-ID <token@bounce domain>) has the effects of a DSN; a wrong
 * signature, signature fields changed after signing, a timestamp over 300 s old, a token already used, or a call
 * without a signature are refused and change nothing.
 */

const SIGNING_KEY = "key-3ax6xnjp29jd6fds4gc373sgvjxteol0";
const BOUNCE_DOMAIN = "bounces.tessera.test";
const PATH = "/api/v1/webhooks/mail/mailgun";

function signed(
  eventData: Record<string, unknown>,
  options: { timestamp?: number; key?: string; token?: string } = {},
) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = options.token ?? randomBytes(25).toString("hex");
  const signature = createHmac("sha256", options.key ?? SIGNING_KEY)
    .update(timestamp + token)
    .digest("hex");
  return { signature: { timestamp, token, signature }, "event-data": eventData };
}

function failed(token: string, severity: "permanent" | "temporary") {
  return {
    event: "failed",
    id: randomBytes(8).toString("hex"),
    timestamp: Date.now() / 1000,
    severity,
    reason: severity === "permanent" ? "bounce" : "generic",
    recipient: "gone@example.org",
    message: { headers: { "message-id": `${token}@${BOUNCE_DOMAIN}`, to: "gone@example.org" } },
    "delivery-status": {
      code: severity === "permanent" ? 550 : 452,
      "enhanced-code": severity === "permanent" ? "5.1.1" : "4.2.2",
      message: severity === "permanent" ? "No such user here" : "Mailbox full",
      "attempt-no": 1,
    },
  };
}

describe.each(databaseKinds())("Mailgun webhook on %s", (kind) => {
  const suite = useTestServer(kind, { env: { MAILGUN_WEBHOOK_SIGNING_KEY: SIGNING_KEY, BOUNCE_DOMAIN } });

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const guest = await buildGuest(db, event, { email: "gone@example.org", mailStatus: "sent" });
    const campaign = await buildCampaign(db, event, { state: "sent" });
    await creditsPack(db, account.id, "campaign", 3);
    const recipient = await buildRecipient(db, campaign, guest);
    await debitSend(db, recipient);
    return { db, account, recipient, token: recipient.token! };
  }

  it("applies a signed permanent failure once: bounced, suppressed, credited back; a replay is refused", async () => {
    const { db, account, recipient, token } = await setUp();
    const body = signed(failed(token, "permanent"));
    const answer = await suite.server.http.post(PATH, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ received: true, applied: true });
    expect((await CampaignRecipient.query(db).findById(recipient.id).throwIfNotFound()).status).toBe("bounced");
    expect(await MailError.query(db).where({ accountId: account.id })).toMatchObject([
      { email: "gone@example.org", kind: "hard_bounce", source: "webhook" },
    ]);
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(3);

    const replay = await expectNoChange(db, () => suite.server.http.post(PATH, body));
    expect(replay.status).toBe(406);
    // Replays at once: each refused, nothing credited again.
    const racing = await Promise.all([1, 2, 3].map(() => suite.server.http.post(PATH, body)));
    expect(racing.map((answer) => answer.status)).toEqual([406, 406, 406]);
    const fresh = signed(failed(token, "permanent"));
    const together = await Promise.all([1, 2, 3].map(() => suite.server.http.post(PATH, fresh)));
    expect(together.map((answer) => answer.status).sort()).toEqual([200, 406, 406]);
    // The same event under a new token is accepted but changes nothing either: no second credit back.
    const again = await suite.server.http.post(PATH, signed(failed(token, "permanent")));
    expect(again.body).toEqual({ received: true, applied: false });
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(3);
  });

  it("a temporary failure is a soft bounce; deliveries and complaints are applied", async () => {
    const { db, account, recipient, token } = await setUp();
    expect((await suite.server.http.post(PATH, signed(failed(token, "temporary")))).status).toBe(200);
    expect((await CampaignRecipient.query(db).findById(recipient.id).throwIfNotFound()).status).toBe("sent");
    expect(await MailError.query(db).where({ accountId: account.id })).toMatchObject([{ kind: "soft_bounce" }]);
    const headers = { "message-id": `<${token}@${BOUNCE_DOMAIN}>` };
    await suite.server.http.post(PATH, signed({ event: "delivered", message: { headers } }));
    await suite.server.http.post(PATH, signed({ event: "complained", message: { headers } }));
    await suite.server.http.post(PATH, signed({ event: "opened", message: { headers } }));
    const kinds = (await CampaignEvent.query(db).where({ recipientId: recipient.id })).map((event) => event.kind);
    expect(kinds.sort()).toEqual(["complaint", "delivered", "soft_bounce"]);
    expect(await MailError.query(db).where({ accountId: account.id })).toMatchObject([{ kind: "complaint" }]);
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(2);
  });

  it("refuses a wrong signature, changed signature fields, a stale timestamp and an unsigned call, changing nothing", async () => {
    const { db, token } = await setUp();
    const good = signed(failed(token, "permanent"));
    const refusals = [
      signed(failed(token, "permanent"), { key: "key-not-ours" }),
      { ...good, signature: { ...good.signature, token: `${good.signature.token}x` } },
      { ...good, signature: { ...good.signature, timestamp: String(Number(good.signature.timestamp) + 1) } },
      signed(failed(token, "permanent"), { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      { "event-data": failed(token, "permanent") },
    ];
    for (const body of refusals) {
      const answer = await expectNoChange(db, () => suite.server.http.post(PATH, body));
      expect(answer.status, JSON.stringify(body)).toBe(401);
      expect(answer.body).toEqual({ error: { code: "webhook_refused" } });
    }
    const notJson = await expectNoChange(db, () =>
      suite.server.http.post(PATH, "not json", { headers: { "Content-Type": "application/json" } }),
    );
    expect(notJson.status).toBe(401);
    expect((await suite.server.http.get(PATH)).status).toBe(405);
    // The good call still works afterwards (its token was not spent by the refused ones).
    expect((await suite.server.http.post(PATH, good)).body).toEqual({ received: true, applied: true });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Campaign } from "../../../api/src/models/Campaign.ts";
import { remainingCredits } from "../../../api/src/services/credits/ledger.ts";
import { fillCampaignLedger } from "../../../api/src/services/campaigns/send/ledger.ts";
import { startSend } from "../../../api/src/services/campaigns/send/request.ts";
import { unsentReason } from "../../../api/src/services/campaigns/send/unsent.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCampaign, sendableContent } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { creditsPack } from "../../helpers/credits.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { startSmtpSink, type TestMailbox } from "../../helpers/smtp.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * "Some recipients could not be synchronized" (spec §8; issue 15 item 5): after a send, who got no message and
 * why — refused for good by the mail server (its answer kept), "try later" until the sender gave up, or
 * unsubscribed / bounced since the recipients were written — their credits given back.
 */
describe("the reason of an unsent recipient, read from the ledger's last error", () => {
  it("tells suppressions, refusals and give-ups apart", () => {
    expect(unsentReason("suppressed: unsubscribed")).toEqual({ reason: "unsubscribed", detail: null });
    expect(unsentReason("suppressed: hard_bounce")).toEqual({ reason: "bounced", detail: null });
    expect(unsentReason("suppressed: bounce")).toEqual({ reason: "bounced", detail: null });
    expect(unsentReason("suppressed: complaint")).toEqual({ reason: "complained", detail: null });
    expect(unsentReason("suppressed: blocked")).toEqual({ reason: "blocked", detail: null });
    expect(unsentReason("550 5.1.1 No such user")).toEqual({ reason: "refused", detail: "550 5.1.1 No such user" });
    expect(unsentReason("451 4.3.0 Try later")).toEqual({ reason: "gave_up", detail: "451 4.3.0 Try later" });
    expect(unsentReason(null)).toEqual({ reason: "refused", detail: null });
  });
});

describe.each(databaseKinds())("unsent recipients of a campaign on %s", (kind) => {
  let sink: TestMailbox;
  beforeAll(async () => {
    sink = await startSmtpSink({
      refuse: (address) => (address.startsWith("nobody@") ? 550 : address.startsWith("later@") ? 451 : null),
    });
  });
  afterAll(async () => sink.close());
  const suite = useTestServer(kind, {
    env: {
      get SMTP_URL() {
        return sink.url;
      },
      CAMPAIGN_SWEEP_MS: "200",
      CAMPAIGN_MAX_ATTEMPTS: "2",
    } as unknown as Record<string, string>,
  });

  it("lists who got no message and why, for readers of the event, and nobody else's", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Harbour talks" });
    await creditsPack(db, account.id, "campaign", 10);
    const { http } = await listedUser(suite.server, event, { role: "reader" });
    await buildGuest(db, event, { firstName: "Ada", lastName: "Byron", email: "ada@example.org", status: "confirmed" });
    await buildGuest(db, event, {
      firstName: "No",
      lastName: "Body",
      email: "nobody@example.org",
      status: "confirmed",
    });
    await buildGuest(db, event, { firstName: "La", lastName: "Ter", email: "later@example.org", status: "confirmed" });
    const leaving = await buildGuest(db, event, {
      firstName: "Lee",
      lastName: "Ving",
      email: "leaving@example.org",
      status: "confirmed",
    });
    const draft = await buildCampaign(db, event, {
      type: "reminder",
      fromEmail: "events@example.org",
      content: { en: sendableContent() },
    });
    // Lee unsubscribes in the instant after the recipients were written, before the sender gets to them.
    await db.transaction(async (trx) => {
      await startSend(trx, draft, new Date());
      await fillCampaignLedger(trx, draft.id, new Date());
      await trx("guests").where({ id: leaving.id }).update({ unsubscribedAt: new Date().toISOString() });
    });

    const base = `${eventBase(event)}/campaigns/${draft.id}`;
    for (let tries = 0; (await Campaign.query(db).findById(draft.id))!.state !== "sent"; tries++) {
      if (tries > 300)
        throw new Error(
          `not sent within 30 s: ${JSON.stringify(await db("campaignRecipients").where({ campaignId: draft.id }).select("email", "status", "attempts", "lastError"))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const response = await http.get(`${base}/unsent`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.total).toBe(3);
    const byEmail = Object.fromEntries(
      (response.body.data as { email: string; detail: string | null }[]).map((recipient) => [
        recipient.email,
        recipient,
      ]),
    );
    expect(Object.keys(byEmail).sort()).toEqual(["later@example.org", "leaving@example.org", "nobody@example.org"]);
    expect(byEmail["nobody@example.org"]).toMatchObject({ reason: "refused", firstName: "No", attempts: 1 });
    expect(byEmail["nobody@example.org"]!.detail).toMatch(/^550/);
    expect(byEmail["later@example.org"]).toMatchObject({ reason: "gave_up", attempts: 2 });
    expect(byEmail["later@example.org"]!.detail).toMatch(/^451/);
    expect(byEmail["leaving@example.org"]).toMatchObject({ reason: "unsubscribed", detail: null });
    // Listed by name: Body, Ter, Ving.
    expect((response.body.data as { lastName: string }[]).map((recipient) => recipient.lastName)).toEqual([
      "Body",
      "Ter",
      "Ving",
    ]);
    // One message went out: one credit spent, the three others given back.
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(9);

    // Another account's user does not see the campaign at all.
    const other = await buildEvent(db, (await buildAccount(db)).id);
    const stranger = await listedUser(suite.server, other, { role: "overseer" });
    expect((await stranger.http.get(`${base}/unsent`)).status).toBe(404);
  });
});

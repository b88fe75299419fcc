import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import { Campaign } from "../../../api/src/models/Campaign.ts";
import { startDueCampaign } from "../../../api/src/services/campaigns/send/request.ts";
import { remainingCredits } from "../../../api/src/services/credits/ledger.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCampaign, sendableContent } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { creditsPack } from "../../helpers/credits.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { startSmtpSink, type TestMailbox } from "../../helpers/smtp.ts";
import { buildVerifiedSender } from "../../helpers/senders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Sending a campaign (issue 15 items 1, 4, 5): now or later, cancelling a scheduled one, one message per
 * recipient through real SMTP with its return path, Message-ID and one-click unsubscribe headers; a credit per
 * message the mail server accepted (refused ones given back, temporary refusals tried again), not enough credits
 * refused with the missing amount and nothing written.
 */
describe.each(databaseKinds())("sending campaigns on %s", (kind) => {
  let sink: TestMailbox;
  /** Refused for good, and refused once then accepted. */
  const refusedTries = new Map<string, number>();
  beforeAll(async () => {
    sink = await startSmtpSink({
      refuse: (address) => {
        if (address.startsWith("nobody@")) return 550;
        if (address.startsWith("busy@")) {
          const tries = (refusedTries.get(address) ?? 0) + 1;
          refusedTries.set(address, tries);
          return tries === 1 ? 451 : null;
        }
        return null;
      },
    });
  });
  afterAll(async () => sink.close());
  const suite = useTestServer(kind, {
    env: {
      get SMTP_URL() {
        return sink.url;
      },
      CAMPAIGN_SWEEP_MS: "200",
      CAMPAIGN_BATCH: "3",
    } as unknown as Record<string, string>,
  });

  async function setUp(credits: number) {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Partners' evening", languages: ["en", "fr"] });
    if (credits) await creditsPack(db, account.id, "campaign", credits);
    await buildVerifiedSender(db, account.id);
    const { http, user } = await listedUser(suite.server, event, { role: "editor" });
    const campaign = await buildCampaign(db, event, {
      type: "reminder",
      subject: "See you soon, {{firstName}}",
      fromEmail: "events@example.org",
      fromName: "Partners",
      content: { en: sendableContent(), fr: sendableContent("Bonjour {{firstName}},") },
    });
    const base = `${eventBase(event)}/campaigns/${campaign.id}`;
    return { db, http, user, event, account, campaign, base };
  }

  async function sentCampaign(http: Awaited<ReturnType<typeof setUp>>["http"], base: string) {
    let last: unknown;
    for (let tries = 0; tries < 200; tries++) {
      const response = await http.get(base);
      if (response.body.state === "sent") return response.body;
      last = { state: response.body.state, sendError: response.body.sendError, progress: response.body.progress };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the campaign was not sent within 20 s: ${JSON.stringify(last)}`);
  }

  it("sends one message per recipient now, each with its return path and unsubscribe headers, a credit each", async () => {
    const { db, http, event, account, base } = await setUp(10);
    await buildGuest(db, event, { firstName: "Ada", email: "ada@example.org", status: "confirmed" });
    await buildGuest(db, event, { firstName: "Léa", email: "lea@example.org", status: "confirmed", language: "fr" });
    // The same address twice gets one message; an unsubscribed guest and an unanswered one get none.
    await buildGuest(db, event, { firstName: "Ada again", email: "ADA@example.org", status: "confirmed" });
    await buildGuest(db, event, { email: "gone@example.org", status: "confirmed", unsubscribedAt: new Date() });
    await buildGuest(db, event, { email: "maybe@example.org", status: "unanswered" });
    sink.clear();

    const response = await http.post(`${base}/send`, {});
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ state: "sending", recipientsCount: 2, creditsRequired: 2 });
    const done = await sentCampaign(http, base);
    expect(done.progress).toEqual({ total: 2, queued: 0, sending: 0, sent: 2, failed: 0, bounced: 0 });
    expect(done.sentAt).not.toBeNull();

    const toAda = sink.messages.filter((mail) => mail.to && JSON.stringify(mail.to).includes("ada@example.org"));
    expect(toAda).toHaveLength(1);
    const mail = toAda[0]!;
    expect(mail.subject).toMatch(/^See you soon, Ada( again)?$/);
    expect(mail.from?.value[0]).toMatchObject({ name: "Partners", address: "events@example.org" });
    const recipient = await CampaignRecipient.query(db).findOne({ email: "ada@example.org" });
    expect(recipient).toMatchObject({ status: "sent", email: "ada@example.org" });
    expect(mail.messageId).toBe(`<${recipient!.token}@${suite.server.config.campaignSend.bounceDomain}>`);
    const header = (key: string) => mail.headerLines.find((line) => line.key === key)?.line.replace(/\r\n\s*/g, " ");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toContain(`/api/v1/mail/u/${recipient!.token}>`);
    // Links go through the click redirect, the unsubscribe link to its page; the French guest gets French.
    expect(mail.html).toContain(`/api/v1/mail/c/${recipient!.token}/`);
    expect(mail.html).toContain(`/unsubscribe/${recipient!.token}`);
    expect(sink.messages.find((m) => JSON.stringify(m.to).includes("lea@example.org"))?.text).toContain("Bonjour Léa");

    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(8);
    const debits = await db("creditMovements").where({ accountId: account.id, reason: "send" });
    expect(debits).toHaveLength(2);
    expect(new Set(debits.map((row: { recipientId: string }) => row.recipientId)).size).toBe(2);
    const guest = await db("guests").where({ id: recipient!.guestId }).first();
    expect(guest.mailStatus).toBe("sent");

    // Sent: it cannot be sent again.
    const again = await http.post(`${base}/send`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("campaign_already_sent");
  });

  it("gives back the credit of a message refused for good and tries a temporary refusal again", async () => {
    const { db, http, event, account, base } = await setUp(5);
    await buildGuest(db, event, { email: "nobody@example.org", status: "confirmed" });
    await buildGuest(db, event, { email: `busy@${kind}.example.org`, status: "confirmed" });
    await buildGuest(db, event, { email: "fine@example.org", status: "confirmed" });
    expect((await http.post(`${base}/send`, {})).status).toBe(200);
    const done = await sentCampaign(http, base);
    expect(done.progress).toMatchObject({ total: 3, sent: 2, failed: 1 });
    const refused = await CampaignRecipient.query(db).findOne({ email: "nobody@example.org" });
    expect(refused).toMatchObject({ status: "failed" });
    expect(refused!.lastError).toMatch(/^550/);
    const busy = await CampaignRecipient.query(db).findOne({ email: `busy@${kind}.example.org` });
    expect(busy).toMatchObject({ status: "sent", attempts: 2 });
    // Two messages went out: two credits, whatever was taken and given back on the way.
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(3);
  });

  it("refuses a send the credits do not cover, with the missing amount in the caller's language, writing nothing", async () => {
    const { db, http, event, campaign, base } = await setUp(1);
    await buildGuest(db, event, { email: "one@example.org", status: "confirmed" });
    await buildGuest(db, event, { email: "two@example.org", status: "confirmed" });
    await buildGuest(db, event, { email: "three@example.org", status: "confirmed" });
    const refused = await http.post(`${base}/send`, {}, { headers: { "accept-language": "fr" } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "not_enough_credits", details: { missing: 2 } });
    expect(refused.body.error.message).toBe("Crédits insuffisants : il manque 2 crédits.");
    expect(await CampaignRecipient.query(db).where({ campaignId: campaign.id }).resultSize()).toBe(0);
    expect((await Campaign.query(db).findById(campaign.id))!.state).toBe("pending");
  });

  it("refuses what is not ready: no sender, a content issue, sending later without a date", async () => {
    const { db, http, campaign, base } = await setUp(5);
    await Campaign.query(db).patch({ fromEmail: null }).where({ id: campaign.id });
    const noSender = await http.post(`${base}/send`, {});
    expect(noSender.status).toBe(422);
    expect(noSender.body.error.details).toEqual([expect.objectContaining({ field: "fromEmail", code: "required" })]);
    await Campaign.query(db)
      .patch({ fromEmail: "events@example.org", subject: "x".repeat(81) })
      .where({ id: campaign.id });
    const tooLong = await http.post(`${base}/send`, {});
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.details[0]).toMatchObject({ field: "subject", code: "campaign_subject_too_long" });
    await Campaign.query(db).patch({ subject: "Soon" }).where({ id: campaign.id });
    const noDate = await http.post(`${base}/send`, { later: true });
    expect(noDate.status).toBe(422);
    expect(noDate.body.error.code).toBe("date_not_set");
  });

  it("schedules, cancels, and sends a scheduled campaign when its date comes", async () => {
    const { db, http, event, base } = await setUp(5);
    await buildGuest(db, event, { email: "later@example.org", status: "confirmed" });
    const future = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await http.post(`${base}/send`, { sendAt: future });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ state: "scheduled", sendAt: future, creditsRequired: 1 });
    expect((await http.post(`${base}/send`, {})).body.error.code).toBe("campaign_already_sent");
    expect((await http.post(base, { name: "Changed" })).status).toBe(409);

    const cancelled = await http.post(`${base}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe("pending");
    const twice = await http.post(`${base}/cancel`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("campaign_not_scheduled");

    sink.clear();
    const soon = new Date(Date.now() + 600).toISOString();
    expect((await http.post(`${base}/send`, { sendAt: soon })).body.state).toBe("scheduled");
    const done = await sentCampaign(http, base);
    expect(done.progress).toMatchObject({ total: 1, sent: 1 });
    await sink.waitFor("later@example.org");
  });

  it("sends a scheduled campaign the credits no longer cover back to pending, saying why", async () => {
    const { db, http, event, campaign, base } = await setUp(1);
    await buildGuest(db, event, { email: "first@example.org", status: "confirmed" });
    const scheduled = await http.post(`${base}/send`, { sendAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(scheduled.body.state).toBe("scheduled");
    await buildGuest(db, event, { email: "second@example.org", status: "confirmed" });
    await Campaign.query(db)
      .patch({ sendAt: new Date(Date.now() - 1000) })
      .where({ id: campaign.id });

    expect(await startDueCampaign(db, campaign.id, new Date())).toBe(false);
    const after = await http.get(base);
    expect(after.body).toMatchObject({ state: "pending", sendError: "not_enough_credits" });
    expect(await CampaignRecipient.query(db).where({ campaignId: campaign.id }).resultSize()).toBe(0);
  });

  it("sends a test message to the caller, without credits or ledger", async () => {
    const { db, http, user, campaign, base } = await setUp(0);
    sink.clear();
    const response = await http.post(`${base}/test`, { language: "fr" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ sentTo: user.email });
    const mail = await sink.waitFor(user.email);
    expect(mail.subject).toBe(`[Test] See you soon, ${user.firstName}`);
    expect(mail.text).toContain(`Bonjour ${user.firstName}`);
    expect(await CampaignRecipient.query(db).where({ campaignId: campaign.id }).resultSize()).toBe(0);
  });
});

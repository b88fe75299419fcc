import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Campaign } from "../../../api/src/models/Campaign.ts";
import type { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCampaign, buildRecipient } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Campaign statistics beyond the first two days and the rarer fates (issue 15 item 8): opens and clicks by day
 * on the event's wall clock once they spread past 48 hours (days without any counted as 0); a message delivered
 * and no more, one refused by the mail server (error), a soft bounce and a complaint, each in the figures, the
 * recipients' statuses and the deliverability's days; the legacy invits/get paged, newest first.
 */
const SENT_AT = new Date("2026-11-20T09:00:00Z");
const at = (hours: number) => new Date(SENT_AT.getTime() + hours * 3_600_000).toISOString();

describe.each(databaseKinds())("campaign statistics over days, and rarer fates, on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, {
      slug: `winter-${kind}-${randomUUID().slice(0, 6)}`,
      timezone: "Europe/Paris",
    });
    const campaign = await buildCampaign(db, event, {
      name: "Reminder",
      type: "reminder",
      state: "sent",
      startedAt: SENT_AT,
      sentAt: SENT_AT,
      ledgerFilledAt: SENT_AT,
      createdAt: SENT_AT,
    });
    const recipient = async (first: string, status: CampaignRecipient["status"] = "sent") => {
      const guest = await buildGuest(db, event, { firstName: first, lastName: "Doe", email: `${first}@example.org` });
      const row = await buildRecipient(db, campaign, guest, status);
      await db("campaignRecipients")
        .where({ id: row.id })
        .update({ sentAt: status === "failed" ? null : at(0) });
      return row;
    };
    const track = (campaign: Campaign, row: CampaignRecipient, kind: string, hours: number, machine = false) =>
      db("campaignEvents").insert({
        id: randomUUID(),
        accountId: campaign.accountId,
        eventId: campaign.eventId,
        campaignId: campaign.id,
        recipientId: row.id,
        kind,
        machine,
        linkIndex: kind === "click" ? 0 : null,
        createdAt: at(hours),
      });
    const { http } = await listedUser(suite.server, event, { role: "reader" });
    return { db, event, campaign, recipient, track, http };
  }

  it("counts opens and clicks by day on the event's clock once they spread past two days", async () => {
    const { db, event, campaign, recipient, track, http } = await setUp();
    const ann = await recipient("ann");
    const ben = await recipient("ben");
    await db("campaignRecipients")
      .where({ id: ann.id })
      .update({ openedAt: at(1) });
    await db("campaignRecipients")
      .where({ id: ben.id })
      .update({ openedAt: at(72), clickedAt: at(74) });
    await track(campaign, ann, "open", 1);
    await track(campaign, ann, "open", 0.01, true);
    await track(campaign, ben, "open", 72);
    await track(campaign, ben, "click", 74);
    // Ann's second open at 23:30 in Paris (22:30 UTC) on the 22nd: that day on the event's clock.
    await track(campaign, ann, "open", 61.5);
    const answer = await http.get(`${eventBase(event)}/statistics/campaigns/${campaign.id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.timeline).toEqual({
      bucket: "day",
      points: [
        { start: "2026-11-19T23:00:00.000Z", opens: 1, clicks: 0, machineOpens: 1 },
        { start: "2026-11-20T23:00:00.000Z", opens: 0, clicks: 0, machineOpens: 0 },
        { start: "2026-11-21T23:00:00.000Z", opens: 1, clicks: 0, machineOpens: 0 },
        { start: "2026-11-22T23:00:00.000Z", opens: 1, clicks: 1, machineOpens: 0 },
      ],
    });
    // People once each: Ann opened twice, counted once.
    expect(answer.body.figures).toMatchObject({ openedByPeople: 2, clicked: 1, machineOpens: 1 });
  });

  it("tells a message delivered, refused, soft-bounced and complained about apart", async () => {
    const { db, event, campaign, recipient, track, http } = await setUp();
    const cat = await recipient("cat");
    const dev = await recipient("dev", "failed");
    const eli = await recipient("eli");
    const fox = await recipient("fox");
    await db("campaignRecipients")
      .where({ id: cat.id })
      .update({ deliveredAt: at(0.1) });
    await db("campaignRecipients").where({ id: dev.id }).update({ lastError: "550 5.7.1 Relaying denied" });
    await track(campaign, eli, "soft_bounce", 0.2);
    await track(campaign, eli, "soft_bounce", 5);
    await db("campaignRecipients")
      .where({ id: fox.id })
      .update({ deliveredAt: at(0.1) });
    await track(campaign, fox, "complaint", 30);

    const base = `${eventBase(event)}/statistics/campaigns/${campaign.id}`;
    const figures = (await http.get(base)).body.figures;
    expect(figures).toMatchObject({
      recipients: 4,
      sent: 3,
      delivered: 2,
      softBounced: 1,
      complaints: 1,
      failed: 1,
      blocked: 0,
      bounced: 0,
      queued: 0,
    });
    const statuses = async (status: string) =>
      (await http.get(`${base}/recipients?status=${status}`)).body.data.map((row: { email: string }) => row.email);
    expect(await statuses("delivered")).toEqual(["cat@example.org", "fox@example.org"]);
    expect(await statuses("error")).toEqual(["dev@example.org"]);
    expect(await statuses("sent")).toEqual(["eli@example.org"]);
    const refused = (await http.get(`${base}/recipients?status=error`)).body.data[0];
    expect(refused).toMatchObject({ sendStatus: "failed", sentAt: null, error: "550 5.7.1 Relaying denied" });

    // The complaint on the day it came (the 21st in Paris), the deliveries on the day they went.
    const days = (await http.get(`${eventBase(event)}/statistics/deliverability`)).body.days;
    expect(days).toEqual([
      { day: "2026-11-20", sent: 3, delivered: 2, opened: 0, clicked: 0, bounced: 0, complaints: 0, unsubscribed: 0 },
      { day: "2026-11-21", sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complaints: 1, unsubscribed: 0 },
    ]);
  });

  it("pages the legacy list of the event's campaigns, newest first, a draft among them", async () => {
    const { db, event, campaign, http } = await setUp();
    const draft = await buildCampaign(db, event, { name: "Draft", createdAt: new Date(SENT_AT.getTime() + 1000) });
    const first = await http.get(`/${event.slug}/admin/invits/get?perPage=1`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, perPage: 1, total: 2 });
    expect(first.body.data.map((row: { id: string }) => row.id)).toEqual([draft.id]);
    expect(first.body.data[0].figures.recipients).toBe(0);
    const second = await http.get(`/${event.slug}/admin/invits/get?perPage=1&page=2`);
    expect(second.body.data.map((row: { id: string }) => row.id)).toEqual([campaign.id]);
    expect((await http.get(`/${event.slug}/admin/invits/getRecipientsStatsJson/${draft.id}`)).body).toEqual({
      data: [],
      pagination: { page: 1, perPage: 50, total: 0 },
    });
    expect((await http.get(`/${event.slug}/admin/invits/getInvitStatisticsJson/${randomUUID()}`)).status).toBe(404);
  });
});

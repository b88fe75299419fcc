import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Campaign } from "../../../api/src/models/Campaign.ts";
import type { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCampaign, buildRecipient, debitSend } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { creditsPack } from "../../helpers/credits.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Campaign statistics (issue 15 item 8): exact figures for a crafted campaign — people's opens and clicks once
 * per recipient, machines' apart —, opens and clicks over time on the event's wall clock, links most followed
 * first, the recipients' mail statuses (filter, search, paging), the event's deliverability by day, the
 * account's mail history with the credits used, and the legacy invits/* routes.
 */
const SENT_AT = new Date("2026-11-20T09:00:00Z");
const at = (minutes: number) => new Date(SENT_AT.getTime() + minutes * 60_000);

describe.each(databaseKinds())("campaign statistics on %s", (kind) => {
  const suite = useTestServer(kind);

  async function trackedEvent(
    db: typeof suite.server.db,
    campaign: Campaign,
    recipient: CampaignRecipient,
    kind: string,
    minutes: number,
    options: { machine?: boolean; linkIndex?: number } = {},
  ) {
    await db("campaignEvents").insert({
      id: randomUUID(),
      accountId: campaign.accountId,
      eventId: campaign.eventId,
      campaignId: campaign.id,
      recipientId: recipient.id,
      kind,
      machine: options.machine ?? false,
      linkIndex: options.linkIndex ?? null,
      createdAt: at(minutes).toISOString(),
    });
  }

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event: Event = await buildEvent(db, account.id, {
      name: "Autumn forum",
      slug: `autumn-forum-${kind}-${randomUUID().slice(0, 6)}`,
      timezone: "Europe/Paris",
    });
    await creditsPack(db, account.id, "campaign", 20);
    const campaign = await buildCampaign(db, event, {
      name: "Save the date",
      type: "save_the_date",
      state: "sent",
      fromEmail: "events@example.org",
      startedAt: SENT_AT,
      sentAt: SENT_AT,
      ledgerFilledAt: SENT_AT,
    });
    const guest = (first: string, last: string) =>
      buildGuest(db, event, { firstName: first, lastName: last, email: `${first.toLowerCase()}@example.org` });
    const person = async (first: string, last: string) => {
      const recipient = await buildRecipient(db, campaign, await guest(first, last), "sent");
      await db("campaignRecipients").where({ id: recipient.id }).update({ sentAt: SENT_AT.toISOString() });
      await debitSend(db, recipient);
      return recipient;
    };
    // Ada opens twice and clicks the second link; Bea opens (a person) then a scanner follows both links;
    // Cyd's message is opened by Apple's privacy proxy only; Dan bounced (credit given back); Eve unsubscribed;
    // Fay was blocked before her message went; Gus is still queued.
    const ada = await person("Ada", "Archer");
    const bea = await person("Bea", "Baker");
    const cyd = await person("Cyd", "Cole");
    const dan = await person("Dan", "Dale");
    const eve = await person("Eve", "Ede");
    const fay = await buildRecipient(db, campaign, await guest("Fay", "Fox"), "failed");
    const gus = await buildRecipient(db, campaign, await guest("Gus", "Gray"), "queued");
    await db("campaignRecipients")
      .where({ id: ada.id })
      .update({ openedAt: at(30).toISOString(), clickedAt: at(31).toISOString(), deliveredAt: at(1).toISOString() });
    await db("campaignRecipients")
      .where({ id: bea.id })
      .update({ openedAt: at(90).toISOString() });
    await db("campaignRecipients")
      .where({ id: dan.id })
      .update({ status: "bounced", bouncedAt: at(2).toISOString() });
    await db("campaignRecipients")
      .where({ id: eve.id })
      .update({ openedAt: at(40).toISOString(), unsubscribedAt: at(41).toISOString() });
    await db("campaignRecipients").where({ id: fay.id }).update({ lastError: "suppressed: blocked", sentAt: null });
    await trackedEvent(db, campaign, ada, "open", 30);
    await trackedEvent(db, campaign, ada, "open", 32);
    await trackedEvent(db, campaign, ada, "click", 31, { linkIndex: 1 });
    await trackedEvent(db, campaign, bea, "open", 90);
    await trackedEvent(db, campaign, bea, "click", 90, { machine: true, linkIndex: 0 });
    await trackedEvent(db, campaign, bea, "click", 90, { machine: true, linkIndex: 1 });
    await trackedEvent(db, campaign, cyd, "open", 0, { machine: true });
    await trackedEvent(db, campaign, cyd, "open", 5, { machine: true });
    await trackedEvent(db, campaign, eve, "open", 40);
    await trackedEvent(db, campaign, dan, "bounce", 2);
    // Dan's credit given back, as a hard bounce does.
    await db.transaction(async (trx) => {
      const { creditBack } = await import("../../../api/src/services/credits/ledger.ts");
      await creditBack(trx, {
        accountId: account.id,
        kind: "campaign",
        amount: 1,
        reason: "refund",
        campaignId: campaign.id,
        recipientId: dan.id,
        now: at(3),
      });
    });
    const { http } = await listedUser(suite.server, event, { role: "reader" });
    return { db, account, event, campaign, http, recipients: { ada, bea, cyd, dan, eve, fay, gus } };
  }

  it("counts each message's fate, people apart from machines, over time and by link", async () => {
    const { http, event, campaign } = await setUp();
    const response = await http.get(`${eventBase(event)}/statistics/campaigns/${campaign.id}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.figures).toEqual({
      recipients: 7,
      sent: 5,
      delivered: 1,
      openedByPeople: 3,
      openedByMachinesOnly: 1,
      machineOpens: 2,
      clicked: 1,
      machineClicks: 2,
      unsubscribed: 1,
      bounced: 1,
      softBounced: 0,
      complaints: 0,
      blocked: 1,
      failed: 0,
      queued: 1,
    });
    // By hour on Paris' wall clock (10:00 and 11:00 there): people's opens and clicks, machines' opens apart.
    expect(response.body.timeline.bucket).toBe("hour");
    expect(response.body.timeline.points).toEqual([
      { start: "2026-11-20T09:00:00.000Z", opens: 3, clicks: 1, machineOpens: 2 },
      { start: "2026-11-20T10:00:00.000Z", opens: 1, clicks: 0, machineOpens: 0 },
    ]);
    expect(response.body.links.map((link: { index: number }) => link.index)).toEqual([1, 0]);
    expect(response.body.links[0]).toMatchObject({ index: 1, clicked: 1, machineClicks: 1 });
    expect(response.body.links[1]).toMatchObject({ index: 0, clicked: 0, machineClicks: 1 });
  });

  it("lists the recipients with their mail status, filtered, searched and paged", async () => {
    const { http, event, campaign } = await setUp();
    const base = `${eventBase(event)}/statistics/campaigns/${campaign.id}/recipients`;
    const all = await http.get(base);
    expect(all.status).toBe(200);
    expect(all.body.pagination.total).toBe(7);
    expect(all.body.data.map((row: { lastName: string; status: string }) => [row.lastName, row.status])).toEqual([
      ["Archer", "clicked"],
      ["Baker", "opened"],
      ["Cole", "sent"],
      ["Dale", "bounce"],
      ["Ede", "unsubscribed"],
      ["Fox", "blocked"],
      ["Gray", "queued"],
    ]);
    const opened = await http.get(`${base}?status=opened`);
    expect(opened.body.data.map((row: { email: string }) => row.email)).toEqual(["bea@example.org"]);
    const searched = await http.get(`${base}?search=CYD`);
    expect(searched.body.data.map((row: { email: string }) => row.email)).toEqual(["cyd@example.org"]);
    const second = await http.get(`${base}?perPage=3&page=2`);
    expect(second.body.data.map((row: { lastName: string }) => row.lastName)).toEqual(["Dale", "Ede", "Fox"]);
    expect((await http.get(`${base}?status=nonsense`)).status).toBe(422);
  });

  it("adds the event's campaigns up day by day, and the legacy invits routes answer the same", async () => {
    const { http, event, campaign, account } = await setUp();
    const deliverability = await http.get(`${eventBase(event)}/statistics/deliverability`);
    expect(deliverability.status).toBe(200);
    expect(deliverability.body.days).toEqual([
      { day: "2026-11-20", sent: 5, delivered: 1, opened: 3, clicked: 1, bounced: 1, complaints: 0, unsubscribed: 1 },
    ]);
    expect(deliverability.body.campaigns).toHaveLength(1);
    expect(deliverability.body.campaigns[0]).toMatchObject({ id: campaign.id, figures: { sent: 5, clicked: 1 } });

    const legacyList = await http.get(`/${event.slug}/admin/invits/get`);
    expect(legacyList.status, JSON.stringify(legacyList.body)).toBe(200);
    expect(legacyList.body.data[0]).toMatchObject({ id: campaign.id, figures: { openedByPeople: 3 } });
    const legacyOne = await http.get(`/${event.slug}/admin/invits/getInvitStatisticsJson/${campaign.id}`);
    expect(legacyOne.body.figures.machineOpens).toBe(2);
    const legacyRecipients = await http.get(
      `/${event.slug}/admin/invits/getRecipientsStatsJson/${campaign.id}?status=clicked`,
    );
    expect(legacyRecipients.body.data.map((row: { email: string }) => row.email)).toEqual(["ada@example.org"]);

    // The account's mail history: its campaign with the credits it used (five sent, the bounce given back).
    const { http: overseer } = await listedUser(suite.server, event, { role: "overseer" });
    const history = await overseer.get(`/api/v1/accounts/${account.id}/mailhistory`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({ id: campaign.id, eventName: "Autumn forum", creditsUsed: 4 });
  });

  it("sorts and pages the account's mail history across its events, and finds a campaign by its event's name", async () => {
    const { db, account, event, campaign } = await setUp();
    await db("campaigns").where({ id: campaign.id }).update({ recipientsCount: 7 });
    const winter = await buildEvent(db, account.id, { name: "Winter gala", timezone: "Europe/Paris" });
    const started = (days: number) => new Date(SENT_AT.getTime() + days * 86_400_000);
    await buildCampaign(db, winter, { name: "Reminder", state: "sent", startedAt: started(2), recipientsCount: 40 });
    await buildCampaign(db, winter, {
      name: "Invitation",
      state: "sending",
      startedAt: started(1),
      recipientsCount: 2,
    });
    // Never sent: not in the history.
    await buildCampaign(db, winter, { name: "Draft", state: "pending" });
    const { http } = await listedUser(suite.server, event, { role: "overseer" });
    const names = async (query: string) => {
      const answer = await http.get(`/api/v1/accounts/${account.id}/mailhistory${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return {
        names: answer.body.data.map((row: { name: string }) => row.name),
        total: answer.body.pagination.total as number,
      };
    };
    expect(await names("")).toEqual({ names: ["Reminder", "Invitation", "Save the date"], total: 3 });
    expect((await names("?sort=name")).names).toEqual(["Invitation", "Reminder", "Save the date"]);
    expect((await names("?sort=name&order=desc")).names).toEqual(["Save the date", "Reminder", "Invitation"]);
    expect((await names("?sort=eventName")).names).toEqual(["Save the date", "Reminder", "Invitation"]);
    expect((await names("?sort=recipients")).names).toEqual(["Reminder", "Save the date", "Invitation"]);
    expect((await names("?sort=recipients&order=asc&perPage=2&page=2")).names).toEqual(["Reminder"]);
    expect(await names("?search=winter")).toEqual({ names: ["Reminder", "Invitation"], total: 2 });
    const refused = await http.get(`/api/v1/accounts/${account.id}/mailhistory?sort=credits`);
    expect(refused.status).toBe(422);
  });

  it("shows nothing of another account's campaign", async () => {
    const { event, campaign } = await setUp();
    const other = await buildEvent(suite.server.db, (await buildAccount(suite.server.db)).id);
    const { http } = await listedUser(suite.server, other, { role: "overseer" });
    expect((await http.get(`${eventBase(event)}/statistics/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await http.get(`${eventBase(event)}/statistics/deliverability`)).status).toBe(404);
    expect((await http.get(`/${event.slug}/admin/invits/getInvitStatisticsJson/${campaign.id}`)).status).toBe(404);
    expect((await http.get(`/api/v1/accounts/${event.accountId}/mailhistory`)).status).toBe(404);
  });
});

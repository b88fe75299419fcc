import { beforeAll, describe, expect, it } from "vitest";
import { compileCampaign } from "../../../api/src/campaigns/render.ts";
import { Campaign } from "../../../api/src/models/Campaign.ts";
import { Event } from "../../../api/src/models/Event.ts";
import { DEMO_SENDER_EMAIL } from "../../../api/src/seed/campaigns.ts";
import { DEMO_EVENT_SLUG, seedDemo } from "../../../api/src/seed/demo.ts";
import { contentIssues } from "../../../api/src/services/campaigns/campaigns.ts";
import { remainingCredits } from "../../../api/src/services/credits/ledger.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** The demo's campaigns (issue 15): credits, a verified sender, a sent save the date with its figures, a draft invitation. */
describe.each(databaseKinds())("demo campaigns on %s", (kind) => {
  const suite = useTestServer(kind);
  const now = new Date("2026-11-21T10:00:00Z");
  let event: Event;
  let campaigns: Campaign[];

  beforeAll(async () => {
    await seedDemo(suite.server.db, "Demo-Password-2026", {
      passwordHashCost: suite.server.config.passwordHashCost,
      now,
    });
    event = (await Event.query(suite.server.db).findOne({ slug: DEMO_EVENT_SLUG }))!;
    campaigns = await Campaign.query(suite.server.db).where({ eventId: event.id }).orderBy("createdAt");
  });

  it("sent a save the date to the guests with an address, one credit each, some opened and clicked", async () => {
    const { db } = suite.server;
    const sent = campaigns.find((campaign) => campaign.type === "save_the_date")!;
    expect(sent.state).toBe("sent");
    const recipients = await db("campaignRecipients").where({ campaignId: sent.id });
    expect(recipients.length).toBeGreaterThan(10);
    expect(sent.recipientsCount).toBe(recipients.length);
    expect(await remainingCredits(db, event.accountId, "campaign", now)).toBe(1_000 - recipients.length);
    const opened = recipients.filter((recipient: { openedAt: unknown }) => recipient.openedAt).length;
    const clicked = recipients.filter((recipient: { clickedAt: unknown }) => recipient.clickedAt).length;
    expect(opened).toBeGreaterThan(clicked);
    expect(clicked).toBeGreaterThan(0);
    const machineOpens = await db("campaignEvents").where({ campaignId: sent.id, kind: "open" }).where("machine", true);
    expect(machineOpens.length).toBeGreaterThan(0);
    // the clicks are on the button to the guest area, not on the footer's unsubscribe link
    const clickedLinks = await db("campaignEvents").where({ campaignId: sent.id, kind: "click" }).distinct("linkIndex");
    const { links } = await compileCampaign(
      { subject: sent.subject, content: sent.content.en!, language: "en" },
      { rewriteLink: (url) => url },
    );
    expect(clickedLinks.map((row: { linkIndex: number }) => links[row.linkIndex])).toEqual(["{{portalLink}}"]);
  });

  it("has a draft invitation from its template, from the verified sender, ready to send", async () => {
    const draft = campaigns.find((campaign) => campaign.type === "invitation")!;
    expect(draft.state).toBe("pending");
    expect(draft.fromEmail).toBe(DEMO_SENDER_EMAIL);
    expect(contentIssues(draft)).toEqual([]);
    const sender = await suite.server
      .db("senderEmails")
      .where({ accountId: event.accountId, email: DEMO_SENDER_EMAIL })
      .first();
    expect(sender.verifiedAt).not.toBeNull();
  });
});

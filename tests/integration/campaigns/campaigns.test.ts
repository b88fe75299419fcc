import { describe, expect, it } from "vitest";
import { checkCampaignContent } from "@tessera/shared/campaigns/check";
import { defaultSubject, templateFor } from "../../../api/src/campaigns/templates/index.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Campaign } from "../../../api/src/models/Campaign.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCampaign, buildRecipient, sendableContent } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildVerifiedSender } from "../../helpers/senders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * An event's email campaigns (issue 15 items 1 and 2; spec §3 Campaign, §4 states, §5 targeting, §8 messages):
 * written as drafts, each change in the event's history; the account's maximum of campaigns per event; a
 * scheduled or sent campaign neither edited nor deleted; the summary counting who each type goes to, who is left
 * out and why, what it costs, and what keeps it from being sent, in the caller's language.
 */
describe.each(databaseKinds())("email campaigns on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp(options: { maxCampaignsPerEvent?: number | null } = {}) {
    const { db } = suite.server;
    const account = await buildAccount(db, { maxCampaignsPerEvent: options.maxCampaignsPerEvent ?? null });
    const event = await buildEvent(db, account.id, { name: "Soirée des partenaires", languages: ["fr", "en"] });
    await buildVerifiedSender(db, account.id);
    const { http } = await listedUser(suite.server, event, { role: "editor" });
    return { db, http, event, campaigns: `${eventBase(event)}/campaigns` };
  }

  it("writes drafts in the event's first language, lists them newest first, changes and deletes them, each in the history", async () => {
    const { db, http, event, campaigns } = await setUp();
    const created = await http.post(campaigns, { name: "Invitation de mars", type: "invitation" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      eventId: event.id,
      name: "Invitation de mars",
      type: "invitation",
      state: "pending",
      language: "fr",
      fromName: "Soirée des partenaires",
      fromEmail: null,
      audience: null,
      sendAt: null,
      recipientsCount: null,
    });
    // It starts from the invitation's French template: a subject, a registration button, a footer, nothing to mend.
    expect(created.body.subject).toBe(defaultSubject("invitation", "fr"));
    expect(Object.keys(created.body.content)).toEqual(["fr"]);
    expect(created.body.content.fr).toEqual(templateFor("invitation", "fr"));
    expect(checkCampaignContent({ subject: created.body.subject, content: created.body.content.fr })).toEqual([]);
    const second = await http.post(campaigns, {
      name: "Merci",
      type: "thank",
      language: "en",
      subject: "Thank you {{firstName}}",
      content: { en: sendableContent() },
      audience: { query: { status: "confirmed" } },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect((await http.get(campaigns)).body.data.map((c: { id: string }) => c.id)).toEqual([
      second.body.id,
      created.body.id,
    ]);

    const changed = await http.post(`${campaigns}/${created.body.id}`, {
      subject: "Vous êtes invité·e, {{firstName}}",
      fromEmail: "events@example.org",
      content: { fr: sendableContent("Bonjour {{firstName}},"), en: sendableContent() },
      sendAt: "2030-03-01T09:00:00.000Z",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      subject: "Vous êtes invité·e, {{firstName}}",
      fromEmail: "events@example.org",
      sendAt: "2030-03-01T09:00:00.000Z",
      state: "pending",
    });
    expect(Object.keys(changed.body.content).sort()).toEqual(["en", "fr"]);
    expect((await http.get(`${campaigns}/${created.body.id}`)).body).toEqual(changed.body);

    expect((await http.delete(`${campaigns}/${second.body.id}`)).status).toBe(200);
    expect((await http.get(`${campaigns}/${second.body.id}`)).status).toBe(404);
    const history = await AuditLog.query(db).where({ eventId: event.id }).orderBy("createdAt").orderBy("id");
    expect(history.map((entry) => entry.action)).toEqual([
      "campaign.created",
      "campaign.created",
      "campaign.updated",
      "campaign.deleted",
    ]);
    expect(history[2]!.after).toMatchObject({ fromEmail: "events@example.org", languages: ["en", "fr"] });
  });

  it("refuses a campaign past the account's maximum per event, in the caller's language", async () => {
    const { http, campaigns, event, db } = await setUp({ maxCampaignsPerEvent: 2 });
    for (const name of ["One", "Two"]) expect((await http.post(campaigns, { name, type: "custom" })).status).toBe(201);
    const refused = await http.post(campaigns, { name: "Three", type: "custom" }, { lang: "fr" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "max_campaigns_reached",
      message: "Vous avez atteint le nombre maximum de campagnes pour cet événement.",
    });
    expect(await Campaign.query(db).where({ eventId: event.id })).toHaveLength(2);
    // Another event of the account has its own count.
    const other = await buildEvent(db, event.accountId);
    const { http: there } = await listedUser(suite.server, other, { role: "editor" });
    expect((await there.post(`${eventBase(other)}/campaigns`, { name: "One", type: "custom" })).status).toBe(201);
  });

  it("keeps a scheduled or sent campaign as it is: no change, no deletion", async () => {
    const { http, campaigns, event, db } = await setUp();
    for (const state of ["scheduled", "sending", "sent"] as const) {
      const campaign = await buildCampaign(db, event, { state, name: `Already ${state}` });
      const edit = await http.post(`${campaigns}/${campaign.id}`, { name: "Renamed" }, { lang: "es" });
      expect(edit.status).toBe(409);
      expect(edit.body.error.code).toBe("campaign_already_sent");
      expect((await http.delete(`${campaigns}/${campaign.id}`)).status).toBe(409);
      expect((await Campaign.query(db).findById(campaign.id))!.name).toBe(`Already ${state}`);
    }
  });

  it("refuses what is not a campaign: an unknown type, a subject over 80, a bad sender, an unknown field", async () => {
    const { http, campaigns, event, db } = await setUp();
    const bodies = [
      { name: "X", type: "newsletter" },
      { name: "X", type: "custom", subject: "x".repeat(81) },
      { name: "X", type: "custom", fromEmail: "not an address" },
      { name: "", type: "custom" },
      { name: "X", type: "custom", content: { de: sendableContent() } },
      { name: "X", type: "custom", content: { en: { blocks: [{ id: "a", type: "script", html: "" }] } } },
      { name: "X", type: "custom", state: "sent" },
    ];
    for (const body of bodies) {
      const refused = await http.post(campaigns, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    expect(await Campaign.query(db).where({ eventId: event.id })).toHaveLength(0);
  });

  it("counts who each type goes to, who it leaves out and why, and what it costs", async () => {
    const { http, campaigns, event, db } = await setUp();
    const guest = (email: string | null, overrides: Parameters<typeof buildGuest>[2] = {}) =>
      buildGuest(db, event, { email, status: "unanswered", ...overrides });
    const ann = await guest("ann@example.org");
    const ben = await guest("ben@example.org");
    const cat = await guest("cat@example.org", { status: "confirmed" });
    await guest("dan@example.org", { status: "refused" });
    await guest(null);
    await guest("fay@example.org", { godfatherId: cat.id });
    await guest("gus@example.org", { unsubscribedAt: new Date(), mailStatus: "unsubscribed" });
    await guest("hal@example.org", { mailStatus: "bounce" });
    await guest("ivy@example.org", { mailStatus: "blocked" });
    const jon = await guest("jon@example.org");
    // Ben received an invitation; Jon's did not go out (refused by the mail server); Ann's is still queued.
    const invitation = await buildCampaign(db, event, { state: "sent", type: "invitation" });
    await buildRecipient(db, invitation, ben, "sent");
    await buildRecipient(db, invitation, jon, "failed");
    const later = await buildCampaign(db, event, { state: "sending", type: "invitation" });
    await buildRecipient(db, later, ann, "queued");
    // A guest of another event never counts; neither does a reminder sent to Ben (not an invitation).
    await buildGuest(db, await buildEvent(db, event.accountId), { email: "else@example.org", status: "unanswered" });
    await buildRecipient(db, await buildCampaign(db, event, { state: "sent", type: "reminder" }), ann, "sent");

    const summaryOf = async (body: Record<string, unknown>) => {
      const created = await http.post(campaigns, {
        name: "Summary",
        subject: "News",
        content: { en: sendableContent() },
        ...body,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const summary = await http.get(`${campaigns}/${created.body.id}/summary`);
      expect(summary.status).toBe(200);
      return summary.body;
    };
    const none = { no_email: 0, companion_unanswered: 0, unsubscribed: 0, bounced: 0, blocked: 0 };
    const unansweredExclusions = { no_email: 1, companion_unanswered: 1, unsubscribed: 1, bounced: 1, blocked: 1 };
    expect(await summaryOf({ type: "invitation" })).toMatchObject({
      matched: 7,
      recipients: 2,
      excluded: unansweredExclusions,
      creditsRequired: 2,
      issues: [],
    });
    expect(await summaryOf({ type: "reflate" })).toMatchObject({ matched: 1, recipients: 1, excluded: none });
    expect(await summaryOf({ type: "reminder" })).toMatchObject({ matched: 1, recipients: 1, creditsRequired: 1 });
    expect(await summaryOf({ type: "save_the_date" })).toMatchObject({
      matched: 9,
      recipients: 4,
      excluded: unansweredExclusions,
    });
    expect(await summaryOf({ type: "thank" })).toMatchObject({ matched: 1, recipients: 1 });
    expect(await summaryOf({ type: "custom" })).toMatchObject({ matched: 10, recipients: 5 });
    expect(await summaryOf({ type: "custom", audience: { query: { status: "refused,confirmed" } } })).toMatchObject({
      matched: 2,
      recipients: 2,
      excluded: none,
    });
    expect(await summaryOf({ type: "thank", audience: { query: { search: "ann" } } })).toMatchObject({
      matched: 1,
      recipients: 1,
    });
  });

  it("lists what keeps a campaign from being sent, per language, in the caller's language", async () => {
    const { http, campaigns, event, db } = await setUp();
    const withoutFooter = { blocks: sendableContent().blocks.filter((block) => block.type !== "footer") };
    const campaign = await buildCampaign(db, event, {
      subject: "",
      content: { en: sendableContent(), fr: withoutFooter },
    });
    const summary = await http.get(`${campaigns}/${campaign.id}/summary`, { lang: "fr" });
    expect(summary.status).toBe(200);
    expect(summary.body.issues).toEqual([
      expect.objectContaining({ field: "subject", code: "required" }),
      expect.objectContaining({ field: "content.fr.blocks", code: "campaign_footer_required" }),
    ]);
    for (const issue of summary.body.issues) expect(issue.message).not.toBe(issue.code);
    const empty = await buildCampaign(db, event, { content: {} });
    expect((await http.get(`${campaigns}/${empty.id}/summary`)).body.issues).toEqual([
      expect.objectContaining({ field: "content", code: "required" }),
    ]);
  });
});

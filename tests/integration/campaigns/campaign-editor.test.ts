import { describe, expect, it } from "vitest";
import { defaultSubject, templateFor } from "../../../api/src/campaigns/templates/index.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { CampaignEvent } from "../../../api/src/models/CampaignEvent.ts";
import { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCampaign, sendableContent } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * The campaign editor's preview and template change (issue 15 item 3): a language version rendered as the caller
 * would receive it (their name, the event's facts, untracked links), 422 for a language it is not written in; the
 * template of a type and language put in place of that language's content, the author's own subject kept, a
 * scheduled or sent campaign left alone, each change in the event's history.
 */
describe.each(databaseKinds())("campaign editor on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, {
      name: "Partner night",
      languages: ["en", "fr"],
      startsAt: new Date("2030-05-04T17:00:00.000Z"),
      timezone: "Europe/Paris",
      isAllDay: false,
    });
    const listed = await listedUser(suite.server, event, {
      role: "editor",
      firstName: "Ada",
      lastName: "Lovelace",
      email: `ada-${Math.random().toString(36).slice(2, 8)}@example.org`,
    });
    return { db, http: listed.http, email: listed.user.email, event, campaigns: `${eventBase(event)}/campaigns` };
  }

  it("previews a language version for the caller: their name, the event's facts, links untracked", async () => {
    const { db, http, email, event, campaigns } = await setUp();
    const campaign = await buildCampaign(db, event, {
      subject: "{{firstName}}, join us at {{eventName}}",
      previewText: "Doors open at seven",
      content: {
        en: sendableContent("Hello {{fullName}} <{{email}}>, see you on {{eventDate}}"),
        fr: sendableContent("Bonjour {{firstName}}"),
      },
    });

    const preview = await http.post(`${campaigns}/${campaign.id}/preview`, { language: "en" });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.subject).toBe("Ada, join us at Partner night");
    expect(preview.body.html).toContain(`Hello Ada Lovelace &lt;${email}&gt;, see you on May 4, 2030`);
    expect(preview.body.html).toContain("Doors open at seven");
    expect(preview.body.text).toContain(`Hello Ada Lovelace <${email}>`);
    // The button opens the event's portal as the guest's would (no form online), not a tracking redirect.
    expect(preview.body.html).toContain(`/${event.slug}/portal`);
    expect(preview.body.html).not.toMatch(/\/t\/[co]\//);
    expect(preview.body.html).toContain("/preview");

    const french = await http.post(`${campaigns}/${campaign.id}/preview`, { language: "fr" }, { lang: "fr" });
    expect(french.status).toBe(200);
    expect(french.body.html).toContain("Bonjour Ada");
    expect(french.body.html).toContain('lang="fr"');

    // Previewing records nothing: no recipient, no message event.
    expect(await CampaignRecipient.query(db).where({ campaignId: campaign.id }).resultSize()).toBe(0);
    expect(await CampaignEvent.query(db).where({ campaignId: campaign.id }).resultSize()).toBe(0);
  });

  it("previews a draft as it is, and refuses a language the campaign is not written in (422 at its content)", async () => {
    const { db, http, event, campaigns } = await setUp();
    const campaign = await buildCampaign(db, event, {
      subject: "",
      content: { en: { blocks: [{ id: "t", type: "text", html: "<p>Only a draft</p>" }] } },
    });
    const draft = await http.post(`${campaigns}/${campaign.id}/preview`, { language: "en" });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.html).toContain("Only a draft");

    const missing = await http.post(`${campaigns}/${campaign.id}/preview`, { language: "es" }, { lang: "fr" });
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe("incomplete_fields");
    expect(missing.body.error.details).toEqual([expect.objectContaining({ field: "content.es", code: "required" })]);

    const unknownLanguage = await http.post(`${campaigns}/${campaign.id}/preview`, { language: "de" });
    expect(unknownLanguage.status).toBe(422);
  });

  it("changes a language's template, keeps the author's subject, adds a language, and records it", async () => {
    const { db, http, event, campaigns } = await setUp();
    const created = await http.post(campaigns, { name: "Invite", type: "invitation", language: "en" });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    // Still the default subject: it follows the new template.
    const reminder = await http.post(`${campaigns}/${id}/template`, { type: "reminder", language: "en" });
    expect(reminder.status, JSON.stringify(reminder.body)).toBe(200);
    expect(reminder.body.content.en).toEqual(templateFor("reminder", "en"));
    expect(reminder.body.subject).toBe(defaultSubject("reminder", "en"));
    expect(reminder.body.type).toBe("invitation");

    // The author's own subject is kept; another language is added beside the first.
    expect((await http.post(`${campaigns}/${id}`, { subject: "Our own words" })).status).toBe(200);
    const spanish = await http.post(`${campaigns}/${id}/template`, { type: "thank", language: "es" });
    expect(spanish.status).toBe(200);
    expect(spanish.body.subject).toBe("Our own words");
    expect(Object.keys(spanish.body.content).sort()).toEqual(["en", "es"]);
    expect(spanish.body.content.es).toEqual(templateFor("thank", "es"));
    expect(spanish.body.content.en).toEqual(templateFor("reminder", "en"));

    const history = await AuditLog.query(db)
      .where({ eventId: event.id, subjectId: id })
      .orderBy("createdAt")
      .orderBy("id");
    expect(history.map((entry) => entry.action)).toEqual([
      "campaign.created",
      "campaign.updated",
      "campaign.updated",
      "campaign.updated",
    ]);
    expect(history[3]!.after).toMatchObject({
      languages: ["en", "es"],
      template: { type: "thank", language: "es" },
    });
  });

  it("leaves a scheduled, sending or sent campaign's content alone (409 campaign_already_sent)", async () => {
    const { db, http, event, campaigns } = await setUp();
    for (const state of ["scheduled", "sending", "sent"] as const) {
      const campaign = await buildCampaign(db, event, { state });
      const refused = await http.post(`${campaigns}/${campaign.id}/template`, { type: "thank", language: "en" });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe("campaign_already_sent");
      const after = await http.get(`${campaigns}/${campaign.id}`);
      expect(after.body.content).toEqual({ en: sendableContent() });
      // A sent campaign is still previewed (what went out).
      expect((await http.post(`${campaigns}/${campaign.id}/preview`, { language: "en" })).status).toBe(200);
    }
  });
});

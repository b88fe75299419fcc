import { describe, expect, it } from "vitest";
import { Campaign } from "../../../api/src/models/Campaign.ts";
import { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import { SenderEmail } from "../../../api/src/models/SenderEmail.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCampaign } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { creditsPack } from "../../helpers/credits.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildPendingSender, buildVerifiedSender } from "../../helpers/senders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * A campaign's From address is one of the account's verified senders (issue 15 item 1): created or changed with
 * another (pending, unknown, another account's) answers 422 at fromEmail in the caller's language; the send and
 * the test send refuse a campaign whose sender is not (or no longer) verified, and its summary says why.
 */
describe.each(databaseKinds())("a campaign's sender on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { languages: ["en"] });
    await buildVerifiedSender(db, account.id, "events@acme.example");
    await buildPendingSender(db, account.id, "pending@acme.example");
    await buildVerifiedSender(db, (await buildAccount(db)).id, "theirs@acme.example");
    const { http } = await listedUser(suite.server, event, { role: "editor" });
    return { db, http, event, account, campaigns: `${eventBase(event)}/campaigns` };
  }

  it("saves a campaign only with a verified sender of its account", async () => {
    const { db, http, event, campaigns } = await setUp();
    for (const fromEmail of ["pending@acme.example", "nobody@acme.example", "theirs@acme.example"]) {
      const refused = await http.post(campaigns, { name: "Invitation", type: "invitation", fromEmail });
      expect(refused.status, fromEmail).toBe(422);
      expect(refused.body.error.details).toEqual([
        { field: "fromEmail", code: "sender_not_verified", message: "This sender email is not verified." },
      ]);
    }
    const french = await http.post(
      campaigns,
      { name: "X", type: "custom", fromEmail: "pending@acme.example" },
      {
        lang: "fr",
      },
    );
    expect(french.body.error.details[0].message).toBe("Cet email d'expéditeur n'est pas vérifié.");
    const spanish = await http.post(
      campaigns,
      { name: "X", type: "custom", fromEmail: "pending@acme.example" },
      {
        lang: "es",
      },
    );
    expect(spanish.body.error.details[0].message).toBe("Este correo de remitente no está verificado.");
    expect(await Campaign.query(db).where({ eventId: event.id })).toHaveLength(0);

    // The verified one, whatever its case: stored as the sender's address.
    const created = await http.post(campaigns, {
      name: "Invitation",
      type: "invitation",
      fromEmail: "Events@ACME.example",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.fromEmail).toBe("events@acme.example");
    const changed = await http.post(`${campaigns}/${created.body.id}`, { fromEmail: "pending@acme.example" });
    expect(changed.status).toBe(422);
    expect(changed.body.error.details[0]).toMatchObject({ field: "fromEmail", code: "sender_not_verified" });
    expect((await Campaign.query(db).findById(created.body.id))!.fromEmail).toBe("events@acme.example");
    // No sender at all stays allowed on a draft.
    const cleared = await http.post(`${campaigns}/${created.body.id}`, { fromEmail: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.fromEmail).toBeNull();
  });

  it("refuses to send or test a campaign whose sender is no longer verified, and its summary says so", async () => {
    const { db, http, event, account, campaigns } = await setUp();
    await creditsPack(db, account.id, "campaign", 5);
    await buildGuest(db, event, { email: "ann@example.org", status: "unanswered" });
    const campaign = await buildCampaign(db, event, { fromEmail: "events@acme.example" });
    await SenderEmail.query(db).delete().where({ accountId: account.id, email: "events@acme.example" });

    const summary = await http.get(`${campaigns}/${campaign.id}/summary`, { lang: "fr" });
    expect(summary.body.issues).toEqual([
      { field: "fromEmail", code: "sender_not_verified", message: "Cet email d'expéditeur n'est pas vérifié." },
    ]);
    const send = await http.post(`${campaigns}/${campaign.id}/send`, {});
    expect(send.status).toBe(422);
    expect(send.body.error.details).toEqual([
      { field: "fromEmail", code: "sender_not_verified", message: "This sender email is not verified." },
    ]);
    const later = await http.post(`${campaigns}/${campaign.id}/send`, {
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(later.status).toBe(422);
    const test = await http.post(`${campaigns}/${campaign.id}/test`, { email: "me@example.org" });
    expect(test.status).toBe(422);
    expect(test.body.error.details[0]).toMatchObject({ field: "fromEmail", code: "sender_not_verified" });
    expect((await Campaign.query(db).findById(campaign.id))!.state).toBe("pending");
    expect(await CampaignRecipient.query(db).where({ campaignId: campaign.id })).toHaveLength(0);

    // Verified again: it goes.
    await buildVerifiedSender(db, account.id, "events@acme.example");
    expect((await http.get(`${campaigns}/${campaign.id}/summary`)).body.issues).toEqual([]);
    const sent = await http.post(`${campaigns}/${campaign.id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });
});

import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCampaign, buildRecipient } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildMailError } from "../../helpers/mailErrors.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Spec §4: an unsubscribed guest's email can be unlocked. A guest unsubscribes through a campaign message's
 * unsubscribe page; an editor unlocks their email; the event's next campaigns target them again, and the event's
 * history says who unlocked it. A hard bounce of the address is the account's mail error: unlocking leaves it.
 */
describe.each(databaseKinds())("unlocking a guest's email on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { languages: ["en"] });
    const { http, user } = await listedUser(suite.server, event, { role: "editor" });
    const base = eventBase(event);
    /** An invitation's summary: who it would go to now. */
    const invitationCounts = async () => {
      const draft = await buildCampaign(db, event, { type: "invitation" });
      return (await http.get(`${base}/campaigns/${draft.id}/summary`)).body;
    };
    return { db, http, user, event, account, base, invitationCounts };
  }

  it("targets an unsubscribed guest again once unlocked, in the event's history", async () => {
    const { db, http, user, event, base, invitationCounts } = await setUp();
    const zoe = await buildGuest(db, event, {
      email: "zoe@example.org",
      firstName: "Zoé",
      lastName: "Martin",
      status: "unanswered",
    });
    // Zoé unsubscribes from a save the date's page.
    const sent = await buildCampaign(db, event, { type: "save_the_date", state: "sent" });
    const recipient = await buildRecipient(db, sent, zoe, "sent");
    const unsubscribed = await suite.server.http.post(`/api/v1/public/unsubscribe/${recipient.token}`, {});
    expect(unsubscribed.status).toBe(200);
    expect((await http.get(`${base}/users/${zoe.id}`)).body).toMatchObject({
      isUnsubscribed: true,
      mailStatus: "unsubscribed",
    });
    expect(await invitationCounts()).toMatchObject({ recipients: 0, excluded: { unsubscribed: 1 } });

    const unlocked = await http.post(`${base}/users/${zoe.id}/unlock-email`, {});
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);
    expect(unlocked.body).toMatchObject({ id: zoe.id, isUnsubscribed: false, mailStatus: "none" });
    expect(await Guest.query(db).findById(zoe.id)).toMatchObject({ unsubscribedAt: null, mailStatus: "none" });
    expect(await invitationCounts()).toMatchObject({ recipients: 1, excluded: { unsubscribed: 0 } });

    const entries = await AuditLog.query(db).where({ eventId: event.id, action: "guest.email_unlocked" });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      subjectType: "guest",
      subjectId: zoe.id,
      actorUserId: user.id,
      before: { mailStatus: "unsubscribed" },
      after: { mailStatus: "none", unsubscribedAt: null },
      metadata: { subject: "Zoé Martin" },
    });
    // Asked again (or for a guest who never unsubscribed): unchanged, no second entry.
    expect((await http.post(`${base}/users/${zoe.id}/unlock-email`, {})).status).toBe(200);
    expect(await AuditLog.query(db).where({ eventId: event.id, action: "guest.email_unlocked" })).toHaveLength(1);
  });

  it("leaves a hard bounce of the address: still excluded as bounced", async () => {
    const { db, http, event, account, base, invitationCounts } = await setUp();
    const guest = await buildGuest(db, event, {
      email: "gone@example.net",
      status: "unanswered",
      unsubscribedAt: new Date(),
      mailStatus: "unsubscribed",
    });
    await buildMailError(db, account.id, { email: "gone@example.net", kind: "hard_bounce" });
    expect(await invitationCounts()).toMatchObject({ recipients: 0, excluded: { unsubscribed: 1 } });

    const unlocked = await http.post(`${base}/users/${guest.id}/unlock-email`, {});
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.isUnsubscribed).toBe(false);
    expect(await invitationCounts()).toMatchObject({ recipients: 0, excluded: { unsubscribed: 0, bounced: 1 } });

    // A guest whose own mail status says bounce keeps it.
    const bounced = await buildGuest(db, event, {
      email: "full@example.net",
      status: "unanswered",
      unsubscribedAt: new Date(),
      mailStatus: "bounce",
    });
    const kept = await http.post(`${base}/users/${bounced.id}/unlock-email`, {});
    expect(kept.body).toMatchObject({ isUnsubscribed: false, mailStatus: "bounce" });
  });

  it("answers 404 for a guest of another event", async () => {
    const { db, http, event, base } = await setUp();
    const elsewhere = await buildGuest(db, await buildEvent(db, event.accountId), {
      email: "else@example.org",
      unsubscribedAt: new Date(),
      mailStatus: "unsubscribed",
    });
    expect((await http.post(`${base}/users/${elsewhere.id}/unlock-email`, {})).status).toBe(404);
    expect((await Guest.query(db).findById(elsewhere.id))!.unsubscribedAt).not.toBeNull();
  });
});

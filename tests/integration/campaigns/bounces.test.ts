import { readFileSync } from "node:fs";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { verpReturnPath } from "../../../api/src/campaigns/links.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { CampaignEvent } from "../../../api/src/models/CampaignEvent.ts";
import { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { MailError } from "../../../api/src/models/MailError.ts";
import { remainingCredits } from "../../../api/src/services/credits/ledger.ts";
import { suppressedEmails } from "../../../api/src/services/mailErrors/suppression.ts";
import type { RunningDeps } from "../../../api/src/wiring.ts";
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
 * Bounces of campaign mail (issue 15 items 4, 6 and 10), end to end: a real DSN sent with nodemailer to the API's
 * inbound SMTP endpoint (started by the composition root on a free port) at the message's VERP return path. A hard
 * bounce marks the recipient bounced, keeps the address from the account's next campaigns and gives the send's
 * credit back, once however many times the report comes; a soft bounce suppresses nothing; an out-of-office reply
 * changes nothing; addresses that are not return paths are refused, and so are messages over the size limit.
 */

const BOUNCE_DOMAIN = "bounces.tessera.test";
const FIXTURES = new URL("../../../api/src/campaigns/feedback/fixtures/", import.meta.url);

/** A fixture report about `token`'s message to `email` (its token, address and Message-ID swapped in). */
function report(name: string, token: string, email: string, fixtureToken: string, fixtureEmail: RegExp): string {
  return readFileSync(new URL(`${name}.eml`, FIXTURES), "utf8")
    .replaceAll(fixtureToken, token)
    .replace(fixtureEmail, email);
}

describe.each(databaseKinds())("campaign bounces by SMTP on %s", (kind) => {
  const suite = useTestServer(kind, {
    env: { BOUNCE_SMTP_PORT: "0", BOUNCE_DOMAIN, BOUNCE_SMTP_MAX_BYTES: String(64 * 1024) },
  });

  function transport() {
    const bounces = (suite.server.deps as RunningDeps).bounceServer();
    if (!bounces) throw new Error("The bounce endpoint is not started");
    return nodemailer.createTransport({ host: "127.0.0.1", port: bounces.port, secure: false, ignoreTLS: true });
  }

  /** Sends `raw` as a mail server sends a report: from the null sender to the return path. */
  async function deliver(to: string, raw: string) {
    const mailer = transport();
    try {
      return await mailer.sendMail({ envelope: { from: "", to }, raw });
    } finally {
      mailer.close();
    }
  }

  async function setUp(email = "nobody@example.net") {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const guest = await buildGuest(db, event, { email, status: "unanswered", mailStatus: "sent" });
    const campaign = await buildCampaign(db, event, { state: "sent" });
    await creditsPack(db, account.id, "campaign", 5);
    const recipient = await buildRecipient(db, campaign, guest);
    await debitSend(db, recipient);
    // Another event of the account, where the same address (written otherwise) is a guest too.
    const other = await buildEvent(db, account.id);
    await buildGuest(db, other, { email: email.toUpperCase(), status: "unanswered" });
    const { http } = await listedUser(suite.server, other, { role: "editor" });
    const nextSummary = async () => {
      const next = await http.post(`${eventBase(other)}/campaigns`, { name: "Invitation", type: "invitation" });
      expect(next.status, JSON.stringify(next.body)).toBe(201);
      const summary = await http.get(`${eventBase(other)}/campaigns/${next.body.id}/summary`);
      expect(summary.status).toBe(200);
      return summary.body as { recipients: number; excluded: Record<string, number> };
    };
    return { db, account, guest, campaign, recipient, token: recipient.token!, nextSummary };
  }

  it("a hard bounce suppresses the address for the account's next campaigns and credits back exactly once", async () => {
    const { db, account, guest, recipient, token, nextSummary } = await setUp();
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(4);
    expect((await nextSummary()).excluded.bounced).toBe(0);

    const dsn = report(
      "postfix-user-unknown",
      token,
      "nobody@example.net",
      "AbCdEfGhIjKlMnOpQrStUvWx",
      /Nobody@example\.net/g,
    );
    const sent = await deliver(verpReturnPath(BOUNCE_DOMAIN, token), dsn);
    expect(sent.accepted).toEqual([verpReturnPath(BOUNCE_DOMAIN, token)]);

    const bounced = await CampaignRecipient.query(db).findById(recipient.id).throwIfNotFound();
    expect(bounced.status).toBe("bounced");
    expect(bounced.bouncedAt).toBeInstanceOf(Date);
    expect((await Guest.query(db).findById(guest.id).throwIfNotFound()).mailStatus).toBe("bounce");
    const errors = await MailError.query(db).where({ accountId: account.id });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      email: "nobody@example.net",
      kind: "hard_bounce",
      source: "dsn",
      occurrences: 1,
    });
    expect(errors[0]!.reason).toContain("5.1.1");
    const events = await CampaignEvent.query(db).where({ recipientId: recipient.id });
    expect(events.map((event) => [event.kind, event.detail?.slice(0, 5)])).toEqual([["bounce", "5.1.1"]]);
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(5);
    expect(await suppressedEmails(db, account.id, ["Nobody@Example.net", "else@example.net"])).toEqual(
      new Set(["nobody@example.net"]),
    );
    const summary = await nextSummary();
    expect(summary.excluded.bounced).toBe(1);
    expect(summary.recipients).toBe(0);

    // The same report again (a retried delivery): nothing changes, the credit is not given back twice.
    await deliver(verpReturnPath(BOUNCE_DOMAIN, token), dsn);
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(5);
    expect(await CampaignEvent.query(db).where({ recipientId: recipient.id })).toHaveLength(1);
    expect((await MailError.query(db).where({ accountId: account.id }))[0]!.occurrences).toBe(1);
    const refunds = await db("creditMovements").where({ recipientId: recipient.id, reason: "refund" });
    expect(refunds).toHaveLength(1);
  });

  it("the same hard bounce delivered on several connections at once gives the credit back once", async () => {
    const { db, account, recipient, token } = await setUp("twice@example.net");
    const dsn = report(
      "postfix-user-unknown",
      token,
      "twice@example.net",
      "AbCdEfGhIjKlMnOpQrStUvWx",
      /Nobody@example\.net/g,
    );
    await Promise.all([1, 2, 3].map(() => deliver(verpReturnPath(BOUNCE_DOMAIN, token), dsn)));
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(5);
    expect(await db("creditMovements").where({ recipientId: recipient.id, reason: "refund" })).toHaveLength(1);
    expect(await CampaignEvent.query(db).where({ recipientId: recipient.id })).toHaveLength(1);
    expect(await MailError.query(db).where({ accountId: account.id })).toMatchObject([{ occurrences: 1 }]);
  });

  it("a soft bounce (4.2.2 delayed) is recorded but suppresses nothing, and never lowers a hard bounce", async () => {
    const { db, account, recipient, token, nextSummary } = await setUp("full.box@gmail.com");
    const delayed = report(
      "gmail-delayed",
      token,
      "full.box@gmail.com",
      "QwErTyUiOpAsDfGhJkLzXcVb",
      /full\.box@gmail\.com/g,
    );
    await deliver(verpReturnPath(BOUNCE_DOMAIN, token), delayed);
    expect((await CampaignRecipient.query(db).findById(recipient.id).throwIfNotFound()).status).toBe("sent");
    expect((await CampaignEvent.query(db).where({ recipientId: recipient.id })).map((event) => event.kind)).toEqual([
      "soft_bounce",
    ]);
    expect(await MailError.query(db).where({ accountId: account.id })).toMatchObject([
      { email: "full.box@gmail.com", kind: "soft_bounce", source: "dsn" },
    ]);
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(4);
    expect((await nextSummary()).excluded.bounced).toBe(0);

    // Then it fails for good: hard; a later delay notice keeps it hard.
    const failed = report(
      "postfix-user-unknown",
      token,
      "full.box@gmail.com",
      "AbCdEfGhIjKlMnOpQrStUvWx",
      /Nobody@example\.net/g,
    );
    await deliver(verpReturnPath(BOUNCE_DOMAIN, token), failed);
    await deliver(verpReturnPath(BOUNCE_DOMAIN, token), delayed);
    expect(await MailError.query(db).where({ accountId: account.id })).toMatchObject([
      { kind: "hard_bounce", occurrences: 2 },
    ]);
    expect((await nextSummary()).excluded.bounced).toBe(1);
  });

  it("a delivery report marks the message delivered, and a complaint unsubscribes the guest and suppresses", async () => {
    const { db, account, guest, recipient, token, nextSummary } = await setUp("someone@example.net");
    await deliver(
      verpReturnPath(BOUNCE_DOMAIN, token),
      report("postfix-delivered", token, "someone@example.net", "AbCdEfGhIjKlMnOpQrStUvWx", /someone@example\.net/g),
    );
    expect((await CampaignRecipient.query(db).findById(recipient.id).throwIfNotFound()).deliveredAt).toBeInstanceOf(
      Date,
    );
    expect((await Guest.query(db).findById(guest.id).throwIfNotFound()).mailStatus).toBe("delivered");

    const complaint = report(
      "arf-complaint",
      token,
      "someone@example.net",
      "CoMpLaInTtOkEn123456",
      /Annoyed\.Person@hotmail\.com/g,
    );
    await deliver(verpReturnPath(BOUNCE_DOMAIN, token), complaint);
    await deliver(verpReturnPath(BOUNCE_DOMAIN, token), complaint);
    const complained = await Guest.query(db).findById(guest.id).throwIfNotFound();
    expect(complained.mailStatus).toBe("unsubscribed");
    expect(complained.unsubscribedAt).toBeInstanceOf(Date);
    // In the event's history, once.
    const history = await AuditLog.query(db).where({ subjectId: guest.id, action: "guest.unsubscribed" });
    expect(history).toHaveLength(1);
    expect(history[0]!.after).toMatchObject({ source: "complaint" });
    expect(
      (await CampaignEvent.query(db).where({ recipientId: recipient.id }).orderBy("kind")).map((e) => e.kind),
    ).toEqual(["complaint", "delivered"]);
    expect(await MailError.query(db).where({ accountId: account.id })).toMatchObject([
      { kind: "complaint", occurrences: 1 },
    ]);
    // A complaint counts as a bounced address for the account's other events (spec §5).
    expect((await nextSummary()).excluded.bounced).toBe(1);
  });

  it("drops an out-of-office reply, refuses addresses that are not return paths and messages over the limit", async () => {
    const { db, account, recipient, token } = await setUp();
    const outOfOffice = report("out-of-office", token, "busy.person@example.org", "AbCdEfGhIjKlMnOpQrStUvWx", /x^/);
    await deliver(verpReturnPath(BOUNCE_DOMAIN, token), outOfOffice);
    expect((await CampaignRecipient.query(db).findById(recipient.id).throwIfNotFound()).status).toBe("sent");
    expect(await CampaignEvent.query(db).where({ recipientId: recipient.id })).toEqual([]);
    expect(await MailError.query(db).where({ accountId: account.id })).toEqual([]);

    const dsn = report(
      "postfix-user-unknown",
      token,
      "nobody@example.net",
      "AbCdEfGhIjKlMnOpQrStUvWx",
      /Nobody@example\.net/g,
    );
    for (const to of [
      `postmaster@${BOUNCE_DOMAIN}`,
      verpReturnPath("bounces.elsewhere.test", token),
      `bounces+not-a-token@${BOUNCE_DOMAIN}`,
    ]) {
      const refused = await deliver(to, dsn).then(
        () => null,
        (error: { responseCode?: number }) => error,
      );
      expect(refused?.responseCode, to).toBe(550);
    }
    const tooBig = await deliver(
      verpReturnPath(BOUNCE_DOMAIN, token),
      `${dsn}\n${`${"x".repeat(76)}\n`.repeat(1100)}`,
    ).then(
      () => null,
      (error: { responseCode?: number }) => error,
    );
    expect(tooBig?.responseCode).toBe(552);
    expect((await CampaignRecipient.query(db).findById(recipient.id).throwIfNotFound()).status).toBe("sent");
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(4);
  });
});

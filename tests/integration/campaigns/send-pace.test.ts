import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listedUser } from "../../helpers/actors.ts";
import { buildCampaign, sendableContent } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { creditsPack } from "../../helpers/credits.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildVerifiedSender } from "../../helpers/senders.ts";
import { startSmtpSink, type TestMailbox } from "../../helpers/smtp.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * How a campaign goes out (issue 15 item 5): never faster than the configured rate (CAMPAIGN_RATE messages a
 * second), slower after a temporary refusal (the rate halved and a pause before the next message), and signed
 * with DKIM when a key is configured (its domain, selector, and the unsubscribe headers among those signed).
 */
const RATE = 5;
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });

describe.each(databaseKinds())("the pace and signature of a campaign send on %s", (kind) => {
  let sink: TestMailbox;
  /** When each RCPT TO reached the sink, and whether it was refused. */
  const rcpts: { address: string; at: number; code: number | null }[] = [];
  const busyTries = new Map<string, number>();
  beforeAll(async () => {
    sink = await startSmtpSink({
      refuse: (address) => {
        let code: number | null = null;
        if (address.startsWith("busy@")) {
          const tries = (busyTries.get(address) ?? 0) + 1;
          busyTries.set(address, tries);
          code = tries === 1 ? 451 : null;
        }
        rcpts.push({ address, at: Date.now(), code });
        return code;
      },
    });
  });
  afterAll(async () => sink.close());
  const suite = useTestServer(kind, {
    env: {
      get SMTP_URL() {
        return sink.url;
      },
      CAMPAIGN_RATE: String(RATE),
      CAMPAIGN_CONNECTIONS: "1",
      CAMPAIGN_SWEEP_MS: "200",
      DKIM_DOMAIN: "example.org",
      DKIM_SELECTOR: "tessera2026",
      DKIM_PRIVATE_KEY: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
    } as unknown as Record<string, string>,
  });

  async function sendTo(emails: string[]) {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    await creditsPack(db, account.id, "campaign", emails.length);
    await buildVerifiedSender(db, account.id, "events@example.org");
    const { http } = await listedUser(suite.server, event, { role: "editor" });
    for (const [index, email] of emails.entries())
      await buildGuest(db, event, { firstName: `Guest${index}`, email, status: "confirmed" });
    const campaign = await buildCampaign(db, event, {
      type: "reminder",
      fromEmail: "events@example.org",
      content: { en: sendableContent() },
    });
    const base = `${eventBase(event)}/campaigns/${campaign.id}`;
    expect((await http.post(`${base}/send`, {})).status).toBe(200);
    for (let tries = 0; (await http.get(base)).body.state !== "sent"; tries++) {
      if (tries > 300) throw new Error("the campaign was not sent within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("sends no faster than the configured rate, each message signed with DKIM", async () => {
    const emails = Array.from({ length: 3 * RATE }, (_, index) => `paced${index}@${kind}.example.org`);
    await sendTo(emails);
    const times = rcpts.filter((rcpt) => rcpt.address.startsWith("paced")).map((rcpt) => rcpt.at);
    expect(times).toHaveLength(emails.length);
    // 15 messages at 5 a second take three windows of a second: two seconds from the first to the last (less the
    // first connection's set-up, which delays the first message); unpaced, they go out in a few milliseconds.
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(1500);

    const mail = sink.messages.find((message) => JSON.stringify(message.to).includes("paced0@"))!;
    const signature = mail.headerLines.find((line) => line.key === "dkim-signature")?.line.replace(/\r\n\s*/g, " ");
    expect(signature).toBeDefined();
    expect(signature).toMatch(/\bd=example\.org;/);
    expect(signature).toMatch(/\bs=tessera2026;/);
    expect(signature).toMatch(/\ba=rsa-sha256;/);
    expect(signature).toMatch(/\bh=[^;]*list-unsubscribe/i);
  });

  it("pauses and slows down after a temporary refusal, then delivers it", async () => {
    await sendTo([`busy@${kind}.example.org`, `after1@${kind}.example.org`, `after2@${kind}.example.org`]);
    const refusal = rcpts.find((rcpt) => rcpt.address.startsWith("busy@") && rcpt.code === 451)!;
    const next = rcpts.filter((rcpt) => rcpt.at >= refusal.at && rcpt !== refusal);
    expect(next.length).toBeGreaterThanOrEqual(1);
    // Nothing reaches the server during the pause that follows a temporary refusal (one second at first).
    expect(next[0]!.at - refusal.at).toBeGreaterThanOrEqual(1000 - 50);
    expect(rcpts.filter((rcpt) => rcpt.address.startsWith("busy@") && rcpt.code === null)).toHaveLength(1);
  });
});

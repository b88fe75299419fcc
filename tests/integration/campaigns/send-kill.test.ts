import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../../api/src/config.ts";
import { Campaign } from "../../../api/src/models/Campaign.ts";
import { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import { remainingCredits } from "../../../api/src/services/credits/ledger.ts";
import { startSend } from "../../../api/src/services/campaigns/send/request.ts";
import { buildCampaign } from "../../helpers/campaigns.ts";
import { creditsPack } from "../../helpers/credits.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuests } from "../../helpers/guests.ts";
import { serverProcessEnv, type TestServer } from "../../helpers/server.ts";
import { buildVerifiedSender } from "../../helpers/senders.ts";
import { useTestServer } from "../../helpers/suite.ts";

const RECIPIENTS = 600;
const CONNECTIONS = 4;

/** Runs the campaign's send in a child process; SIGKILLs it once `killAt` messages reached the sink (if given). */
function runSender(
  server: TestServer,
  campaignId: string,
  options: { killAt?: number; env?: Record<string, string> } = {},
): Promise<{ signal: string | null; done: boolean }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT_DIR, "tests/helpers/campaignSendChild.ts"), campaignId],
    {
      cwd: ROOT_DIR,
      env: {
        ...serverProcessEnv(server),
        SMTP_URL: server.mailbox.url,
        PUBLIC_URL: server.baseUrl,
        CAMPAIGN_RATE: "300",
        CAMPAIGN_BATCH: "50",
        CAMPAIGN_CONNECTIONS: String(CONNECTIONS),
        ...options.env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let done = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (chunk.toString().includes("done")) done = true;
  });
  const watcher =
    options.killAt === undefined
      ? undefined
      : setInterval(() => {
          if (server.mailbox.messages.length >= options.killAt!) child.kill("SIGKILL");
        }, 5);
  return new Promise((resolve) =>
    child.on("exit", (_code, signal) => {
      if (watcher) clearInterval(watcher);
      resolve({ signal, done });
    }),
  );
}

describe.each(databaseKinds())("a campaign send killed mid-way on %s", (kind) => {
  // The senders under test are the child processes: the server's own sweep must not take the campaign up.
  const suite = useTestServer(kind, { env: { CAMPAIGN_SWEEP_MS: "3600000" } });

  /*
   * What SMTP itself cannot promise (RFC 1047): a message whose "250 OK" was on its way when the process died was
   * delivered, and the sender never learnt it, so the resumed send mails it again. That can only be a message of a
   * connection in use at the kill: at most CONNECTIONS recipients get two. Everyone else gets exactly one, nobody
   * none, and each is charged exactly one credit whatever happened.
   */
  it("resumes after the kill: nobody forgotten, one credit each, a second message only for what was in flight", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    await creditsPack(db, account.id, "campaign", RECIPIENTS + 50);
    await buildGuests(db, event, RECIPIENTS, (index) => ({
      firstName: `Guest${index}`,
      email: `guest${index}@example.org`,
      status: "confirmed",
    }));
    await buildVerifiedSender(db, account.id);
    const draft = await buildCampaign(db, event, { type: "reminder", fromEmail: "events@example.org" });
    const campaign = await db.transaction((trx) => startSend(trx, draft, new Date()));
    expect(campaign.recipientsCount).toBe(RECIPIENTS);
    suite.server.mailbox.clear();

    const killed = await runSender(suite.server, campaign.id, { killAt: RECIPIENTS / 2 });
    expect(killed).toEqual({ signal: "SIGKILL", done: false });
    const atKill = await CampaignRecipient.query(db).where({ campaignId: campaign.id, status: "sent" }).resultSize();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(RECIPIENTS);
    expect((await Campaign.query(db).findById(campaign.id))!.state).toBe("sending");

    // A new process takes the dead one's claims (its lease made short here) and the rest of the queue.
    const resumed = await runSender(suite.server, campaign.id, { env: { CAMPAIGN_CLAIM_LEASE_MS: "1" } });
    expect(resumed).toEqual({ signal: null, done: true });

    const received = new Map<string, number>();
    for (const mail of suite.server.mailbox.messages) {
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address! : "";
      received.set(to, (received.get(to) ?? 0) + 1);
    }
    expect(received.size).toBe(RECIPIENTS);
    const twice = [...received.values()].filter((count) => count !== 1);
    expect(twice.every((count) => count === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(CONNECTIONS);
    expect(await CampaignRecipient.query(db).where({ campaignId: campaign.id, status: "sent" }).resultSize()).toBe(
      RECIPIENTS,
    );
    expect((await Campaign.query(db).findById(campaign.id))!.state).toBe("sent");
    expect(await remainingCredits(db, account.id, "campaign", new Date())).toBe(50);
    const netByRecipient = (await db("creditMovements")
      .where({ campaignId: campaign.id })
      .groupBy("recipientId")
      .select("recipientId")
      .sum({ net: "delta" })) as { net: number | string }[];
    expect(netByRecipient).toHaveLength(RECIPIENTS);
    expect(netByRecipient.every((row) => Number(row.net) === -1)).toBe(true);
  });
});

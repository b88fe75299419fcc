// The campaigns bench's in-server part: a campaign sent by the API server's own sender (as in production: the
// send runs in the server process), while another account's user asks GET /auth/me every 20 ms from a process
// of its own. Reported: the messages per second, that client's p95 / worst latency against the same client's
// on the idle server (the floor), the server's event loop's longest block, and its peak memory over before.
import { buildCampaign, sendableContent } from "../helpers/campaigns.ts";
import { creditsPack } from "../helpers/credits.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { buildGuests } from "../helpers/guests.ts";
import { buildVerifiedSender } from "../helpers/senders.ts";
import type { TestServer } from "../helpers/server.ts";
import { idleLatency, mb, peakMemoryDuring, probe } from "./duringWork.ts";
import { loopBlocksDuring, type LoopBlocks } from "./loopBlocks.ts";
import type { Row } from "./stats.ts";

const ms = (value: number) => `${value.toFixed(1)} ms`;

interface SinkCounter {
  report(): Promise<{ messages: number }>;
  reset(): Promise<void>;
}

export async function benchSendInServer(server: TestServer, sink: SinkCounter, recipients: number): Promise<Row[]> {
  const { db } = server;
  const account = await buildAccount(db);
  const organizer = await buildUser(db, { accountId: account.id, role: "overseer" });
  const event = await buildEvent(db, account.id);
  await creditsPack(db, account.id, "campaign", recipients);
  await buildVerifiedSender(db, account.id);
  await buildGuests(db, event, recipients, (index) => ({
    firstName: `Reader${index}`,
    email: `reader${index}@example.org`,
    status: "confirmed",
  }));
  const campaign = await buildCampaign(db, event, {
    type: "reminder",
    subject: "See you soon, {{firstName}}",
    fromEmail: "events@example.org",
    content: { en: sendableContent() },
  });
  const other = await buildAccount(db);
  const stranger = await buildUser(db, { accountId: other.id, role: "overseer" });
  const strangerHeaders = { Authorization: `Bearer ${await sessionTokenFor(db, server.config, stranger)}` };
  const organizerHeaders = {
    Authorization: `Bearer ${await sessionTokenFor(db, server.config, organizer)}`,
    "Content-Type": "application/json",
  };
  const me = `${server.baseUrl}/api/v1/auth/me`;
  const floor = await idleLatency(me, strangerHeaders);
  const idleBlocks = await loopBlocksDuring(() => new Promise((resolve) => setTimeout(resolve, 3_000)));

  await sink.reset();
  const client = await probe(me, strangerHeaders);
  let seconds = 0;
  let blocks: LoopBlocks = { longest: 0, longestOnCpu: 0 };
  const memory = await peakMemoryDuring(async () => {
    blocks = await loopBlocksDuring(async () => {
      const started = performance.now();
      const url = `${server.baseUrl}/api/v1/events/${account.id}/${event.id}/campaigns/${campaign.id}/send`;
      const response = await fetch(url, { method: "POST", headers: organizerHeaders, body: "{}" });
      if (response.status !== 200) throw new Error(`send: ${response.status} ${await response.text()}`);
      while ((await sink.report()).messages < recipients) await new Promise((resolve) => setTimeout(resolve, 50));
      seconds = (performance.now() - started) / 1000;
    });
  });
  const during = await client.stop();
  return [
    {
      operation: `sent by the API server itself (${recipients.toLocaleString("en")} recipients, request to last message)`,
      figure: `${(recipients / seconds).toFixed(0)} /s`,
      floor: "",
      ratio: "",
    },
    {
      operation: "another account's GET /auth/me during that send: p95 / worst",
      figure: `${ms(during.p95)} / ${ms(during.worst)}${during.failed ? ` (${during.failed} failed)` : ""}`,
      floor: `${ms(floor.p95)} / ${ms(floor.worst)} idle`,
      ratio: "",
    },
    {
      operation: "server event loop's longest block (on CPU) during that send",
      figure: `${ms(blocks.longest)} (${ms(blocks.longestOnCpu)})`,
      floor: `${ms(idleBlocks.longest)} (${ms(idleBlocks.longestOnCpu)}) idle`,
      ratio: "",
    },
    {
      operation: "server memory during that send, peak over before",
      figure: `+${mb(memory.peak - memory.before)} (peak ${mb(memory.peak)})`,
      floor: "",
      ratio: "",
    },
  ];
}

// Campaigns (issue 15, item 9): one campaign to BENCH_CAMPAIGN_RECIPIENTS guests (100,000) with tracking on (every
// link through the click redirect, an open pixel), sent by a sender process into a local SMTP sink of its own
// process, killed at 50% and resumed by a new process. Reported: messages per second of each half, the floor (the
// same messages — compiled once, personalised, tracking links — sent with nodemailer alone through the same number
// of connections to the same sink, in the same run), the sender's memory at 10% and 90% of the resumed half (flat:
// the ledger is walked in batches, nothing grows with the recipients), and how many recipients got no message,
// one, or two (a message acknowledged as the process died, RFC 1047). Then a campaign sent by the API server itself
// while another account uses it (campaignInServer.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface, type Interface } from "node:readline";
import { fillCampaignLedger } from "../../api/src/services/campaigns/send/ledger.ts";
import { startSend } from "../../api/src/services/campaigns/send/request.ts";
import { ROOT_DIR } from "../../api/src/config.ts";
import { buildCampaign, sendableContent } from "../helpers/campaigns.ts";
import { creditsPack } from "../helpers/credits.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount } from "../helpers/factories.ts";
import { buildGuests } from "../helpers/guests.ts";
import { serverProcessEnv, startTestServer, type TestServer } from "../helpers/server.ts";
import { benchSendInServer } from "./campaignInServer.ts";
import { printTable } from "./stats.ts";
import { buildVerifiedSender } from "../helpers/senders.ts";

const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CAMPAIGN_CONNECTIONS ?? 8);
const IN_SERVER_RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_IN_SERVER ?? Math.min(RECIPIENTS, 20_000));

interface Sink {
  url: string;
  report(): Promise<{ messages: number; distinct: number; twice: number; bytes: number }>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

async function sinkProcess(): Promise<Sink> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/bench/smtpSinkProcess.ts"], {
    cwd: ROOT_DIR,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const next = async () => ((await once(lines, "line")) as [string])[0];
  const port = (await next()).split(" ")[1];
  const ask = async (command: string) => {
    child.stdin!.write(`${command}\n`);
    return JSON.parse(await next());
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    report: () => ask("report"),
    reset: async () => void (await ask("reset")),
    stop: async () => {
      child.stdin!.write("exit\n");
      await once(child, "exit");
    },
  };
}

interface SenderRun {
  child: ChildProcess;
  lines: Interface;
  memory: { rss: number; heap: number }[];
  exited: Promise<string | null>;
}

function senderProcess(
  server: TestServer,
  sink: Sink,
  campaignId: string,
  env: Record<string, string> = {},
): SenderRun {
  // BENCH_CAMPAIGN_PROFILE=dir: each sender process that exits writes a CPU profile there (a killed one cannot).
  const profile = process.env.BENCH_CAMPAIGN_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CAMPAIGN_PROFILE}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, "--import", "tsx", "tests/helpers/campaignSendChild.ts", campaignId],
    {
      cwd: ROOT_DIR,
      env: {
        ...serverProcessEnv(server),
        SMTP_URL: sink.url,
        PUBLIC_URL: server.baseUrl,
        CAMPAIGN_RATE: "100000",
        CAMPAIGN_CONNECTIONS: String(CONNECTIONS),
        BENCH_MEMORY_MS: "250",
        ...env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const memory: SenderRun["memory"] = [];
  lines.on("line", (line) => {
    const match = /^memory (\d+) (\d+)$/.exec(line);
    if (match) memory.push({ rss: Number(match[1]), heap: Number(match[2]) });
  });
  const exited = once(child, "exit").then(([, signal]) => signal as string | null);
  return { child, lines, memory, exited };
}

async function sentCount(server: TestServer, campaignId: string): Promise<number> {
  const row = (await server
    .db("campaignRecipients")
    .where({ campaignId, status: "sent" })
    .count({ count: "*" })
    .first()) as { count: number | string };
  return Number(row.count);
}

/** Polls until `done` holds; resolves with the time it took. */
async function until(done: () => Promise<boolean>, everyMs = 50): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, everyMs));
}

/** Messages per second of nodemailer alone sending the bench's messages into the sink (see rawSendProcess.ts). */
async function floorRun(sink: Sink, mode: "" | "composed"): Promise<number> {
  await sink.reset();
  const floor = spawn(
    process.execPath,
    ["--import", "tsx", "tests/bench/rawSendProcess.ts", sink.url, String(RECIPIENTS), String(CONNECTIONS), mode],
    { cwd: ROOT_DIR, stdio: ["ignore", "pipe", "inherit"] },
  );
  const [floorLine] = (await once(createInterface({ input: floor.stdout! }), "line")) as [string];
  await once(floor, "exit");
  return (RECIPIENTS / Number(floorLine.split(" ")[1])) * 1000;
}

/** A rate against its floor: how many times slower (or faster, beating a floor that does more work). */
function against(rate: number, floor: number): string {
  return rate <= floor ? `${(floor / rate).toFixed(1)}× slower` : `${(rate / floor).toFixed(1)}× faster`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function benchCampaigns(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const sink = await sinkProcess();
  // The kill and resume are measured in child processes: the server's own sweep must not take that campaign up.
  // The server sends into the same sink (the in-server part).
  const server = await startTestServer({
    kind,
    env: { CAMPAIGN_SWEEP_MS: "3600000", SMTP_URL: sink.url, CAMPAIGN_RATE: "100000" },
  });
  try {
    const { db } = server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    await creditsPack(db, account.id, "campaign", RECIPIENTS * 2);
    await buildGuests(db, event, RECIPIENTS, (index) => ({
      firstName: `Guest${index}`,
      email: `guest${index}@example.org`,
      status: "confirmed",
    }));
    await buildVerifiedSender(db, account.id);
    const draft = await buildCampaign(db, event, {
      type: "reminder",
      subject: "See you soon, {{firstName}}",
      fromEmail: "events@example.org",
      content: { en: sendableContent() },
    });
    const fillStart = performance.now();
    const campaign = await db.transaction((trx) => startSend(trx, draft, new Date()));
    const startMs = performance.now() - fillStart;
    await fillCampaignLedger(db, campaign.id, new Date());
    const fillMs = performance.now() - fillStart - startMs;

    // First half, then a kill.
    const first = senderProcess(server, sink, campaign.id);
    await until(async () => (await sink.report()).messages > 0);
    const firstStart = performance.now();
    await until(async () => (await sink.report()).messages >= RECIPIENTS / 2, 20);
    first.child.kill("SIGKILL");
    await first.exited;
    const firstMs = performance.now() - firstStart;
    const atKill = await sink.report();

    // A new process resumes (the dead one's claims taken at once: its lease made short here).
    const second = senderProcess(server, sink, campaign.id, { CAMPAIGN_CLAIM_LEASE_MS: "1" });
    await until(async () => (await sink.report()).messages > atKill.messages);
    const secondStart = performance.now();
    await second.exited;
    const secondMs = performance.now() - secondStart;
    const end = await sink.report();
    const secondSent = end.messages - atKill.messages;
    const ledgerSent = await sentCount(server, campaign.id);
    const samples = second.memory;
    const at = (fraction: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * fraction))]!;

    // The floors: nodemailer alone, same messages, same connections, same sink; composing each message itself
    // (the floor), and given each message's bytes as the sender writes them.
    const floorRate = await floorRun(sink, "");
    const writtenFloorRate = await floorRun(sink, "composed");

    const inServer = await benchSendInServer(server, sink, IN_SERVER_RECIPIENTS);

    const firstRate = (atKill.messages / firstMs) * 1000;
    const secondRate = (secondSent / secondMs) * 1000;
    printTable(
      `campaigns on ${kind}: one campaign to ${RECIPIENTS.toLocaleString("en")} recipients with tracking, ` +
        `${CONNECTIONS} SMTP connections, sink in its own process; killed at 50% and resumed by a new process; ` +
        `floor = the same messages sent by nodemailer alone, composing each (no database), same connections and sink`,
      [
        {
          operation: "send started (recipients counted, credits checked) / ledger written (a row each, in batches)",
          figure: `${(startMs / 1000).toFixed(2)} s / ${(fillMs / 1000).toFixed(1)} s`,
          floor: "",
          ratio: "",
        },
        {
          operation: "messages / s, first process (until the kill)",
          figure: `${firstRate.toFixed(0)} /s`,
          floor: `${floorRate.toFixed(0)} /s`,
          ratio: against(firstRate, floorRate),
        },
        {
          operation: "messages / s, resumed process (bar ≥ 500)",
          figure: `${secondRate.toFixed(0)} /s`,
          floor: `${floorRate.toFixed(0)} /s`,
          ratio: against(secondRate, floorRate),
        },
        {
          operation: "floor of the sender's way: nodemailer sending the bytes the sender writes (resumed vs it)",
          figure: `${writtenFloorRate.toFixed(0)} /s`,
          floor: "",
          ratio: against(secondRate, writtenFloorRate),
        },
        {
          operation: "sender RSS / heap at 10% → 90% of the resumed half",
          figure: `${mb(at(0.1).rss)} / ${mb(at(0.1).heap)} → ${mb(at(0.9).rss)} / ${mb(at(0.9).heap)}`,
          floor: "",
          ratio: "",
        },
        {
          operation: "recipients with a message / twice / none (sink), sent in the ledger",
          figure: `${end.distinct} / ${end.twice} / ${RECIPIENTS - end.distinct}, ${ledgerSent}`,
          floor: "",
          ratio: end.distinct === RECIPIENTS && end.twice === 0 ? "exact" : "see RFC 1047 note",
        },
        ...inServer,
      ],
    );
  } finally {
    await server.close();
    await sink.stop();
  }
}

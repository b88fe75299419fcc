// A campaign's send run in its own process, so a test can SIGKILL it midway (issue 15: a kill mid-send resumes
// exactly):   tsx tests/helpers/campaignSendChild.ts <campaignId>   with DATABASE_URL or SQLITE_FILE, SMTP_URL,
// TESSERA_VAR_DIR and the CAMPAIGN_* settings. Prints "done" once no recipient is left to it.
import { writeSync } from "node:fs";
import pino from "pino";
import { loadConfig } from "../../api/src/config.ts";
import { createCampaignTransport } from "../../api/src/mail/campaignTransport.ts";
import { createCampaignSender } from "../../api/src/services/campaigns/send/sender.ts";
import { createDeps } from "../../api/src/wiring.ts";

const campaignId = process.argv[2]!;
const logger = pino({ level: "silent" });
// The sender's dependencies from the composition root, as a server process has them.
const deps = createDeps(loadConfig({ ...process.env, NODE_ENV: "test" }), { logger });
const transport = createCampaignTransport(deps.config, logger);
const sender = createCampaignSender(deps, transport);
// The bench follows the sender's memory (BENCH_MEMORY_MS: how often it is printed).
const memoryEvery = Number(process.env.BENCH_MEMORY_MS ?? 0);
const memory = memoryEvery
  ? setInterval(() => {
      const usage = process.memoryUsage();
      writeSync(1, `memory ${usage.rss} ${usage.heapUsed}\n`);
    }, memoryEvery)
  : undefined;
await sender.run(campaignId);
await sender.stop();
if (memory) clearInterval(memory);
transport.close();
writeSync(1, "done\n");
await deps.db.destroy();
process.exit(0);

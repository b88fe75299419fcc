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
await sender.run(campaignId);
await sender.stop();
transport.close();
writeSync(1, "done\n");
await deps.db.destroy();
process.exit(0);

import type { AppDeps } from "../../scope.ts";
import { createCampaignTransport } from "../../../mail/campaignTransport.ts";
import { CAMPAIGN_SEND_JOB, startDueCampaign } from "./request.ts";
import { createCampaignSender, type CampaignSender } from "./sender.ts";

/**
 * The process's campaign sender, its job (a send asked now, or a scheduled one's date: it runs the send) and its
 * sweep (at start, then every CAMPAIGN_SWEEP_MS: due scheduled campaigns, sends a killed process left).
 */
export function registerCampaignJobs(deps: AppDeps): { start(): void; stop(): Promise<void>; sender: CampaignSender } {
  const transport = createCampaignTransport(deps.config, deps.logger.child({ module: "campaigns" }));
  const sender = createCampaignSender(deps, transport);
  deps.jobs.register<{ campaignId: string }>(CAMPAIGN_SEND_JOB, async ({ campaignId }) => {
    await startDueCampaign(deps.db, campaignId, deps.clock.now());
    await sender.run(campaignId);
  });
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    sender.sweep().catch((error: unknown) => deps.logger.error({ err: error }, "campaign sweep failed"));
  return {
    sender,
    start() {
      void sweep();
      timer = setInterval(() => void sweep(), deps.config.campaignSend.sweepMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await sender.stop();
      transport.close();
    },
  };
}

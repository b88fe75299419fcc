import pLimit from "p-limit";
import { RateLimiterMemory, RateLimiterQueue } from "rate-limiter-flexible";
import type { CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { listUnsubscribeHeaders, trackingRenderOptions, verpReturnPath } from "../../../campaigns/links.ts";
import { compileCampaign, type CompiledCampaign } from "../../../campaigns/render.ts";
import { recipientMergeValues, type CampaignEventFacts } from "../../../campaigns/values.ts";
import { AppError } from "../../../errors.ts";
import { campaignMailOptions } from "../../../mail/campaignMime.ts";
import { isTemporaryMailError, mailErrorText, type CampaignTransport } from "../../../mail/campaignTransport.ts";
import { Campaign } from "../../../models/Campaign.ts";
import type { AppDeps } from "../../scope.ts";
import { loadCampaignEventFacts } from "../eventFacts.ts";
import { createAcceptedWrites, type AcceptedWrites } from "./acceptedWrites.ts";
import { claimRecipients, fillCampaignLedger, finishIfDone, markNotSent, type ClaimedRecipient } from "./ledger.ts";
import { openSendJournal, settleJournals } from "./journal.ts";
import { startDueCampaign } from "./request.ts";
import { suppressedAmong } from "./suppressed.ts";

/*
 * The campaign sender of one process (issue 15 item 5). It walks a sending campaign's ledger in claimed batches
 * and hands each message to the mail server through a pool of connections, at most `ratePerSecond` messages a
 * second across all the campaigns it sends. A temporary refusal (4xx, a lost connection) puts the recipient back
 * in the queue (credit given back) and slows the sender down: the rate halves and it pauses, doubling the pause
 * on each new one, until messages go through again and the rate climbs back. A refusal for good (5xx) marks the
 * recipient failed, credit given back. A sweep starts scheduled campaigns whose date came and takes up sends a
 * dead process left (their claims expire after the lease), so a send survives restarts and kills.
 */

type SenderDeps = Pick<AppDeps, "db" | "config" | "logger" | "clock">;

export interface CampaignSender {
  /** Sends the campaign's queued recipients; resolves when none is left to this process (or it stops). */
  run(campaignId: string): Promise<void>;
  /** Starts due scheduled campaigns and takes up interrupted sends. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_PAUSE_MS = 60_000;

/** A batch claimed from the ledger with who among it must not be mailed, or why it could not be claimed. */
type Claim = { claimed: ClaimedRecipient[]; suppressed: Map<string, string> } | { error: unknown };

export function createCampaignSender(deps: SenderDeps, transport: CampaignTransport): CampaignSender {
  const settings = deps.config.campaignSend;
  const journal = openSendJournal(deps.config.varDir);
  const logger = deps.logger.child({ module: "campaigns" });
  const runs = new Map<string, Promise<void>>();
  let stopping = false;

  // The pace, shared by every campaign this process sends.
  let rate = settings.ratePerSecond;
  let pace = paceOf(rate);
  let pausedUntil = 0;
  let pauseMs = 1000;
  let successes = 0;

  function paceOf(perSecond: number): RateLimiterQueue {
    return new RateLimiterQueue(new RateLimiterMemory({ points: perSecond, duration: 1 }), { maxQueueSize: 1_000_000 });
  }

  async function waitTurn(): Promise<void> {
    const wait = pausedUntil - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await pace.removeTokens(1);
  }

  function slowDown(): void {
    rate = Math.max(1, Math.floor(rate / 2));
    pace = paceOf(rate);
    pausedUntil = Date.now() + pauseMs;
    logger.warn({ rate, pauseMs }, "temporary mail errors: sending slower");
    pauseMs = Math.min(MAX_PAUSE_MS, pauseMs * 2);
    successes = 0;
  }

  function wentThrough(): void {
    successes += 1;
    if (rate < settings.ratePerSecond && successes >= Math.max(50, rate * 5)) {
      rate = Math.min(settings.ratePerSecond, Math.ceil(rate * 1.5));
      pace = paceOf(rate);
      pauseMs = 1000;
      successes = 0;
    }
  }

  /** A claimed recipient this process will not send to (it is stopping): back in the queue, its credit back. */
  function release(campaign: Campaign, recipient: ClaimedRecipient): Promise<void> {
    return markNotSent(deps.db, campaign, recipient, { retry: true, error: "interrupted", now: deps.clock.now() });
  }

  async function sendOne(
    campaign: Campaign,
    event: CampaignEventFacts,
    compiledFor: (language: CampaignLanguage) => Promise<CompiledCampaign>,
    accepted: AcceptedWrites,
    recipient: ClaimedRecipient,
  ): Promise<void> {
    if (stopping) {
      await release(campaign, recipient);
      return;
    }
    await waitTurn();
    const { publicUrl } = deps.config;
    const { bounceDomain } = settings;
    const template = await compiledFor(recipient.language);
    const values = recipientMergeValues(publicUrl, event, {
      firstName: recipient.firstName,
      lastName: recipient.lastName,
      company: recipient.company,
      email: recipient.email,
      language: recipient.language,
      token: recipient.token,
    });
    const messageId = `<${recipient.token}@${bounceDomain}>`;
    try {
      await transport.sendMail(
        campaignMailOptions(
          {
            from: { name: campaign.fromName, address: campaign.fromEmail! },
            replyTo: campaign.replyEmail,
            to: recipient.email,
            messageId,
            date: deps.clock.now(),
            headers: { ...listUnsubscribeHeaders(publicUrl, recipient.token), Precedence: "bulk" },
          },
          template,
          values,
          { from: verpReturnPath(bounceDomain, recipient.token), to: recipient.email },
        ),
      );
    } catch (error) {
      const temporary = isTemporaryMailError(error);
      if (temporary) slowDown();
      await markNotSent(deps.db, campaign, recipient, {
        retry: temporary && recipient.attempts < settings.maxAttempts,
        error: mailErrorText(error),
        now: deps.clock.now(),
      });
      return;
    }
    accepted.add(recipient.id, journal.accepted(campaign.id, recipient.id, messageId));
    wentThrough();
  }

  async function sendCampaign(campaignId: string): Promise<void> {
    const campaign = await Campaign.query(deps.db).findById(campaignId);
    if (!campaign || campaign.state !== "sending") return;
    // What a killed sender of this machine handed over before its ledger commit is sent: never again.
    await settleJournals(deps.db, deps.config.varDir, deps.clock.now());
    if (!campaign.ledgerFilledAt) await fillCampaignLedger(deps.db, campaign.id, deps.clock.now());
    const event = await loadCampaignEventFacts(deps.db, campaign.eventId);
    const templates = new Map<CampaignLanguage, Promise<CompiledCampaign>>();
    const compiledFor = (language: CampaignLanguage) => {
      let template = templates.get(language);
      if (!template) {
        template = compileCampaign(
          {
            subject: campaign.subject,
            content: campaign.content[language]!,
            language,
            ...(campaign.previewText ? { previewText: campaign.previewText } : {}),
          },
          trackingRenderOptions(deps.config.publicUrl),
        );
        templates.set(language, template);
      }
      return template;
    };
    const connections = pLimit(settings.connections);
    const accepted = createAcceptedWrites(deps.db, settings.bounceDomain, () => deps.clock.now());
    // The next batch is claimed while this one goes out: the connections do not wait on the ledger between them.
    const claimNext = (inFlight: readonly ClaimedRecipient[] = []): Promise<Claim> =>
      claimRecipients(deps.db, campaign, {
        size: settings.batchSize,
        now: deps.clock.now(),
        leaseMs: settings.claimLeaseMs,
        inFlight: inFlight.map((recipient) => recipient.id),
      }).then(
        async (claimed) => ({ claimed, suppressed: await suppressedAmong(deps.db, campaign.accountId, claimed) }),
        (error: unknown) => ({ error }),
      );
    let next = claimNext();
    let claimedAfterSends = false;
    for (;;) {
      const claim = await next;
      if ("error" in claim) {
        await accepted.drain();
        if (claim.error instanceof AppError && claim.error.code === "not_enough_credits") {
          // Paused until credits are added: the sweep takes it up again.
          await Campaign.query(deps.db)
            .patch({ sendError: "not_enough_credits" })
            .where({ id: campaign.id, state: "sending" });
          logger.warn({ campaignId }, "campaign send paused: not enough credits");
          return;
        }
        throw claim.error;
      }
      const { claimed, suppressed } = claim;
      if (stopping) {
        await Promise.all(claimed.map((recipient) => release(campaign, recipient)));
        await accepted.drain();
        return;
      }
      if (!claimed.length) {
        await accepted.drain();
        // Claimed while the last batch was going out, it may have missed a recipient that batch put back.
        if (!claimedAfterSends) {
          claimedAfterSends = true;
          next = claimNext();
          continue;
        }
        await finishIfDone(deps.db, campaign.id, deps.clock.now());
        return;
      }
      claimedAfterSends = false;
      if (campaign.sendError) {
        await Campaign.query(deps.db).patch({ sendError: null }).where({ id: campaign.id });
        campaign.sendError = null;
      }
      next = claimNext(claimed);
      // Who unsubscribed, bounced or was blocked since the ledger was written gets nothing.
      await Promise.all(
        claimed.map((recipient) =>
          connections(() =>
            suppressed.has(recipient.id)
              ? markNotSent(deps.db, campaign, recipient, {
                  retry: false,
                  error: `suppressed: ${suppressed.get(recipient.id)}`,
                  now: deps.clock.now(),
                })
              : sendOne(campaign, event, compiledFor, accepted, recipient),
          ),
        ),
      );
      await accepted.drain();
    }
  }

  return {
    run(campaignId) {
      if (stopping) return Promise.resolve();
      let run = runs.get(campaignId);
      if (!run) {
        run = sendCampaign(campaignId)
          .catch((error: unknown) =>
            logger.error({ err: error, campaignId }, "campaign send failed; the sweep takes it up again"),
          )
          .finally(() => runs.delete(campaignId));
        runs.set(campaignId, run);
      }
      return run;
    },
    async sweep() {
      const now = deps.clock.now();
      const due = (await Campaign.query(deps.db)
        .where({ state: "scheduled" })
        .where("sendAt", "<=", now)
        .select("id")) as { id: string }[];
      for (const { id } of due) {
        await startDueCampaign(deps.db, id, now).catch((error: unknown) =>
          logger.error({ err: error, campaignId: id }, "scheduled campaign not started; the next sweep tries again"),
        );
      }
      const sending = (await Campaign.query(deps.db).where({ state: "sending" }).select("id")) as { id: string }[];
      for (const { id } of sending) void this.run(id);
    },
    async stop() {
      stopping = true;
      await Promise.all(runs.values());
      journal.close();
    },
  };
}

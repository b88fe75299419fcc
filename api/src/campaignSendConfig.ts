import { readFileSync } from "node:fs";

/** How campaigns are sent (issue 15 item 5): the pace, the retries, and DKIM signing. */
export interface CampaignSendConfig {
  /** Messages per second at most (CAMPAIGN_RATE); the sender slows down below it on temporary errors. */
  ratePerSecond: number;
  /** SMTP connections used at once (CAMPAIGN_CONNECTIONS). */
  connections: number;
  /** Recipients a sender takes at a time. */
  batchSize: number;
  /** A claim older than this is a dead sender's and is taken again (CAMPAIGN_CLAIM_LEASE_MS). */
  claimLeaseMs: number;
  /** How often due scheduled campaigns and interrupted sends are looked for (CAMPAIGN_SWEEP_MS). */
  sweepMs: number;
  /** Tries of one recipient on temporary (4xx) errors before it is marked failed. */
  maxAttempts: number;
  /** The domain of return paths (VERP) and Message-IDs: bounces come back to it (BOUNCE_DOMAIN). */
  bounceDomain: string;
  /** DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (PEM) or DKIM_PRIVATE_KEY_FILE: signed when all are set. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function campaignSendConfigFrom(env: NodeJS.ProcessEnv, publicUrl: string): CampaignSendConfig {
  const privateKey =
    env.DKIM_PRIVATE_KEY || (env.DKIM_PRIVATE_KEY_FILE ? readFileSync(env.DKIM_PRIVATE_KEY_FILE, "utf8") : "");
  const dkim =
    env.DKIM_DOMAIN && env.DKIM_SELECTOR && privateKey
      ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey }
      : null;
  return {
    ratePerSecond: positive(env, "CAMPAIGN_RATE", 200),
    connections: positive(env, "CAMPAIGN_CONNECTIONS", 8),
    batchSize: positive(env, "CAMPAIGN_BATCH", 200),
    claimLeaseMs: positive(env, "CAMPAIGN_CLAIM_LEASE_MS", 120_000),
    sweepMs: positive(env, "CAMPAIGN_SWEEP_MS", 5_000),
    maxAttempts: positive(env, "CAMPAIGN_MAX_ATTEMPTS", 5),
    bounceDomain: env.BOUNCE_DOMAIN || `bounces.${new URL(publicUrl).hostname}`,
    dkim,
  };
}

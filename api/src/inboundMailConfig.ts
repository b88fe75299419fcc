/** What comes back about campaign mail (issue 15 items 6, 10): bounces by SMTP, a provider's webhooks. */
export interface InboundMailConfig {
  /** The domain of return paths (VERP) and Message-IDs (BOUNCE_DOMAIN; default "bounces." + PUBLIC_URL's host). */
  bounceDomain: string;
  /** The port of the SMTP endpoint that receives bounces (BOUNCE_SMTP_PORT; null: no endpoint, 0: any free port). */
  smtpPort: number | null;
  /** The address it listens on (BOUNCE_SMTP_HOST, default every interface: bounces come from the internet). */
  smtpHost: string;
  /** The largest message it takes (BOUNCE_SMTP_MAX_BYTES, default 1 MB); a larger one is refused with 552. */
  maxBytes: number;
  /** MAILGUN_WEBHOOK_SIGNING_KEY: signs Mailgun's event webhooks; null: the webhook refuses every call. */
  mailgunSigningKey: string | null;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number | null, min: number): number | null {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > 65_535 * 1024 * 1024)
    throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

export function inboundMailConfigFrom(env: NodeJS.ProcessEnv, publicUrl: string): InboundMailConfig {
  const port = whole(env, "BOUNCE_SMTP_PORT", null, 0);
  if (port !== null && port > 65_535) throw new Error(`BOUNCE_SMTP_PORT must be a port, got "${port}"`);
  return {
    bounceDomain: (env.BOUNCE_DOMAIN || `bounces.${new URL(publicUrl).hostname}`).toLowerCase(),
    smtpPort: port,
    smtpHost: env.BOUNCE_SMTP_HOST || "0.0.0.0",
    maxBytes: whole(env, "BOUNCE_SMTP_MAX_BYTES", 1024 * 1024, 1024)!,
    mailgunSigningKey: env.MAILGUN_WEBHOOK_SIGNING_KEY || null,
  };
}

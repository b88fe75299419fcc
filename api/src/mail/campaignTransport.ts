import nodemailer, { type SendMailOptions } from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import { noDelaySocket } from "./noDelaySocket.ts";
import { createOutboxTransport } from "./transport.ts";

/** What a campaign sender hands messages to: the mail server's answer, or an error carrying its SMTP code. */
export interface CampaignTransport {
  sendMail(message: SendMailOptions): Promise<{ messageId?: string; response?: string }>;
  close(): void;
}

/**
 * Campaign mail through a pool of SMTP connections (SMTP_URL), DKIM-signed when a key is configured; without
 * SMTP_URL, the outbox folder (local use). Separate from the transactional mailer's transport so that a large
 * send never holds up a password reset.
 */
export function createCampaignTransport(
  config: Pick<Config, "smtp" | "outboxDir" | "campaignSend">,
  logger: Logger,
): CampaignTransport {
  if (!config.smtp) {
    const outbox = createOutboxTransport(config.outboxDir, logger);
    return { sendMail: (message) => outbox.sendMail(message), close: () => undefined };
  }
  const { connections, dkim } = config.campaignSend;
  const transporter = nodemailer.createTransport({
    url: config.smtp.url,
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    getSocket: noDelaySocket(10_000),
    ...(dkim
      ? {
          dkim: { ...dkim, headerFieldNames: "from:to:subject:date:message-id:list-unsubscribe:list-unsubscribe-post" },
        }
      : {}),
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    sendMail: (message) => transporter.sendMail(message) as Promise<{ messageId?: string; response?: string }>,
    close: () => transporter.close(),
  };
}

/** Whether a send error is temporary (4xx, a connection lost, a timeout): the message is tried again later. */
export function isTemporaryMailError(error: unknown): boolean {
  const failure = error as { responseCode?: number; code?: string };
  if (typeof failure.responseCode === "number") return failure.responseCode >= 400 && failure.responseCode < 500;
  return (
    ["ECONNECTION", "ETIMEDOUT", "ESOCKET", "ECONNRESET", "ECONNREFUSED", "EDNS"].includes(failure.code ?? "") ||
    failure.code === undefined
  );
}

/** A send error as the ledger keeps it: the server's code and words, shortened. */
export function mailErrorText(error: unknown): string {
  const failure = error as { responseCode?: number; response?: string; message?: string };
  const text = failure.response ?? failure.message ?? String(error);
  return (failure.responseCode ? `${failure.responseCode} ${text}` : text).replace(/\s+/g, " ").slice(0, 500);
}

import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import { linksInText } from "./links.ts";

/** Where rendered messages go. A nodemailer transporter fits as it is. */
export interface MailTransport {
  /** Resolves once the message is handed over; rejects otherwise (the mail job then retries). */
  sendMail(message: SendMailOptions): Promise<{ messageId?: string }>;
}

/** SMTP when SMTP_URL is set; otherwise the outbox folder, for local use without a mail server. */
export function createMailTransport(config: Pick<Config, "smtp" | "outboxDir">, logger: Logger): MailTransport {
  if (config.smtp) return createSmtpTransport(config.smtp.url);
  return createOutboxTransport(config.outboxDir, logger);
}

/** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://… (TLS from the start). */
export function createSmtpTransport(url: string): MailTransport {
  // nodemailer waits two minutes by default; a job should fail sooner and be retried.
  return nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}

/**
 * Writes each message as an .eml file under `outboxDir` and logs its recipient, subject and links,
 * so that someone running Tessera locally can follow a password-reset link from the log.
 */
export function createOutboxTransport(outboxDir: string, logger: Logger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async sendMail(message) {
      const info = await composer.sendMail(message);
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message);
      logger.info(
        {
          to: info.envelope.to,
          subject: message.subject,
          links: typeof message.text === "string" ? linksInText(message.text) : [],
          file,
        },
        "mail written to the outbox (no SMTP_URL set)",
      );
      return { messageId: info.messageId };
    },
  };
}

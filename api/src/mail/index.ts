import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { JobOptions, JobQueue } from "../jobs/queue.ts";
import type { Mailer, MailRequest } from "./mailer.ts";
import { renderMail } from "./templates.ts";
import { createMailTransport, type MailTransport } from "./transport.ts";

export type { Mailer, MailRequest, MailTemplate, MailTemplateData } from "./mailer.ts";
export type { MailTransport } from "./transport.ts";
export { createMailTransport, createOutboxTransport, createSmtpTransport } from "./transport.ts";
export { renderMail, type RenderedMail } from "./templates.ts";

export const MAIL_SEND_JOB = "mail.send";

/**
 * Ten retries from 15 s, doubling: about four hours (pg-boss adds up to as much again at random),
 * enough to ride out a mail-server outage.
 */
export const MAIL_JOB_OPTIONS: JobOptions = { retryLimit: 10, retryDelaySeconds: 15 };

export interface MailerDeps {
  config: Config;
  jobs: JobQueue;
  logger: Logger;
}

/** A Mailer that only queues: rendering and sending happen in the `mail.send` job. */
export function createMailer(deps: MailerDeps): Mailer {
  const logger = deps.logger.child({ module: "mail" });
  return {
    async send(request: MailRequest): Promise<void> {
      const jobId = await deps.jobs.send(MAIL_SEND_JOB, request, MAIL_JOB_OPTIONS);
      logger.debug({ jobId, template: request.template, language: request.language }, "mail queued");
    },
  };
}

export interface MailJobDeps {
  config: Pick<Config, "smtp" | "outboxDir" | "mailFrom">;
  logger: Logger;
  /** Defaults to createMailTransport(config): SMTP, or the outbox folder without SMTP_URL. */
  transport?: MailTransport;
}

/** Registers the `mail.send` handler; call before jobs.start(). */
export function registerMailJobs(jobs: JobQueue, deps: MailJobDeps): void {
  const logger = deps.logger.child({ module: "mail" });
  const transport = deps.transport ?? createMailTransport(deps.config, logger);
  jobs.register<MailRequest>(MAIL_SEND_JOB, async (request) => {
    const mail = await renderMail(request);
    // Throws when the server is down or refuses the message: the queue retries the job.
    const info = await transport.sendMail({
      from: deps.config.mailFrom,
      to: request.to,
      ...(request.replyTo ? { replyTo: request.replyTo } : {}),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(mail.attachments.length ? { attachments: mail.attachments } : {}),
    });
    logger.info({ template: request.template, language: request.language, messageId: info.messageId }, "mail sent");
  });
}

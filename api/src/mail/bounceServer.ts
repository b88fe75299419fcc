import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { tokenFromVerp } from "../campaigns/links.ts";
import { dsnOutcome, parseMailReport, type DsnRecipient, type MailReport } from "../campaigns/feedback/parseReport.ts";
import type { Db } from "../db/knex.ts";
import { applyMailFeedback, type FeedbackOutcome, type MailFeedback } from "../services/mailErrors/feedback.ts";
import type { Clock } from "../services/scope.ts";

/*
 * The SMTP endpoint bounces come back to (issue 15 items 6, 10): the return path of each campaign message is
 * bounces+{token}@{bounce domain} (VERP), so the MX of that domain points here. It takes mail only for such
 * addresses (any other: 550), no larger than the limit (552), without authentication (the internet's mail servers
 * send bounces); it reads each message (a DSN, a complaint, anything else dropped) and applies it to the recipient
 * the address names. A failure to record is answered 451, so the sender tries again later.
 */

export interface BounceServer {
  /** The port it listens on (the one asked for, or the one the system gave for 0). */
  port: number;
  close(): Promise<void>;
}

export interface BounceServerOptions {
  port: number;
  host: string;
  bounceDomain: string;
  maxBytes: number;
}

export interface BounceServerDeps {
  db: Db;
  logger: Logger;
  clock: Clock;
}

class SmtpAnswer extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

const SEVERITY: Record<FeedbackOutcome, number> = { hard_bounce: 3, complaint: 3, soft_bounce: 2, delivered: 1 };

/** What a report says of the message: the gravest of its recipients' outcomes, with that recipient's report. */
export function feedbackOfReport(
  report: MailReport,
): { outcome: FeedbackOutcome; status: string | null; diagnostic: string | null } | null {
  if (report.kind === "complaint")
    return {
      outcome: "complaint",
      status: null,
      diagnostic: report.feedbackType ? `feedback: ${report.feedbackType}` : null,
    };
  let chosen: { outcome: FeedbackOutcome; recipient: DsnRecipient } | null = null;
  for (const recipient of report.recipients) {
    const outcome = dsnOutcome(recipient);
    if (outcome && (!chosen || SEVERITY[outcome] > SEVERITY[chosen.outcome])) chosen = { outcome, recipient };
  }
  return chosen
    ? { outcome: chosen.outcome, status: chosen.recipient.status, diagnostic: chosen.recipient.diagnostic }
    : null;
}

async function readStream(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startBounceServer(deps: BounceServerDeps, options: BounceServerOptions): Promise<BounceServer> {
  const log = deps.logger.child({ component: "bounces" });

  async function receive(raw: Buffer, session: SMTPServerSession): Promise<void> {
    const tokens = session.envelope.rcptTo
      .map((address) => tokenFromVerp(address.address, options.bounceDomain))
      .filter((token): token is string => token !== null);
    const report = await parseMailReport(raw);
    const feedback = feedbackOfReport(report);
    if (!feedback) {
      log.debug({ tokens, kind: report.kind }, "mail to a return path that reports nothing: dropped");
      return;
    }
    for (const token of new Set(tokens)) {
      const item: MailFeedback = { token, ...feedback, source: "dsn", now: deps.clock.now() };
      const result = await applyMailFeedback(deps.db, item);
      log.info({ recipientId: result.recipientId, outcome: feedback.outcome, applied: result.applied }, "mail report");
    }
  }

  const server = new SMTPServer({
    name: options.bounceDomain,
    banner: "Tessera bounce processor",
    size: options.maxBytes,
    // Mail servers of the internet connect here: a bound on how many at once, and on an idle connection.
    maxClients: 100,
    socketTimeout: 60_000,
    authOptional: true,
    disabledCommands: ["AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (tokenFromVerp(address.address, options.bounceDomain)) return callback();
      callback(new SmtpAnswer("5.1.1 No such recipient here", 550));
    },
    onData(stream, session, callback) {
      readStream(stream).then(
        async (raw) => {
          if (stream.sizeExceeded) return callback(new SmtpAnswer("5.3.4 Message too big", 552));
          try {
            await receive(raw, session);
            callback();
          } catch (error) {
            log.error({ err: error }, "a mail report could not be recorded");
            callback(new SmtpAnswer("4.3.0 Try again later", 451));
          }
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  server.on("error", (error) => log.warn({ err: error }, "bounce SMTP connection error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info({ port, domain: options.bounceDomain }, "bounce SMTP endpoint listening");
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

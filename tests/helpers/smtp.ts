import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { linksInText } from "../../api/src/mail/links.ts";

export type { ParsedMail };

export interface TestMailbox {
  /** "smtp://127.0.0.1:PORT": give it to the API as SMTP_URL. */
  url: string;
  /** Every message received since the start or the last clear(), oldest first. */
  messages: ParsedMail[];
  /**
   * Resolves with the first message (already received or still to come) sent to `to` that no
   * earlier waitFor returned; rejects after `timeoutMs` (default 5000).
   */
  waitFor(to: string, options?: { timeoutMs?: number; subjectIncludes?: string }): Promise<ParsedMail>;
  clear(): void;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Default 0: any free port. A fixed port lets a test bring a "down" server back up. */
  port?: number;
  /**
   * The SMTP reply code to refuse a recipient with (e.g. 550 for good, 451 for now), or null to accept it.
   * Called for each RCPT TO.
   */
  refuse?: (address: string) => number | null;
}

interface Waiter {
  to: string;
  subjectIncludes: string | undefined;
  resolve(mail: ParsedMail): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const DEFAULT_WAIT_MS = 5000;

function headerAddresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((address) => address.address ?? ""));
}

/** A real SMTP server on 127.0.0.1 (no TLS; any credentials or none) that keeps what it receives. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<TestMailbox> {
  const messages: ParsedMail[] = [];
  const envelopeRecipients = new WeakMap<ParsedMail, string[]>();
  const returned = new WeakSet<ParsedMail>();
  let waiters: Waiter[] = [];

  function isFor(mail: ParsedMail, to: string, subjectIncludes: string | undefined): boolean {
    const recipients = [...(envelopeRecipients.get(mail) ?? []), ...headerAddresses(mail.to)];
    const address = to.toLowerCase();
    return (
      !returned.has(mail) &&
      recipients.some((recipient) => recipient.toLowerCase() === address) &&
      (subjectIncludes === undefined || (mail.subject ?? "").includes(subjectIncludes))
    );
  }

  function handOver(mail: ParsedMail): void {
    const waiter = waiters.find((candidate) => isFor(mail, candidate.to, candidate.subjectIncludes));
    if (!waiter) return;
    waiters = waiters.filter((candidate) => candidate !== waiter);
    clearTimeout(waiter.timer);
    returned.add(mail);
    waiter.resolve(mail);
  }

  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    // No authentication needed, but smtp://user:pass@… URLs are accepted too.
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "test" });
    },
    logger: false,
    closeTimeout: 1000,
    // Tests must not depend on DNS (the client is always 127.0.0.1).
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.(address.address) ?? null;
      if (code === null) return callback();
      const error = new Error(code >= 500 ? "Mailbox unavailable" : "Try again later") as Error & {
        responseCode: number;
      };
      error.responseCode = code;
      callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          envelopeRecipients.set(
            mail,
            session.envelope.rcptTo.map((recipient) => recipient.address),
          );
          messages.push(mail);
          handOver(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, { timeoutMs = DEFAULT_WAIT_MS, subjectIncludes } = {}) {
      const received = messages.find((mail) => isFor(mail, to, subjectIncludes));
      if (received) {
        returned.add(received);
        return Promise.resolve(received);
      }
      return new Promise<ParsedMail>((resolve, reject) => {
        const waiter: Waiter = {
          to,
          subjectIncludes,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters = waiters.filter((candidate) => candidate !== waiter);
            const seen = messages.map((mail) => `${headerAddresses(mail.to).join(",")}: ${mail.subject ?? ""}`);
            const filter = subjectIncludes === undefined ? "" : ` with a subject including "${subjectIncludes}"`;
            reject(new Error(`No mail to ${to}${filter} within ${timeoutMs} ms; received: [${seen.join("; ")}]`));
          }, timeoutMs),
        };
        waiters.push(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    async close() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error(`The SMTP sink closed while waiting for a mail to ${waiter.to}`));
      }
      waiters = [];
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The absolute http(s) links of a message's text part, in order. */
export function linksIn(mail: ParsedMail): string[] {
  return linksInText(mail.text ?? "");
}

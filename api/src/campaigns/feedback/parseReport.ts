import { simpleParser, type ParsedMail } from "mailparser";

/*
 * What a message sent back to a return path says about a campaign message (issue 15 items 6 and 10), read with
 * no side effect:
 *   - a delivery status notification (RFC 3464: multipart/report; report-type=delivery-status): per recipient its
 *     Action (failed, delayed, delivered, relayed, expanded), Status (RFC 3463 "5.1.1"), Diagnostic-Code and
 *     Final-Recipient;
 *   - a complaint (RFC 5965 ARF: multipart/report; report-type=feedback-report): someone marked it as spam;
 *   - anything else (an out-of-office reply, a person's answer): nothing to act on.
 * The original message's Message-ID is read from the returned message or its headers when there is one.
 */

export type DsnAction = "failed" | "delayed" | "delivered" | "relayed" | "expanded";

export interface DsnRecipient {
  action: DsnAction;
  /** RFC 3463 status ("5.1.1"), derived from the action when the report has none. */
  status: string;
  /** The Diagnostic-Code's text (the remote server's answer), without its type ("smtp;"). */
  diagnostic: string | null;
  /** The Final-Recipient's address (lower-cased), or the Original-Recipient's. */
  recipient: string | null;
}

export interface MailReport {
  kind: "dsn" | "complaint" | "none";
  /** A DSN's recipients (empty for the other kinds). */
  recipients: DsnRecipient[];
  /** A complaint's Feedback-Type (abuse, fraud …). */
  feedbackType: string | null;
  /** A complaint's Original-Rcpt-To, lower-cased. */
  complainant: string | null;
  /** The returned message's Message-ID, without its angle brackets. */
  originalMessageId: string | null;
}

/** What a recipient's report means for the address: a hard bounce, a soft (temporary) one, a delivery, nothing. */
export type DsnOutcome = "hard_bounce" | "soft_bounce" | "delivered" | null;

const ACTIONS: readonly DsnAction[] = ["failed", "delayed", "delivered", "relayed", "expanded"];

/** A failed action or a 5.x.x status is a hard bounce; a delay or a 4.x.x one soft; a delivery (2.x.x) delivered. */
export function dsnOutcome(recipient: Pick<DsnRecipient, "action" | "status">): DsnOutcome {
  const klass = recipient.status.charAt(0);
  if (recipient.action === "failed") return klass === "4" ? "soft_bounce" : "hard_bounce";
  if (recipient.action === "delayed" || klass === "4") return "soft_bounce";
  if (recipient.action === "delivered" || recipient.action === "relayed") return "delivered";
  return null;
}

/**
 * The header groups of a message/delivery-status or message/feedback-report body: groups of `Name: value` fields
 * separated by blank lines, continuation lines folded in; names lower-cased.
 */
export function readFieldGroups(text: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  let current = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (line.trim() === "") {
      if (current.size) groups.push(current);
      current = new Map();
      last = null;
      continue;
    }
    if (/^[ \t]/.test(line) && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    if (!current.has(last)) current.set(last, line.slice(colon + 1).trim());
  }
  if (current.size) groups.push(current);
  return groups;
}

/** "rfc822; Someone@Example.org" → "someone@example.org". */
function typedAddress(value: string | undefined): string | null {
  if (!value) return null;
  const address = (value.includes(";") ? value.slice(value.indexOf(";") + 1) : value).trim();
  const bare = address.replace(/^<|>$/g, "").trim().toLowerCase();
  return bare.includes("@") ? bare : null;
}

function statusOf(value: string | undefined, action: DsnAction, diagnostic: string | null): string {
  const found =
    /\b([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(value ?? "") ?? /\b([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(diagnostic ?? "");
  if (found) return `${found[1]}.${found[2]}.${found[3]}`;
  if (action === "failed") return "5.0.0";
  if (action === "delayed") return "4.0.0";
  return "2.0.0";
}

/** The per-recipient fields of a message/delivery-status body. */
export function parseDeliveryStatus(text: string): DsnRecipient[] {
  const groups = readFieldGroups(text);
  const recipients: DsnRecipient[] = [];
  for (const group of groups) {
    const action = group.get("action")?.toLowerCase().split(/\s/)[0] as DsnAction | undefined;
    if (!action || !ACTIONS.includes(action)) continue;
    const rawDiagnostic = group.get("diagnostic-code");
    const diagnostic = rawDiagnostic
      ? (rawDiagnostic.includes(";") ? rawDiagnostic.slice(rawDiagnostic.indexOf(";") + 1) : rawDiagnostic).trim()
      : null;
    recipients.push({
      action,
      status: statusOf(group.get("status"), action, diagnostic),
      diagnostic: diagnostic || null,
      recipient: typedAddress(group.get("final-recipient")) ?? typedAddress(group.get("original-recipient")),
    });
  }
  return recipients;
}

/** The Message-ID a block of headers (a returned message, its headers only) carries, without angle brackets. */
export function messageIdIn(headers: string): string | null {
  const match = /^message-id:[ \t]*(?:\r?\n[ \t]+)?<?([^>\s]+)>?/im.exec(headers);
  return match ? match[1]! : null;
}

function contentType(mail: ParsedMail): { value: string; params: Record<string, string> } {
  const header = mail.headers.get("content-type");
  if (header && typeof header === "object" && "value" in header)
    return header as { value: string; params: Record<string, string> };
  return { value: "text/plain", params: {} };
}

/** Reads a message a return path received. */
export async function parseMailReport(raw: Buffer | string): Promise<MailReport> {
  const mail = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true });
  const type = contentType(mail);
  const reportType = (type.params["report-type"] ?? "").toLowerCase();
  const parts = mail.attachments;
  const partText = (kind: string) =>
    parts.find((part) => part.contentType.toLowerCase() === kind)?.content.toString("utf8") ?? null;
  const returned = partText("message/rfc822") ?? partText("text/rfc822-headers") ?? partText("message/rfc822-headers");
  // A returned message shown inline is not an attachment: its headers follow the report part in the raw text.
  const text = typeof raw === "string" ? raw : raw.toString("utf8");
  const reportAt = text.search(/content-type:[ \t]*message\/(?:global-)?(?:delivery-status|feedback-report)/i);
  const originalMessageId = returned ? messageIdIn(returned) : reportAt >= 0 ? messageIdIn(text.slice(reportAt)) : null;
  const none: MailReport = { kind: "none", recipients: [], feedbackType: null, complainant: null, originalMessageId };
  if (type.value.toLowerCase() !== "multipart/report") return none;

  if (reportType === "delivery-status") {
    const status = partText("message/delivery-status") ?? partText("message/global-delivery-status");
    if (!status) return none;
    const recipients = parseDeliveryStatus(status);
    return recipients.length ? { ...none, kind: "dsn", recipients } : none;
  }
  if (reportType === "feedback-report") {
    const report = partText("message/feedback-report");
    if (!report) return none;
    const fields = readFieldGroups(report)[0] ?? new Map<string, string>();
    return {
      ...none,
      kind: "complaint",
      feedbackType: fields.get("feedback-type")?.toLowerCase() ?? "abuse",
      complainant: typedAddress(fields.get("original-rcpt-to")),
    };
  }
  return none;
}

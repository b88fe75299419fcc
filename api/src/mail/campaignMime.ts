import { randomBytes } from "node:crypto";
import type { SendMailOptions } from "nodemailer";
import { encodeWords, foldLines } from "nodemailer/lib/mime-funcs";
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from "nodemailer/lib/qp";
import type { CompiledCampaign, MergeValues, PieceEncoding } from "../campaigns/render.ts";

/*
 * A campaign message written out as RFC 5322 text in one pass: headers, then a multipart/alternative of the
 * plain-text and HTML parts, each quoted-printable. nodemailer composes a message through a chain of streams
 * per part (measured: about half the sender's CPU at 100,000 recipients); a campaign's messages all have the
 * same shape, so the sender writes them itself and hands nodemailer the bytes to send (and DKIM-sign).
 * Header words are encoded and lines folded by nodemailer's own functions.
 */

export interface CampaignMimeMessage {
  from: { name: string | null; address: string };
  replyTo?: string | null;
  to: string;
  subject: string;
  /** Quoted-printable, as QUOTED_PRINTABLE_PIECES writes it. */
  text: string;
  /** Quoted-printable, as QUOTED_PRINTABLE_PIECES writes it. */
  html: string;
  /** With its angle brackets. */
  messageId: string;
  date: Date;
  /** Further headers, e.g. List-Unsubscribe. */
  headers: Record<string, string>;
}

const ASCII_ADDRESS = /^[\x21-\x7e]+@[\x21-\x7e]+$/;
/** A display name that can go out bare: atext words separated by single spaces (RFC 5322 phrase). */
const BARE_PHRASE = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+( [A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Part boundaries: a random prefix per process and a counter (no random bytes per message). */
const BOUNDARY_PREFIX = randomBytes(12).toString("hex");
let boundaries = 0;

/** Whether the message can be written here: its addresses are plain ASCII (an internationalised one is not). */
function canWriteCampaignMime(message: Pick<CampaignMimeMessage, "from" | "replyTo" | "to">): boolean {
  return [message.from.address, message.to, ...(message.replyTo ? [message.replyTo] : [])].every((address) =>
    ASCII_ADDRESS.test(address),
  );
}

/** A header value on one line: a merge value cannot add a header. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ");
}

function displayName(name: string): string {
  const value = oneLine(name).trim();
  if (BARE_PHRASE.test(value)) return value;
  if (PRINTABLE_ASCII.test(value)) return `"${value.replace(/["\\]/g, "\\$&")}"`;
  return encodeWords(value, "Q", 52);
}

function header(name: string, value: string): string {
  return foldLines(`${name}: ${value}`, 76);
}

/** RFC 5322's date-time, in UTC. */
function mailDate(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

/**
 * Quoted-printable a piece at a time (CRLF line breaks): each piece ends its last line with a soft line break
 * (unless it ends with a line break of its own), so pieces encoded apart join into one valid body (RFC 2045 §6.7).
 */
export const QUOTED_PRINTABLE_PIECES: PieceEncoding = {
  encode(piece) {
    if (piece === "") return "";
    const encoded = wrapQuotedPrintable(quotedPrintable(piece.replace(/\r?\n/g, "\r\n")), 75);
    return encoded.endsWith("\r\n") ? encoded : `${encoded}=\r\n`;
  },
};

function part(contentType: string, body: string): string {
  return `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${body}`;
}

/** The message's bytes, ready for SMTP DATA (nodemailer dot-stuffs them on the way). */
export function writeCampaignMime(message: CampaignMimeMessage): Buffer {
  const boundary = `--_tessera_${BOUNDARY_PREFIX}${(boundaries++).toString(36)}`;
  const name = message.from.name ? oneLine(message.from.name).trim() : "";
  const headers = [
    header("Content-Type", `multipart/alternative; boundary="${boundary}"`),
    header("From", name ? `${displayName(name)} <${message.from.address}>` : message.from.address),
    ...(message.replyTo ? [header("Reply-To", message.replyTo)] : []),
    header("To", message.to),
    header("Subject", encodeWords(oneLine(message.subject), "Q", 52)),
    header("Message-ID", message.messageId),
    header("Date", mailDate(message.date)),
    ...Object.entries(message.headers).map(([key, value]) => header(key, oneLine(value))),
    "MIME-Version: 1.0",
  ];
  const text =
    `${headers.join("\r\n")}\r\n\r\n` +
    `--${boundary}\r\n${part("text/plain", message.text)}\r\n` +
    `--${boundary}\r\n${part("text/html", message.html)}\r\n` +
    `--${boundary}--\r\n`;
  return Buffer.from(text, "utf8");
}

/** A message's head: all but its subject and bodies, which its compiled campaign personalises. */
export type CampaignMimeHead = Omit<CampaignMimeMessage, "subject" | "text" | "html">;

/**
 * What the campaign transport sends: the message's bytes, its bodies personalised straight into quoted-printable
 * pieces; or (an internationalised address, which nodemailer knows how to write) the message for nodemailer to
 * compose.
 */
export function campaignMailOptions(
  head: CampaignMimeHead,
  template: Pick<CompiledCampaign, "personalise" | "personaliseEncoded">,
  values: MergeValues,
  envelope: { from: string; to: string },
): SendMailOptions {
  if (canWriteCampaignMime(head)) {
    return {
      envelope,
      raw: writeCampaignMime({ ...head, ...template.personaliseEncoded(values, QUOTED_PRINTABLE_PIECES) }),
    };
  }
  const body = template.personalise(values);
  return {
    envelope,
    from: { name: head.from.name ?? "", address: head.from.address },
    ...(head.replyTo ? { replyTo: head.replyTo } : {}),
    to: head.to,
    ...body,
    messageId: head.messageId,
    date: head.date,
    headers: head.headers,
  };
}

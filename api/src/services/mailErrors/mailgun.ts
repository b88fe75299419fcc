import { createHmac, timingSafeEqual } from "node:crypto";
import { isRecipientToken } from "../../campaigns/links.ts";
import type { Db } from "../../db/knex.ts";
import { sqlTime } from "../../models/BaseModel.ts";
import type { Clock } from "../scope.ts";
import { applyMailFeedbackIn, type FeedbackOutcome, type FeedbackResult } from "./feedback.ts";

/*
 * Mailgun's event webhooks (issue 15 item 6): a JSON body { signature: { timestamp, token, signature },
 * "event-data": { event, severity, recipient, message: { headers: { "message-id" } }, "delivery-status" } }.
 * The signature is HMAC-SHA256 of timestamp + token under the webhook signing key (it covers those two, not the
 * event): a call is refused when it does not match (compared in constant time), when its timestamp is more than
 * 300 s away from now, or when its token was seen before (a replay), and then nothing changes. A call accepted is
 * applied with the same effects as a DSN (feedback.ts), its token kept in the same transaction.
 *
 *   failed (severity permanent)  a hard bounce       failed (temporary)  a soft bounce
 *   delivered                    delivered           complained          a complaint
 * Other events (opened, clicked …) are accepted and ignored: the tracking links count those.
 */

export const MAILGUN_TOLERANCE_SECONDS = 300;
/** Tokens older than this are forgotten: a call carrying one is refused for its timestamp anyway. */
const TOKEN_MEMORY_MS = 3 * MAILGUN_TOLERANCE_SECONDS * 1000;

export type MailgunRefusal = "no_signing_key" | "malformed" | "bad_signature" | "stale" | "replayed";

export type MailgunOutcome =
  | { accepted: false; refusal: MailgunRefusal }
  | { accepted: true; event: string; outcome: FeedbackOutcome | null; result: FeedbackResult | null };

interface MailgunSignature {
  timestamp: string;
  token: string;
  signature: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function signatureOf(body: unknown): MailgunSignature | null {
  if (!isRecord(body) || !isRecord(body.signature)) return null;
  const { timestamp, token, signature } = body.signature;
  const text = (value: unknown) => (typeof value === "number" ? String(value) : value);
  const fields = { timestamp: text(timestamp), token, signature };
  if (typeof fields.timestamp !== "string" || !/^\d{1,12}$/.test(fields.timestamp)) return null;
  if (typeof fields.token !== "string" || !fields.token || fields.token.length > 200) return null;
  if (typeof fields.signature !== "string" || !/^[0-9a-f]{64}$/i.test(fields.signature)) return null;
  return fields as MailgunSignature;
}

/** Whether `signature` is Mailgun's for timestamp + token under `signingKey` (constant-time comparison). */
export function isMailgunSignature(signingKey: string, signature: MailgunSignature): boolean {
  const expected = createHmac("sha256", signingKey)
    .update(signature.timestamp + signature.token)
    .digest();
  const given = Buffer.from(signature.signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The recipient token a Message-ID `<{token}@{bounce domain}>` carries, or null. */
export function tokenFromMessageId(messageId: string, bounceDomain: string): string | null {
  const match = /^<?([^@<>\s]+)@([^<>\s]+)>?$/.exec(messageId.trim());
  if (!match || match[2]!.toLowerCase() !== bounceDomain.toLowerCase()) return null;
  return isRecipientToken(match[1]!) ? match[1]! : null;
}

function outcomeOf(data: Record<string, unknown>): FeedbackOutcome | null {
  switch (data.event) {
    case "failed":
      return data.severity === "temporary" ? "soft_bounce" : "hard_bounce";
    case "delivered":
      return "delivered";
    case "complained":
      return "complaint";
    default:
      return null;
  }
}

function statusOf(
  data: Record<string, unknown>,
  outcome: FeedbackOutcome,
): { status: string | null; diagnostic: string | null } {
  const delivery = isRecord(data["delivery-status"]) ? data["delivery-status"] : {};
  const enhanced = typeof delivery["enhanced-code"] === "string" ? delivery["enhanced-code"] : "";
  const code = typeof delivery.code === "number" ? String(delivery.code) : "";
  const status = /^[245]\.\d{1,3}\.\d{1,3}$/.test(enhanced)
    ? enhanced
    : outcome === "hard_bounce"
      ? "5.0.0"
      : outcome === "soft_bounce"
        ? "4.0.0"
        : null;
  const words = [delivery.message, delivery.description, data.reason].find(
    (value): value is string => typeof value === "string" && value.trim() !== "",
  );
  const diagnostic = [code, words?.trim()].filter(Boolean).join(" ");
  return { status, diagnostic: diagnostic || null };
}

export interface MailgunDeps {
  db: Db;
  clock: Clock;
  signingKey: string | null;
  bounceDomain: string;
}

/** Verifies and applies one webhook call's JSON body; see the top of this file. */
export async function receiveMailgunEvent(deps: MailgunDeps, body: unknown): Promise<MailgunOutcome> {
  if (!deps.signingKey) return { accepted: false, refusal: "no_signing_key" };
  const signature = signatureOf(body);
  if (!signature || !isRecord(body) || !isRecord(body["event-data"])) return { accepted: false, refusal: "malformed" };
  if (!isMailgunSignature(deps.signingKey, signature)) return { accepted: false, refusal: "bad_signature" };
  const now = deps.clock.now();
  if (Math.abs(now.getTime() / 1000 - Number(signature.timestamp)) > MAILGUN_TOLERANCE_SECONDS)
    return { accepted: false, refusal: "stale" };
  const data = body["event-data"];
  const event = typeof data.event === "string" ? data.event : "";
  const outcome = outcomeOf(data);
  const message = isRecord(data.message) ? data.message : {};
  const headers = isRecord(message.headers) ? message.headers : {};
  const messageId = typeof headers["message-id"] === "string" ? headers["message-id"] : "";
  const token = messageId ? tokenFromMessageId(messageId, deps.bounceDomain) : null;

  return deps.db.transaction(async (trx) => {
    // The same token at once (a replay racing the original) waits for it and is then refused.
    const kept = (await trx("mailWebhookTokens")
      .insert({ provider: "mailgun", token: signature.token, receivedAt: sqlTime(now) })
      .onConflict(["provider", "token"])
      .ignore()
      .returning("token")) as unknown[];
    if (!kept.length) return { accepted: false, refusal: "replayed" } as const;
    await trx("mailWebhookTokens")
      .where({ provider: "mailgun" })
      .where("receivedAt", "<", sqlTime(new Date(now.getTime() - TOKEN_MEMORY_MS)))
      .delete();
    const result =
      outcome && token
        ? await applyMailFeedbackIn(trx, { token, outcome, ...statusOf(data, outcome), source: "webhook", now })
        : null;
    return { accepted: true, event, outcome, result } as const;
  });
}

import { randomBytes } from "node:crypto";
import { isLinkMergeTag, isMergeTag, mergeTagsIn } from "@tessera/shared/campaigns/content";
import type { Language } from "@tessera/shared";
import type { CampaignRenderOptions, MergeValues } from "./render.ts";
import { RECIPIENT_TOKEN_TAG } from "./render.ts";

/*
 * The addresses a campaign message carries for its recipient (issue 15 items 5–6), all by the recipient's
 * token (campaign_recipients.token: random, unguessable, never an id):
 *   open pixel        {publicUrl}/api/v1/mail/o/{token}
 *   click redirect    {publicUrl}/api/v1/mail/c/{token}/{link index}
 *   one-click         {publicUrl}/api/v1/mail/u/{token}   (List-Unsubscribe, RFC 8058: POST unsubscribes, GET never)
 *   unsubscribe page  {publicUrl}/{lang}/unsubscribe/{token}   (the visible link: a page that confirms first)
 *   return path       bounces+{token}@{bounce domain}   (VERP: a bounce names its recipient)
 */

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,40}$/;

/** A new recipient token (144 random bits, URL-safe). */
export function newRecipientToken(): string {
  return randomBytes(18).toString("base64url");
}

export function isRecipientToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

const token = `{{${RECIPIENT_TOKEN_TAG}}}`;

/** The renderer's tracking options: every link but the unsubscribe one through the click redirect, an open pixel. */
export function trackingRenderOptions(publicUrl: string): Required<CampaignRenderOptions> {
  return {
    rewriteLink: (url, index) =>
      /^\{\{\s*unsubscribeLink\s*\}\}$/.test(url) ? url : `${publicUrl}/api/v1/mail/c/${token}/${index}`,
    openPixelUrl: `${publicUrl}/api/v1/mail/o/${token}`,
  };
}

export function oneClickUnsubscribeUrl(publicUrl: string, recipientToken: string): string {
  return `${publicUrl}/api/v1/mail/u/${encodeURIComponent(recipientToken)}`;
}

/** The visible unsubscribe link's page, in the recipient's language (English has no prefix on the guest site). */
export function unsubscribePageUrl(publicUrl: string, language: Language, recipientToken: string): string {
  const prefix = language === "en" ? "" : `/${language}`;
  return `${publicUrl}${prefix}/unsubscribe/${encodeURIComponent(recipientToken)}`;
}

/** RFC 8058 headers: a mail client's one-click unsubscribe POSTs to the URL. */
export function listUnsubscribeHeaders(publicUrl: string, recipientToken: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeUrl(publicUrl, recipientToken)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The envelope sender a recipient's message goes out with: a bounce comes back to it. */
export function verpReturnPath(bounceDomain: string, recipientToken: string): string {
  return `bounces+${recipientToken}@${bounceDomain}`;
}

/** The recipient token a bounce's envelope recipient names, or null when it is not one of ours. */
export function tokenFromVerp(address: string, bounceDomain: string): string | null {
  const match = /^bounces\+([^@]+)@(.+)$/i.exec(address.trim().replace(/^<|>$/g, ""));
  if (!match || match[2]!.toLowerCase() !== bounceDomain.toLowerCase()) return null;
  return isRecipientToken(match[1]!) ? match[1]! : null;
}

/**
 * A link's target as written in the content (`{{registrationLink}}`, `https://x.org/?m={{email}}`) with the
 * recipient's values put in, as the renderer does: a link tag starting the target is the whole URL (http(s)
 * only, else no target), any other tag is percent-encoded. Null when nothing safe to redirect to remains.
 */
export function resolveLinkTarget(target: string, values: MergeValues): string | null {
  let out = "";
  let from = 0;
  for (const use of mergeTagsIn(target)) {
    if (!isMergeTag(use.name)) continue;
    const value = values[use.name] ?? "";
    const startsUrl = use.index === 0 && isLinkMergeTag(use.name);
    out += target.slice(from, use.index) + (startsUrl ? value : encodeURIComponent(value));
    from = use.index + use.length;
  }
  out += target.slice(from);
  return /^https?:\/\//i.test(out) && URL.canParse(out) ? out : null;
}

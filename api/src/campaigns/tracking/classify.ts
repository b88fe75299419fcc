import { isIPv4, isIPv6 } from "node:net";

/*
 * Whether an open (the pixel fetched) or a click (a tracking redirect followed) was a person's or a machine's
 * (issue 15 item 6: privacy proxies, link scanners and fetches seconds after delivery are told apart from
 * people). Pure: the request's facts in, a verdict and the rule that gave it out. The rules, first match wins:
 *
 *   head_request          a HEAD request: a person's mail client GETs; link checkers and scanners ask HEAD.
 *   scanner_user_agent    a security gateway or link scanner says so in its user agent (Barracuda, Mimecast,
 *                         Proofpoint, Microsoft Defender / Safe Links, BingPreview, Symantec, Trend Micro …),
 *                         or an HTTP library does (curl, wget, python-requests, Go-http-client, okhttp, Java …),
 *                         or a crawler / link-preview bot. Real mail clients never use these.
 *   empty_user_agent      no user agent at all: every mail client and browser sends one.
 *   apple_privacy_proxy   (opens only) Apple Mail Privacy Protection fetches every image of every message on
 *                         delivery, from Apple's network (17.0.0.0/8, 2620:149::/32, 2a01:b740::/32) with the bare
 *                         user agent "Mozilla/5.0": it says nothing of whether anyone read the message.
 *   image_proxy           → a PERSON: Gmail's (GoogleImageProxy) and Yahoo's (YahooMailProxy) image proxies fetch
 *                         the pixel when the message is displayed, on behalf of the reader (checked before the
 *                         timing rule: they do not prefetch on delivery).
 *   seconds_after_send    within SECONDS_AFTER_SEND seconds of the message being handed to the mail server: a
 *                         receiving gateway scanning it on arrival, not someone who read it.
 *   click_burst           (clicks only) another link of the same message was followed within CLICK_BURST_SECONDS:
 *                         a scanner follows every link at once, a person one at a time.
 *   person                anything else.
 */

export const SECONDS_AFTER_SEND = 10;
export const CLICK_BURST_SECONDS = 2;

export type TrackingKind = "open" | "click";

export type MachineRule =
  | "head_request"
  | "scanner_user_agent"
  | "empty_user_agent"
  | "apple_privacy_proxy"
  | "seconds_after_send"
  | "click_burst";

export type Verdict = { machine: true; rule: MachineRule } | { machine: false; rule: "person" | "image_proxy" };

export interface TrackedRequest {
  kind: TrackingKind;
  method: string;
  userAgent: string | null;
  /** The client's address as the app reads it (behind trusted proxies: the one the outermost saw). */
  ip: string | null;
  at: Date;
  /** When the mail server accepted the message (null: unknown, the timing rule does not apply). */
  sentAt: Date | null;
  /** Clicks: the link followed, and the recipient's earlier clicks (any order). */
  linkIndex?: number;
  earlierClicks?: readonly { linkIndex: number | null; at: Date }[];
}

const SCANNERS = new RegExp(
  [
    "barracuda",
    "mimecast",
    "proofpoint",
    "safe ?links",
    "defender",
    "forefront",
    "bingpreview",
    "symantec",
    "messagelabs",
    "trend ?micro",
    "sophos",
    "fireeye",
    "ironport",
    "zscaler",
    "forcepoint",
    "mcafee",
    "avanan",
    "cisco",
    "^curl/",
    "^wget/",
    "python-requests",
    "python-urllib",
    "aiohttp",
    "go-http-client",
    "okhttp",
    "^java/",
    "apache-httpclient",
    "libwww-perl",
    "^axios/",
    "node-fetch",
    "headlesschrome",
    "phantomjs",
    "slackbot",
    "facebookexternalhit",
    "linkedinbot",
    "twitterbot",
    "bot\\b",
    "crawler",
    "spider",
    "scanner",
  ].join("|"),
  "i",
);

const IMAGE_PROXIES = /googleimageproxy|yahoomailproxy/i;
/** Apple's proxy sends this and nothing more. */
const APPLE_PROXY_AGENT = /^Mozilla\/5\.0$/;

/** The 32-bit value of an IPv4 address, also one written as IPv4-mapped IPv6 (::ffff:17.1.2.3). */
function ipv4Value(ip: string): number | null {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  if (!isIPv4(v4)) return null;
  return v4.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

/** Whether an address is Apple's (17.0.0.0/8, 2620:149::/32, 2a01:b740::/32). */
export function isAppleAddress(ip: string | null): boolean {
  if (!ip) return false;
  const v4 = ipv4Value(ip);
  if (v4 !== null) return Math.floor(v4 / 2 ** 24) === 17;
  if (!isIPv6(ip)) return false;
  const [first = "", second = ""] = ip.toLowerCase().split(":");
  return (first === "2620" && second === "149") || (first === "2a01" && second === "b740");
}

/** A person's or a machine's, and by which rule (the comment above lists them). */
export function classifyTracking(request: TrackedRequest): Verdict {
  const agent = request.userAgent?.trim() ?? "";
  if (request.method.toUpperCase() === "HEAD") return { machine: true, rule: "head_request" };
  if (agent && SCANNERS.test(agent)) return { machine: true, rule: "scanner_user_agent" };
  if (!agent) return { machine: true, rule: "empty_user_agent" };
  if (request.kind === "open" && (isAppleAddress(request.ip) || APPLE_PROXY_AGENT.test(agent)))
    return { machine: true, rule: "apple_privacy_proxy" };
  if (IMAGE_PROXIES.test(agent)) return { machine: false, rule: "image_proxy" };
  if (request.sentAt) {
    const seconds = (request.at.getTime() - request.sentAt.getTime()) / 1000;
    if (seconds < SECONDS_AFTER_SEND) return { machine: true, rule: "seconds_after_send" };
  }
  if (request.kind === "click" && request.earlierClicks) {
    const burst = request.earlierClicks.some(
      (click) =>
        click.linkIndex !== request.linkIndex &&
        Math.abs(request.at.getTime() - click.at.getTime()) <= CLICK_BURST_SECONDS * 1000,
    );
    if (burst) return { machine: true, rule: "click_burst" };
  }
  return { machine: false, rule: "person" };
}

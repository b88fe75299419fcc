import { describe, expect, it } from "vitest";
import { classifyTracking, isAppleAddress, type TrackedRequest } from "./classify.ts";

const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const OUTLOOK = "Mozilla/4.0 (compatible; ms-office; MSOffice 16)";
const GMAIL_PROXY = "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)";
const sentAt = new Date("2026-11-28T10:00:00.000Z");
const later = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000);

function request(overrides: Partial<TrackedRequest>): TrackedRequest {
  return { kind: "open", method: "GET", userAgent: SAFARI, ip: "203.0.113.7", at: later(3600), sentAt, ...overrides };
}

describe("telling people's opens and clicks from machines'", () => {
  it("takes a mail client's GET an hour after the send as a person's", () => {
    expect(classifyTracking(request({}))).toEqual({ machine: false, rule: "person" });
    expect(classifyTracking(request({ userAgent: OUTLOOK }))).toEqual({ machine: false, rule: "person" });
    expect(classifyTracking(request({ kind: "click", linkIndex: 0, earlierClicks: [] }))).toEqual({
      machine: false,
      rule: "person",
    });
  });

  it("takes Apple Mail Privacy Protection's fetches as a machine's, by address or by its bare user agent", () => {
    expect(classifyTracking(request({ ip: "17.58.101.3" }))).toEqual({ machine: true, rule: "apple_privacy_proxy" });
    expect(classifyTracking(request({ ip: "::ffff:17.1.2.3" })).rule).toBe("apple_privacy_proxy");
    expect(classifyTracking(request({ ip: "2620:149:a:1::7" })).rule).toBe("apple_privacy_proxy");
    expect(classifyTracking(request({ userAgent: "Mozilla/5.0" })).rule).toBe("apple_privacy_proxy");
    // 18.x is not Apple's; a click from Apple's network (a person on iCloud Private Relay) stays a person's.
    expect(classifyTracking(request({ ip: "18.58.101.3" })).machine).toBe(false);
    expect(classifyTracking(request({ kind: "click", ip: "17.58.101.3", linkIndex: 1 })).machine).toBe(false);
  });

  it("knows Apple's addresses", () => {
    expect(isAppleAddress("17.0.0.1")).toBe(true);
    expect(isAppleAddress("17.255.255.255")).toBe(true);
    expect(isAppleAddress("16.255.255.255")).toBe(false);
    expect(isAppleAddress("2a01:b740::1")).toBe(true);
    expect(isAppleAddress("2001:db8::1")).toBe(false);
    expect(isAppleAddress(null)).toBe(false);
    expect(isAppleAddress("not an address")).toBe(false);
  });

  it("takes opens and clicks seconds after the send as a gateway's scan", () => {
    expect(classifyTracking(request({ at: later(2) }))).toEqual({ machine: true, rule: "seconds_after_send" });
    expect(classifyTracking(request({ kind: "click", at: later(9), linkIndex: 0 })).rule).toBe("seconds_after_send");
    expect(classifyTracking(request({ at: later(11) })).machine).toBe(false);
    // No sending time known: the rule does not apply.
    expect(classifyTracking(request({ at: later(1), sentAt: null })).machine).toBe(false);
  });

  it("takes HEAD requests, scanners, HTTP libraries and empty user agents as machines", () => {
    expect(classifyTracking(request({ method: "HEAD" }))).toEqual({ machine: true, rule: "head_request" });
    for (const agent of [
      "Barracuda Sentinel (EE)",
      "Mozilla/5.0 (compatible; Mimecast Link Scanner)",
      "Proofpoint URL Defense",
      "Microsoft Office SafeLinks",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) BingPreview/1.0b",
      "curl/8.5.0",
      "python-requests/2.31.0",
      "Go-http-client/1.1",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36",
    ])
      expect(classifyTracking(request({ kind: "click", userAgent: agent, linkIndex: 0 })), agent).toEqual({
        machine: true,
        rule: "scanner_user_agent",
      });
    expect(classifyTracking(request({ userAgent: "" }))).toEqual({ machine: true, rule: "empty_user_agent" });
    expect(classifyTracking(request({ userAgent: null })).rule).toBe("empty_user_agent");
  });

  it("takes Gmail's and Yahoo's image proxies as the person who opened the message", () => {
    expect(classifyTracking(request({ userAgent: GMAIL_PROXY, ip: "66.102.8.1" }))).toEqual({
      machine: false,
      rule: "image_proxy",
    });
    expect(
      classifyTracking(request({ userAgent: "YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy" })).rule,
    ).toBe("image_proxy");
  });

  it("takes several links of a message followed within two seconds as a scanner's", () => {
    const at = later(600);
    const click = (linkIndex: number, earlier: { linkIndex: number; seconds: number }[]) =>
      classifyTracking(
        request({
          kind: "click",
          at,
          linkIndex,
          earlierClicks: earlier.map((e) => ({
            linkIndex: e.linkIndex,
            at: new Date(at.getTime() - e.seconds * 1000),
          })),
        }),
      );
    expect(click(1, [{ linkIndex: 0, seconds: 1 }])).toEqual({ machine: true, rule: "click_burst" });
    expect(click(2, [{ linkIndex: 0, seconds: 2 }])).toEqual({ machine: true, rule: "click_burst" });
    // The same link twice (a double click), or another link a while later: a person.
    expect(click(0, [{ linkIndex: 0, seconds: 0.5 }]).machine).toBe(false);
    expect(click(1, [{ linkIndex: 0, seconds: 30 }]).machine).toBe(false);
  });
});

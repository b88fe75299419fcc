import { describe, expect, it } from "vitest";
import {
  listUnsubscribeHeaders,
  newRecipientToken,
  resolveLinkTarget,
  tokenFromVerp,
  trackingRenderOptions,
  unsubscribePageUrl,
  verpReturnPath,
} from "./links.ts";

describe("a campaign message's addresses", () => {
  const token = newRecipientToken();

  it("makes tokens that are long, URL-safe and different each time", () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(newRecipientToken()).not.toBe(token);
  });

  it("sends every link but the unsubscribe one through the click redirect, by its index", () => {
    const options = trackingRenderOptions("https://app.test");
    expect(options.rewriteLink("https://x.org", 3)).toBe("https://app.test/api/v1/mail/c/{{recipientToken}}/3");
    expect(options.rewriteLink("{{ unsubscribeLink }}", 0)).toBe("{{ unsubscribeLink }}");
    expect(options.openPixelUrl).toBe("https://app.test/api/v1/mail/o/{{recipientToken}}");
  });

  it("offers one-click unsubscribe (RFC 8058) and a page in the recipient's language", () => {
    expect(listUnsubscribeHeaders("https://app.test", "abc")).toEqual({
      "List-Unsubscribe": "<https://app.test/api/v1/mail/u/abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(unsubscribePageUrl("https://app.test", "fr", "abc")).toBe("https://app.test/fr/unsubscribe/abc");
    expect(unsubscribePageUrl("https://app.test", "en", "abc")).toBe("https://app.test/unsubscribe/abc");
  });

  it("reads back its token from a bounce's return path, and only ours", () => {
    const path = verpReturnPath("bounces.app.test", token);
    expect(tokenFromVerp(path, "bounces.app.test")).toBe(token);
    expect(tokenFromVerp(`<${path.toUpperCase().replace(token.toUpperCase(), token)}>`, "bounces.app.test")).toBe(
      token,
    );
    expect(tokenFromVerp(path, "elsewhere.test")).toBeNull();
    expect(tokenFromVerp("bounces+x@bounces.app.test", "bounces.app.test")).toBeNull();
  });

  it("resolves a link's target as the renderer would, never to a script", () => {
    const values = { registrationLink: "https://app.test/demo/forms/view/f1", email: "a b@x.org" };
    expect(resolveLinkTarget("{{registrationLink}}", values)).toBe("https://app.test/demo/forms/view/f1");
    expect(resolveLinkTarget("https://x.org/?m={{email}}", values)).toBe("https://x.org/?m=a%20b%40x.org");
    expect(resolveLinkTarget("{{registrationLink}}", { registrationLink: "javascript:alert(1)" })).toBeNull();
    expect(resolveLinkTarget("{{portalLink}}", {})).toBeNull();
  });
});

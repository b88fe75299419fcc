import { describe, expect, it } from "vitest";
import { WEB_APP_CSP, webAppCsp } from "./security.ts";

const directive = (csp: string, name: string) => csp.split("; ").find((part) => part.startsWith(`${name} `));

describe("webAppCsp", () => {
  it("lets no third-party origin in without Stripe.js", () => {
    expect(directive(WEB_APP_CSP, "script-src")).toBe("script-src 'self'");
    expect(directive(WEB_APP_CSP, "connect-src")).toBe("connect-src 'self'");
    expect(directive(WEB_APP_CSP, "frame-src")).toBe("frame-src 'self' blob:");
  });

  it("lets Stripe's origins in for js.stripe.com, as Stripe documents them", () => {
    const csp = webAppCsp("https://js.stripe.com/v3/");
    expect(directive(csp, "script-src")).toBe("script-src 'self' https://js.stripe.com");
    expect(directive(csp, "frame-src")).toBe("frame-src 'self' blob: https://js.stripe.com https://hooks.stripe.com");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://api.stripe.com");
  });

  it("lets the stand-in's one origin in for its script, its frames and its API", () => {
    const csp = webAppCsp("http://127.0.0.1:12111/v3/stripe.js");
    expect(directive(csp, "script-src")).toBe("script-src 'self' http://127.0.0.1:12111");
    expect(directive(csp, "frame-src")).toBe("frame-src 'self' blob: http://127.0.0.1:12111");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' http://127.0.0.1:12111");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });
});

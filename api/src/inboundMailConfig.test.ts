import { describe, expect, it } from "vitest";
import { inboundMailConfigFrom } from "./inboundMailConfig.ts";

describe("inbound mail configuration", () => {
  it("has no SMTP endpoint unless a port is given, and return paths on bounces.<public host>", () => {
    expect(inboundMailConfigFrom({}, "https://Events.Example.org")).toEqual({
      bounceDomain: "bounces.events.example.org",
      smtpPort: null,
      smtpHost: "0.0.0.0",
      maxBytes: 1024 * 1024,
      mailgunSigningKey: null,
    });
  });

  it("reads BOUNCE_DOMAIN, BOUNCE_SMTP_PORT (0: any free port), its host and limit, the Mailgun key", () => {
    const config = inboundMailConfigFrom(
      {
        BOUNCE_DOMAIN: "Bounce.Example.org",
        BOUNCE_SMTP_PORT: "0",
        BOUNCE_SMTP_HOST: "127.0.0.1",
        BOUNCE_SMTP_MAX_BYTES: "2048",
        MAILGUN_WEBHOOK_SIGNING_KEY: "key-1",
      },
      "http://localhost:3000",
    );
    expect(config).toEqual({
      bounceDomain: "bounce.example.org",
      smtpPort: 0,
      smtpHost: "127.0.0.1",
      maxBytes: 2048,
      mailgunSigningKey: "key-1",
    });
  });

  it("refuses a port or a limit that is not a whole number in range", () => {
    expect(() => inboundMailConfigFrom({ BOUNCE_SMTP_PORT: "twenty-five" }, "http://localhost")).toThrow(
      /BOUNCE_SMTP_PORT/,
    );
    expect(() => inboundMailConfigFrom({ BOUNCE_SMTP_PORT: "70000" }, "http://localhost")).toThrow(/BOUNCE_SMTP_PORT/);
    expect(() => inboundMailConfigFrom({ BOUNCE_SMTP_MAX_BYTES: "10" }, "http://localhost")).toThrow(
      /BOUNCE_SMTP_MAX_BYTES/,
    );
  });
});

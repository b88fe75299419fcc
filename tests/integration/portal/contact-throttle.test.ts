import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * The contact form's challenges are limited per address within the throttle's window
 * (THROTTLE_CONTACT_CHALLENGES_PER_IP, counted apart from registrations and uploads): each costs the server a
 * proof of work's derivation, so past the limit the address gets 429 with the wait in its language, for any
 * event (an unknown one's challenge counts too); other addresses still get theirs.
 */
describe.each(databaseKinds())("contact challenges throttled per address on %s", (kind) => {
  const suite = useTestServer(kind, {
    env: { THROTTLE_CONTACT_CHALLENGES_PER_IP: "3", THROTTLE_REGISTRATIONS_PER_IP: "1", TRUST_PROXY: "1" },
  });

  it("answers 429 with the wait past the limit from one address, and still gives other addresses theirs", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const other = await buildEvent(db, account.id);
    const challenge = (slug: string, address: string, lang = "en") =>
      suite.server.http.get(`/api/v1/public/events/${slug}/contact/challenge`, {
        lang,
        headers: { "X-Forwarded-For": address },
      });

    // More than the registrations' limit (1): challenges are counted apart.
    expect((await challenge(event.slug, "203.0.113.7")).status).toBe(200);
    expect((await challenge(other.slug, "203.0.113.7")).status).toBe(200);
    expect((await challenge("no-such-event", "203.0.113.7")).status).toBe(404);
    const refused = await challenge(event.slug, "203.0.113.7", "fr");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.error.code).toBe("too_many_attempts");
    expect(refused.body.error.message).toMatch(/minute/);
    expect(refused.body.error.message).not.toBe((await challenge(event.slug, "203.0.113.7", "en")).body.error.message);

    const elsewhere = await challenge(event.slug, "198.51.100.9");
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256" });
  });
});

import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { linksIn } from "../../helpers/smtp.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * A guest signs in to an event's portal with an emailed link, which only a POST spends (a mail scanner
 * opening it spends nothing), or with the 6-digit code of the same email; once, within 10 minutes; unknown
 * emails are answered alike; wrong codes end the link and then the email's attempts.
 */
describe.each(databaseKinds())("guest portal sign-in on %s", (kind) => {
  const suite = useTestServer(kind, { env: { THROTTLE_LOGIN_FAILURES_PER_EMAIL: "7" } });

  async function setUp(email = `ada.${Math.random().toString(36).slice(2, 8)}@example.org`) {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const guest = await buildGuest(db, event, { email, firstName: "Ada", status: "confirmed" });
    const portal = `/api/v1/public/events/${event.slug}/portal`;
    return { db, event, guest, email, portal };
  }

  /** Asks for a link and reads the email: the link's token and the code. */
  async function emailed(portal: string, email: string, lang = "en") {
    const asked = await suite.server.http.post(`${portal}/link`, { email }, { lang });
    expect(asked.status).toBe(202);
    const mail = await suite.server.mailbox.waitFor(email);
    const link = linksIn(mail).find((url) => url.includes("/portal/confirm"))!;
    const code = /\b(\d{6})\b/.exec(mail.text ?? "")![1]!;
    return { asked, mail, link, token: new URL(link).hash.replace("#token=", ""), code };
  }

  const cookieOf = (response: { headers: Headers }) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .find((cookie) => cookie.startsWith("tessera_guest="))!;

  it("emails a link and a code, in the caller's language, and answers an unknown email alike", async () => {
    const { email, portal, event } = await setUp();
    const { asked, mail, link } = await emailed(portal, email, "fr");
    expect(mail.subject).toBe(`Connexion à ${event.name}`);
    expect(link).toMatch(new RegExp(`/fr/${event.slug}/portal/confirm#token=tsl_`));
    const unknown = await suite.server.http.post(`${portal}/link`, { email: "nobody@example.org" }, { lang: "fr" });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: asked.status, body: asked.body });
    await expect(suite.server.mailbox.waitFor("nobody@example.org", { timeoutMs: 300 })).rejects.toThrow();
  });

  it("spends the link only on the confirming POST, once, and opens a session for this event only", async () => {
    const { email, portal, event } = await setUp();
    const { link, token } = await emailed(portal, email);
    // What a mail scanner does: open the link (the page), any number of times; it never sees the fragment.
    for (let scan = 0; scan < 3; scan++) await (await fetch(link.replace(/#.*/, ""))).arrayBuffer();
    const signedIn = await suite.server.http.post(`${portal}/session`, { token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ guest: { email, firstName: "Ada" }, event: { slug: event.slug } });
    const cookie = cookieOf(signedIn);
    const guest = suite.server.http.withCookies(cookie);
    expect((await guest.get(`${portal}/me`)).body.guest.email).toBe(email);
    const again = await suite.server.http.post(`${portal}/session`, { token });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("invalid_link");

    const other = await buildEvent(suite.server.db, event.accountId);
    expect((await guest.get(`/api/v1/public/events/${other.slug}/portal/me`)).status).toBe(401);
    expect((await guest.post(`${portal}/logout`)).status).toBe(200);
    expect((await guest.get(`${portal}/me`)).status).toBe(401);
    expect((await suite.server.http.get(`${portal}/me`)).status).toBe(401);
  });

  it("refuses a link past its 10 minutes", async () => {
    const { db, email, portal, guest } = await setUp();
    const { token } = await emailed(portal, email);
    await db("guestSignInLinks")
      .where({ guestId: guest.id })
      .update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await suite.server.http.post(`${portal}/session`, { token })).status).toBe(400);
  });

  it("takes the code on another device, ends the link after five wrong codes, then holds the email back", async () => {
    const { email, portal } = await setUp();
    const first = await emailed(portal, email);
    const byCode = await suite.server.http.post(`${portal}/session`, { email, code: first.code });
    expect(byCode.status).toBe(200);
    expect((await suite.server.http.post(`${portal}/session`, { token: first.token })).status).toBe(400);

    suite.server.mailbox.messages.length = 0;
    const second = await emailed(portal, email);
    const wrong = second.code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt++) {
      const refused = await suite.server.http.post(`${portal}/session`, { email, code: wrong });
      expect(refused.status).toBe(400);
    }
    expect((await suite.server.http.post(`${portal}/session`, { email, code: second.code })).status).toBe(400);
    // Seven failures for this email: the next attempts wait, even with a code that would be right.
    expect((await suite.server.http.post(`${portal}/session`, { email, code: wrong })).status).toBe(400);
    const held = await suite.server.http.post(`${portal}/session`, { email, code: wrong });
    expect(held.status).toBe(429);
    expect(held.body.error.code).toBe("too_many_attempts");
  });

  it("stops emailing an address past the limit, answering the same", async () => {
    const { email, portal } = await setUp();
    for (let request = 0; request < 7; request++) {
      const asked = await suite.server.http.post(`${portal}/link`, { email });
      expect(asked.status).toBe(202);
    }
    // Every link asked for is sent (or dropped) once the queue is empty: no guess of how long that takes.
    await suite.server.deps.jobs.drain();
    const sent = suite.server.mailbox.messages.filter((mail) => JSON.stringify(mail.to).includes(email));
    expect(sent).toHaveLength(5);
  });
});

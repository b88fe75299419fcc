import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { ContactMessage } from "../../../api/src/models/ContactMessage.ts";
import { createCaptchaChallenge, CAPTCHA_VALID_MINUTES } from "../../../api/src/services/contact/captcha.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount, buildUser } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import type { ServerSuite } from "../../helpers/suite.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * "Contact the organizer" (issue 11 item 6; spec §5: the privacy policy accepted and a captcha): a guest, signed
 * in or not, solves the server's proof-of-work challenge and writes; the message is stored, then emailed to the
 * organizer with the guest's address to reply to. A solution works once, tampered or expired ones never; the
 * sender's email and address are limited; a signed-in guest's message carries their guest id.
 */

const unique = () => Math.random().toString(36).slice(2, 8);
/** Each test writes from addresses of its own (TRUST_PROXY=1), so the per-address limit counts only its own. */
const someAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

/** The payload the browser sends: base64 of the challenge and its solution, as ALTCHA's widget does. */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge was not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

async function setUp(suite: ServerSuite) {
  const { db } = suite.server;
  const account = await buildAccount(db);
  const organizer = await buildUser(db, {
    accountId: account.id,
    role: "organizer",
    email: `organizer.${unique()}@example.org`,
    firstName: "Olga",
    language: "fr",
  });
  const event = await buildEvent(db, account.id, { createdBy: organizer.id, name: `Summit ${unique()}` });
  const base = `/api/v1/public/events/${event.slug}`;
  return { db, account, organizer, event, base };
}

function contactApi(suite: ServerSuite, base: string) {
  const challenge = async (client: HttpClient = suite.server.http) => {
    const response = await client.get(`${base}/contact/challenge`);
    expect(response.status).toBe(200);
    return response.body as Challenge;
  };
  const message = (overrides: Record<string, unknown> = {}) => ({
    name: "Bob Guest",
    email: `bob.${unique()}@example.org`,
    subject: "Parking",
    message: "Hello,\nwhere can I park?",
    acceptsPrivacyPolicy: true,
    ...overrides,
  });
  const send = (
    body: Record<string, unknown>,
    { client = suite.server.http, lang = "en", address = someAddress() } = {},
  ) => client.post(`${base}/contact`, body, { lang, headers: { "X-Forwarded-For": address } });
  return { challenge, message, send };
}

describe.each(databaseKinds())("contact the organizer on %s", (kind) => {
  const suite = useTestServer(kind, {
    env: { TRUST_PROXY: "1", THROTTLE_RESET_REQUESTS_PER_EMAIL: "3", THROTTLE_RESET_REQUESTS_PER_IP: "4" },
  });

  it("gives a signed challenge valid 10 minutes, and 404 for an unknown event", async () => {
    const { base } = await setUp(suite);
    const { challenge } = contactApi(suite, base);
    const before = Math.floor(Date.now() / 1000);
    const given = await challenge();
    expect(given.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 1000 });
    expect(given.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(given.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(given.parameters.expiresAt).toBeGreaterThanOrEqual(before + CAPTCHA_VALID_MINUTES * 60 - 1);
    expect(given.parameters.expiresAt).toBeLessThanOrEqual(before + CAPTCHA_VALID_MINUTES * 60 + 2);

    const unknown = "/api/v1/public/events/no-such-event";
    expect((await suite.server.http.get(`${unknown}/contact/challenge`)).status).toBe(404);
    const { message, send } = contactApi(suite, unknown);
    const refused = await send({ ...message(), captcha: await solved(given) });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("not_found");
  });

  it("takes a solved challenge once: stores the message and emails the organizer, replies going to the guest", async () => {
    const { base, organizer, event } = await setUp(suite);
    const { challenge, message, send } = contactApi(suite, base);
    const body = { ...message(), captcha: await solved(await challenge()) };
    const sent = await send(body);
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ id: expect.any(String), guestId: null });

    const stored = await ContactMessage.query(suite.server.db).findById(sent.body.id);
    expect(stored).toMatchObject({
      accountId: event.accountId,
      eventId: event.id,
      guestId: null,
      senderName: "Bob Guest",
      senderEmail: body.email,
      subject: "Parking",
      message: "Hello,\nwhere can I park?",
      language: "en",
      readAt: null,
    });

    // In the organizer's language (French), to the event's creator.
    const mail = await suite.server.mailbox.waitFor(organizer.email, { timeoutMs: 10_000 });
    expect(mail.subject).toBe(`[${event.name}] Parking`);
    expect(mail.replyTo?.value.map((address) => address.address)).toEqual([body.email]);
    expect(mail.text).toContain("Bonjour Olga,");
    expect(mail.text).toContain(`Bob Guest (${body.email}) vous a écrit`);
    expect(mail.text).toContain("> Hello,\n> where can I park?");

    // The same solution again, even with another message: refused at the captcha.
    const again = await send({ ...body, message: "Second try" });
    expect(again.status).toBe(422);
    expect(again.body.error.details).toEqual([
      {
        field: "captcha",
        code: "captcha_used",
        message: "This verification that you are human has already been used. Please try again.",
      },
    ]);
    expect(await ContactMessage.query(suite.server.db).where({ eventId: event.id }).resultSize()).toBe(1);
  });

  it("refuses a tampered, foreign, malformed or expired solution at the captcha field", async () => {
    const { base, event } = await setUp(suite);
    const { challenge, message, send } = contactApi(suite, base);
    const codeOf = async (captcha: string, lang = "en") => {
      const response = await send({ ...message(), captcha }, { lang });
      expect(response.status).toBe(422);
      expect(response.body.error.details).toHaveLength(1);
      expect(response.body.error.details[0].field).toBe("captcha");
      return response.body.error.details[0] as { code: string; message: string };
    };
    const given = await challenge();
    const payload = JSON.parse(Buffer.from(await solved(given), "base64").toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");

    // Another counter and key than the signed one.
    const wrongSolution = { ...payload, solution: { counter: 1, derivedKey: "ab".repeat(32) } };
    expect((await codeOf(encode(wrongSolution))).code).toBe("captcha_invalid");
    // An easier challenge (cost 1) with the server's signature of the real one.
    const cheaper = { ...given, parameters: { ...given.parameters, cost: 1 } };
    expect((await codeOf(encode({ challenge: cheaper, solution: payload.solution }))).code).toBe("captcha_invalid");
    // A later expiry: the signature no longer matches.
    const longer = { ...payload, challenge: { ...given, parameters: { ...given.parameters, expiresAt: 4102444800 } } };
    expect((await codeOf(encode(longer))).code).toBe("captcha_invalid");
    // Not a payload at all.
    expect((await codeOf("not base64 json")).code).toBe("captcha_invalid");
    expect((await codeOf(encode({ challenge: "x", solution: 1 }))).code).toBe("captcha_invalid");

    // Signed by the server but past its 10 minutes.
    const old = await createCaptchaChallenge(suite.server.deps, new Date(Date.now() - 11 * 60_000));
    const expired = await codeOf(await solved(old as Challenge), "fr");
    expect(expired).toEqual({
      field: "captcha",
      code: "captcha_expired",
      message: "La vérification que vous êtes humain a expiré. Veuillez réessayer.",
    });

    // None of them was stored, and the genuine solution still works.
    expect(await ContactMessage.query(suite.server.db).where({ eventId: event.id }).resultSize()).toBe(0);
    expect((await send({ ...message(), captcha: encode(payload) })).status).toBe(201);
  });

  it("refuses a message without the privacy policy accepted, with its message in French", async () => {
    const { base, event } = await setUp(suite);
    const { challenge, message, send } = contactApi(suite, base);
    const captcha = await solved(await challenge());
    const refused = await send({ ...message(), acceptsPrivacyPolicy: false, captcha }, { lang: "fr" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe("Vous devez accepter la politique de confidentialité.");
    expect(refused.body.error.details).toEqual([
      {
        field: "acceptsPrivacyPolicy",
        code: "privacy_policy_required",
        message: "Vous devez accepter la politique de confidentialité.",
      },
    ]);
    // Empty fields: the spec's words, each field named.
    const empty = await send({ name: "", email: "", message: "", acceptsPrivacyPolicy: true, captcha }, { lang: "fr" });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      "email",
      "message",
      "name",
    ]);
    const tooLong = await send({ ...message(), message: "x".repeat(5001), captcha });
    expect(tooLong.body.error.details).toEqual([
      { field: "message", code: "too_long", message: "This field must have at most 5000 characters." },
    ]);
    expect(await ContactMessage.query(suite.server.db).where({ eventId: event.id }).resultSize()).toBe(0);
    // The captcha was never spent by the refused messages.
    expect((await send({ ...message(), captcha })).status).toBe(201);
  });

  it("limits the messages per sender email and per address, saying how long to wait", async () => {
    const { base } = await setUp(suite);
    const { challenge, message, send } = contactApi(suite, base);
    const email = `busy.${unique()}@example.org`;
    for (let sent = 0; sent < 3; sent++) {
      const response = await send({ ...message({ email }), captcha: await solved(await challenge()) });
      expect(response.status).toBe(201);
    }
    // The same email, in other letter cases, from another address.
    const held = await send({ ...message({ email: email.toUpperCase() }), captcha: await solved(await challenge()) });
    expect(held.status).toBe(429);
    expect(held.body.error.code).toBe("too_many_attempts");
    expect(Number(held.headers.get("Retry-After"))).toBeGreaterThan(0);

    // One address, four different emails, then the fifth is held (a wrong captcha counts too).
    const address = "203.0.113.9";
    const first = await send({ ...message(), captcha: "wrong" }, { address });
    expect(first.status).toBe(422);
    for (let sent = 0; sent < 3; sent++) {
      const response = await send({ ...message(), captcha: await solved(await challenge()) }, { address });
      expect(response.status).toBe(201);
    }
    const fromAddress = await send({ ...message(), captcha: await solved(await challenge()) }, { address });
    expect(fromAddress.status).toBe(429);
  });

  it("attaches the message to the guest signed in to the portal, and tells the organizer", async () => {
    const { base, event, organizer, db } = await setUp(suite);
    const email = `ada.${unique()}@example.org`;
    const guest = await buildGuest(db, event, { email, firstName: "Ada", status: "confirmed" });
    const client = await signedInGuestClient(suite.server, `${base}/portal`, email);
    const { challenge, message, send } = contactApi(suite, base);
    const sent = await send(
      { ...message({ email, subject: "" }), captcha: await solved(await challenge(client)) },
      {
        client,
      },
    );
    expect(sent.status).toBe(201);
    expect(sent.body.guestId).toBe(guest.id);
    expect((await ContactMessage.query(db).findById(sent.body.id))?.guestId).toBe(guest.id);
    const mail = await suite.server.mailbox.waitFor(organizer.email, { timeoutMs: 10_000 });
    expect(mail.subject).toBe(`[${event.name}] Message de Bob Guest`);
    expect(mail.text).toContain("rattaché à sa fiche d'invité");

    // Another event's session says nothing about this one.
    const other = await buildEvent(db, event.accountId);
    const { challenge: otherChallenge, send: sendOther } = contactApi(suite, `/api/v1/public/events/${other.slug}`);
    const anonymous = await sendOther(
      { ...message(), captcha: await solved(await otherChallenge(client)) },
      { client },
    );
    expect(anonymous.status).toBe(201);
    expect(anonymous.body.guestId).toBeNull();
  });

  it("refuses a message posted from another site's page", async () => {
    const { base } = await setUp(suite);
    const { challenge, message } = contactApi(suite, base);
    const response = await suite.server.http.post(
      `${base}/contact`,
      { ...message(), captcha: await solved(await challenge()) },
      { headers: { Origin: "https://elsewhere.example", "X-Forwarded-For": someAddress() } },
    );
    expect(response.status).toBe(403);
  });
});

describe.each(databaseKinds())("contact the organizer while mail is down on %s", (kind) => {
  // Nothing listens on port 1: every delivery attempt is refused (the mail job retries, for hours).
  const suite = useTestServer(kind, { env: { SMTP_URL: "smtp://127.0.0.1:1" } });

  it("stores the message and answers at once", async () => {
    const { base, event } = await setUp(suite);
    const { challenge, message, send } = contactApi(suite, base);
    const startedAt = Date.now();
    const sent = await send({ ...message(), captcha: await solved(await challenge()) });
    expect(sent.status).toBe(201);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    const stored = await ContactMessage.query(suite.server.db).where({ eventId: event.id });
    expect(stored.map((row) => row.senderName)).toEqual(["Bob Guest"]);
    expect(suite.server.mailbox.messages).toEqual([]);
  });
});

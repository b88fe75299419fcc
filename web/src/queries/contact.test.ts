import { createChallenge, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isApiError } from "@tessera/shared/client";
import { captchaQuery, contactKeys, sendContactMutation } from "./contact.ts";
import { refusal, runMutation, serve, testQueryClient, type ServedCall } from "./testing.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const SECRET = "test-secret-of-the-signature";
const KEY_SECRET = "test-secret-of-the-derived-key";
const draft = {
  name: "Bob Guest",
  email: "bob@example.org",
  subject: "Parking",
  message: "Where can I park?",
  acceptsPrivacyPolicy: true as const,
};

/** A real ALTCHA challenge, as the API signs it, small enough to be solved at once in this thread. */
function signedChallenge(): Promise<Challenge> {
  return createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: 10,
    counter: 7,
    deriveKey,
    expiresAt: new Date(Date.now() + 10 * 60_000),
    hmacSignatureSecret: SECRET,
    hmacKeySignatureSecret: KEY_SECRET,
  });
}

/** The challenge and solution a payload carries, and whether the server would take them. */
async function decoded(payload: string) {
  const { challenge, solution } = JSON.parse(atob(payload)) as { challenge: Challenge; solution: never };
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: SECRET,
    hmacKeySignatureSecret: KEY_SECRET,
  });
  return { challenge, verified: result.verified };
}

/** An API that gives a new challenge each time and answers messages with `answer`. */
function contactApi(
  answer: (call: ServedCall) => { status: number; body?: unknown } = () => ({
    status: 201,
    body: { id: "m-1", guestId: null },
  }),
) {
  const challenges: Challenge[] = [];
  const calls = serve(async (call) => {
    if (call.method !== "GET") return answer(call);
    const challenge = await signedChallenge();
    challenges.push(challenge);
    return { status: 200, body: challenge };
  });
  return { calls, challenges };
}

describe("the contact form in the query layer", () => {
  it("solves the event's challenge in the background into the payload the API takes", async () => {
    const { calls, challenges } = contactApi();
    const { client } = testQueryClient();
    const solved = await client.fetchQuery(captchaQuery("summit"));
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/v1/public/events/summit/contact/challenge" });
    const { challenge, verified } = await decoded(solved.payload);
    expect(challenge).toEqual(challenges[0]);
    expect(verified).toBe(true);
    expect(solved.expiresAt).toBe(challenges[0]!.parameters.expiresAt! * 1000);
  });

  it("sends the message with the solved captcha, then solves a new one for the next message", async () => {
    const { calls, challenges } = contactApi();
    const { client } = testQueryClient();
    await client.fetchQuery(captchaQuery("summit"));
    const result = await runMutation(client, sendContactMutation("summit"), draft);
    expect(result).toEqual({ id: "m-1", guestId: null });
    const sent = calls.find((call) => call.method === "POST")!;
    expect(sent.url).toBe("/api/v1/public/events/summit/contact");
    const { captcha, ...message } = sent.body as typeof draft & { captcha: string };
    expect(message).toEqual(draft);
    expect((await decoded(captcha)).challenge).toEqual(challenges[0]);
    // Spent: the next message gets a challenge of its own.
    expect(client.getQueryData(contactKeys.captcha("summit"))).toBeUndefined();
    await runMutation(client, sendContactMutation("summit"), draft);
    const second = calls.filter((call) => call.method === "POST")[1]!.body as { captcha: string };
    expect((await decoded(second.captcha)).challenge).toEqual(challenges[1]);
  });

  it("keeps the captcha after a refusal of the message, not after a refusal of the captcha", async () => {
    let answer = refusal(422, "invalid_input", [{ field: "acceptsPrivacyPolicy", message: "Accept it." }]);
    contactApi(() => answer);
    const { client } = testQueryClient();
    const key = contactKeys.captcha("summit");
    const refused = await runMutation(client, sendContactMutation("summit"), draft).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(422);
    expect(client.getQueryData(key)).toBeDefined();

    answer = refusal(422, "invalid_input", [{ field: "captcha", message: "Already used." }]);
    await runMutation(client, sendContactMutation("summit"), draft).catch(() => undefined);
    expect(client.getQueryData(key)).toBeUndefined();
  });
});

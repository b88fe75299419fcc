import { createHmac, randomInt } from "node:crypto";
import { createChallenge, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { ValidationIssue } from "@tessera/shared";
import type { CaptchaChallenge } from "@tessera/shared/schemas/contact";
import { isUniqueViolation } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps, Scope } from "../scope.ts";

/*
 * The contact form's self-hosted captcha: an ALTCHA proof of work (altcha-lib v2), no third party. The server
 * signs a challenge whose answer it knows (altcha's "deterministic" mode: it derives the key of a random counter
 * and gives the browser only the key's first half), so checking a solution is one HMAC, while the browser has
 * to derive keys counter after counter until it finds it. A solution works once: its challenge's signature is
 * kept (table spent_captchas) until the challenge expires.
 */

const CAPTCHA_ALGORITHM = "PBKDF2/SHA-256";
/** PBKDF2 iterations per counter tried. */
const CAPTCHA_COST = 1_000;
/**
 * The counter the browser must reach, drawn in this range: about 200 000 PBKDF2-SHA-256 iterations on average,
 * 40-80 ms on a laptop's WebCrypto and a few hundred on a phone.
 */
const CAPTCHA_COUNTER_MIN = 100;
const CAPTCHA_COUNTER_MAX = 300;
export const CAPTCHA_VALID_MINUTES = 10;

interface CaptchaSecrets {
  /** Signs the challenge's parameters. */
  challenge: string;
  /** Signs the derived key the solution must have. */
  key: string;
}

/** Both HMAC keys, derived from the server's secret (TESSERA_SECRET) so that every API process shares them. */
function secretsOf(deps: Pick<AppDeps, "config">): CaptchaSecrets {
  const derive = (label: string) => createHmac("sha256", deps.config.secret).update(label).digest("hex");
  return { challenge: derive("tessera.captcha.challenge"), key: derive("tessera.captcha.key") };
}

/** A new signed challenge, valid CAPTCHA_VALID_MINUTES from `now`. */
export async function createCaptchaChallenge(deps: Pick<AppDeps, "config">, now: Date): Promise<CaptchaChallenge> {
  const secrets = secretsOf(deps);
  const challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: CAPTCHA_COST,
    counter: randomInt(CAPTCHA_COUNTER_MIN, CAPTCHA_COUNTER_MAX + 1),
    deriveKey,
    expiresAt: new Date(now.getTime() + CAPTCHA_VALID_MINUTES * 60_000),
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  });
  return challenge as CaptchaChallenge;
}

const captchaIssue = (code: "captcha_invalid" | "captcha_expired" | "captcha_used"): AppError =>
  AppError.invalid([{ field: "captcha", code } satisfies ValidationIssue]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The challenge and solution of an ALTCHA payload (base64 of their JSON), or null when it is not one. */
function decodePayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return null;
  }
  if (!isObject(decoded) || !isObject(decoded.challenge) || !isObject(decoded.solution)) return null;
  const { challenge, solution } = decoded;
  if (!isObject(challenge.parameters) || typeof challenge.signature !== "string") return null;
  if (typeof solution.counter !== "number" || typeof solution.derivedKey !== "string") return null;
  return {
    challenge: challenge as unknown as Challenge,
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
}

/**
 * Checks a solved challenge (422 at `captcha` when it is wrong, tampered with or expired) and returns what
 * spending it needs. Spend it with spendCaptcha, in the transaction that stores what it let through.
 */
export async function verifyCaptcha(scope: Scope, payload: string): Promise<{ signature: string; expiresAt: Date }> {
  const decoded = decodePayload(payload);
  if (!decoded) throw captchaIssue("captcha_invalid");
  const { challenge, solution } = decoded;
  const expiresAtSeconds = challenge.parameters.expiresAt;
  // Our challenges always expire; one without an expiry was not made here (its signature would fail too).
  if (typeof expiresAtSeconds !== "number") throw captchaIssue("captcha_invalid");
  const secrets = secretsOf(scope.deps);
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: secrets.challenge,
      hmacKeySignatureSecret: secrets.key,
    });
  } catch {
    // A parameter altcha-lib cannot work with (an unknown algorithm …): not a solution of ours.
    throw captchaIssue("captcha_invalid");
  }
  const expiresAt = new Date(expiresAtSeconds * 1000);
  // altcha-lib compares with the system's time; the scope's clock has the last word (tests move it).
  if (result.expired || (!result.invalidSignature && expiresAt <= scope.clock.now())) {
    throw captchaIssue(result.invalidSignature ? "captcha_invalid" : "captcha_expired");
  }
  if (!result.verified) throw captchaIssue("captcha_invalid");
  return { signature: challenge.signature!, expiresAt };
}

/** Marks a verified solution spent (422 captcha_used when it already was), and forgets the expired ones. */
export async function spendCaptcha(trx: Knex, spent: { signature: string; expiresAt: Date }, now: Date): Promise<void> {
  await trx("spentCaptchas").where("expiresAt", "<", now.toISOString()).delete();
  try {
    await trx("spentCaptchas").insert({ signature: spent.signature, expiresAt: spent.expiresAt.toISOString() });
  } catch (error) {
    if (isUniqueViolation(error)) throw captchaIssue("captcha_used");
    throw error;
  }
}

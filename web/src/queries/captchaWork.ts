import { solveChallenge, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";

/** The browser gives up a challenge after this long (a server's is solved in well under a second). */
export const CAPTCHA_SOLVE_TIMEOUT_MS = 60_000;

/**
 * Finds a challenge's solution in the calling thread, with the browser's WebCrypto PBKDF2 (altcha-lib's solver):
 * the web worker runs it, and so do tests and browsers without workers.
 */
export async function solveHere(challenge: Challenge, signal?: AbortSignal): Promise<Solution | null> {
  const controller = new AbortController();
  signal?.addEventListener("abort", () => controller.abort());
  return solveChallenge({ challenge, deriveKey, controller, timeout: CAPTCHA_SOLVE_TIMEOUT_MS });
}

/** The payload the API takes: base64 of the challenge and its solution (ALTCHA's own format). */
export function captchaPayload(challenge: Challenge, solution: Solution): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ challenge, solution }));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

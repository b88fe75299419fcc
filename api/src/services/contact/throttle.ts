import { clientAddressOf, createLimiter, limitersPerApp, refuseOverLimits } from "../auth/loginThrottle.ts";
import { sha256 } from "../auth/sessions.ts";
import type { Scope } from "../scope.ts";

/*
 * Limits of the contact form. Messages: as the portal's sign-in links have them (the same limits of the
 * configuration: requests that make the platform send an email, per email and per address within the
 * window), with counters of their own; every message sent counts, refused ones too (a wrong captcha), so that
 * guessing costs as much. Challenges (throttle.contactChallengesPerIp, each costs the server a proof of work's
 * derivation): per address, in this process's memory as registrations' are (registrationThrottle.ts). Past a
 * limit: 429 with the wait, since a guest who writes needs to know that the message did not go.
 */

const limitersFor = limitersPerApp((deps) => {
  const limits = deps.config.throttle;
  return {
    byEmail: createLimiter(deps, "contact_email", limits.resetRequestsPerEmail, false),
    byIp: createLimiter(deps, "contact_ip", limits.resetRequestsPerIp, false),
    challengesByIp: createLimiter(
      deps,
      "contact_challenge_ip",
      limits.contactChallengesPerIp,
      false,
      { duration: limits.windowMinutes * 60, blockDuration: 0 },
      "process",
    ),
  };
});

/** Counts a message from this address and sender email; 429 too_many_attempts past either limit. */
export async function countContactMessage(scope: Scope, emailNormalized: string): Promise<void> {
  const { byEmail, byIp } = limitersFor(scope.deps);
  await refuseOverLimits([
    [byEmail, sha256(emailNormalized)],
    [byIp, clientAddressOf(scope)],
  ]);
}

/** Counts a challenge asked for from this address; 429 too_many_attempts past the limit. */
export async function countContactChallenge(scope: Scope): Promise<void> {
  await refuseOverLimits([[limitersFor(scope.deps).challengesByIp, clientAddressOf(scope)]]);
}

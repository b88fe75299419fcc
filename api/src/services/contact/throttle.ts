import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { clientAddressOf, createLimiter, tooManyAttempts } from "../auth/loginThrottle.ts";
import { sha256 } from "../auth/sessions.ts";
import type { AppDeps, Scope } from "../scope.ts";

/*
 * Limits of the contact form, as the portal's sign-in links have them (the same limits of the configuration:
 * requests that make the platform send an email, per email and per address within the window), with counters
 * of their own. Every message sent counts, refused ones too (a wrong captcha), so that guessing costs as much.
 * Past a limit: 429 with the wait, since a guest who writes needs to know that the message did not go.
 */

interface ContactLimiters {
  byEmail: RateLimiterAbstract;
  byIp: RateLimiterAbstract;
}

const limitersByApp = new WeakMap<AppDeps, ContactLimiters>();

function limitersFor(deps: AppDeps): ContactLimiters {
  let limiters = limitersByApp.get(deps);
  if (!limiters) {
    const limits = deps.config.throttle;
    limiters = {
      byEmail: createLimiter(deps, "contact_email", limits.resetRequestsPerEmail, false),
      byIp: createLimiter(deps, "contact_ip", limits.resetRequestsPerIp, false),
    };
    limitersByApp.set(deps, limiters);
  }
  return limiters;
}

/** Counts a message from this address and sender email; 429 too_many_attempts past either limit. */
export async function countContactMessage(scope: Scope, emailNormalized: string): Promise<void> {
  const { byEmail, byIp } = limitersFor(scope.deps);
  const results = await Promise.allSettled([
    byEmail.consume(sha256(emailNormalized)),
    byIp.consume(clientAddressOf(scope)),
  ]);
  let wait = 0;
  for (const result of results) {
    if (result.status === "fulfilled") continue;
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    wait = Math.max(wait, result.reason.msBeforeNext);
  }
  if (wait > 0) throw tooManyAttempts(wait);
}

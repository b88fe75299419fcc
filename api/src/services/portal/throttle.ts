import {
  allowedByAll,
  clientAddressOf,
  createLimiter,
  limitersPerApp,
  tooManyAttempts,
} from "../auth/loginThrottle.ts";
import { sha256 } from "../auth/sessions.ts";
import type { Scope } from "../scope.ts";

/*
 * Limits of the guest portal's sign-in, keyed the same whether the event has a guest with the email or not
 * (nothing tells them apart): sign-in links requested per email and per address (past them, dropped without
 * saying so, as password resets are), and wrong codes per email (past them, 429).
 */

const limitersFor = limitersPerApp((deps) => {
  const limits = deps.config.throttle;
  return {
    linksByEmail: createLimiter(deps, "portal_link_email", limits.resetRequestsPerEmail, false),
    linksByIp: createLimiter(deps, "portal_link_ip", limits.resetRequestsPerIp, false),
    wrongCodesByEmail: createLimiter(deps, "portal_code_email", limits.loginFailuresPerEmail, false),
  };
});

const emailKey = (eventId: string, emailNormalized: string) => sha256(`${eventId}:${emailNormalized}`);

/** Whether another sign-in link may be sent for this email of the event, from this address. */
export async function mayRequestLink(scope: Scope, eventId: string, emailNormalized: string): Promise<boolean> {
  const { linksByEmail, linksByIp } = limitersFor(scope.deps);
  return allowedByAll([
    [linksByEmail, emailKey(eventId, emailNormalized)],
    [linksByIp, clientAddressOf(scope)],
  ]);
}

/** 429 while this email has had too many wrong codes; otherwise nothing. */
export async function refuseWhileBlocked(scope: Scope, eventId: string, emailNormalized: string): Promise<void> {
  const res = await limitersFor(scope.deps).wrongCodesByEmail.get(emailKey(eventId, emailNormalized));
  const limit = scope.deps.config.throttle.loginFailuresPerEmail;
  if (res && res.consumedPoints >= limit) throw tooManyAttempts(res.msBeforeNext);
}

/** Counts a wrong code against the email. */
export async function countWrongCode(scope: Scope, eventId: string, emailNormalized: string): Promise<void> {
  await allowedByAll([[limitersFor(scope.deps).wrongCodesByEmail, emailKey(eventId, emailNormalized)]]);
}

import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { sha256 } from "../auth/sessions.ts";
import { clientAddressOf, tooManyAttempts } from "../auth/loginThrottle.ts";
import type { AppDeps, Scope } from "../scope.ts";

/*
 * How many registrations and form uploads one address may send within the throttle's window (config
 * throttle.registrationsPerIp, each counted apart). Kept in this process's memory, not in the shared
 * table the sign-in limits use: a registration storm then costs no extra statement, and with several API
 * processes an address gets that many per process, which still stops a script filling an event.
 */

export type RegistrationTurn = "registration" | "upload";

const limitersByApp = new WeakMap<AppDeps, Record<RegistrationTurn, RateLimiterMemory>>();

function limitersFor(deps: AppDeps): Record<RegistrationTurn, RateLimiterMemory> {
  let limiters = limitersByApp.get(deps);
  if (!limiters) {
    const { windowMinutes, registrationsPerIp } = deps.config.throttle;
    const limiter = (keyPrefix: string) =>
      new RateLimiterMemory({ keyPrefix, points: registrationsPerIp, duration: windowMinutes * 60 });
    limiters = { registration: limiter("registration_ip"), upload: limiter("form_upload_ip") };
    limitersByApp.set(deps, limiters);
  }
  return limiters;
}

/** Takes one of the caller's address's turns; 429 too_many_attempts (with the wait) once they are spent. */
export async function takeRegistrationTurn(scope: Scope, turn: RegistrationTurn): Promise<void> {
  try {
    await limitersFor(scope.deps)[turn].consume(sha256(clientAddressOf(scope)));
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyAttempts(error.msBeforeNext);
    throw error;
  }
}

import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { sha256 } from "../auth/sessions.ts";
import { clientAddressOf, tooManyAttempts } from "../auth/loginThrottle.ts";
import type { AppDeps, Scope } from "../scope.ts";

/*
 * How many registrations and form uploads one address may send within the throttle's window (config
 * throttle.registrationsPerIp, each counted apart), and how many contact-form challenges it may ask for
 * (throttle.contactChallengesPerIp: each costs the server a proof of work's derivation). Kept in this
 * process's memory, not in the shared table the sign-in limits use: a registration storm then costs no extra
 * statement, and with several API processes an address gets that many per process, which still stops a
 * script filling an event or keeping the server busy.
 */

export type RegistrationTurn = "registration" | "upload" | "contact_challenge";

const limitersByApp = new WeakMap<AppDeps, Record<RegistrationTurn, RateLimiterMemory>>();

function limitersFor(deps: AppDeps): Record<RegistrationTurn, RateLimiterMemory> {
  let limiters = limitersByApp.get(deps);
  if (!limiters) {
    const { windowMinutes, registrationsPerIp, contactChallengesPerIp } = deps.config.throttle;
    const limiter = (keyPrefix: string, points: number) =>
      new RateLimiterMemory({ keyPrefix, points, duration: windowMinutes * 60 });
    limiters = {
      registration: limiter("registration_ip", registrationsPerIp),
      upload: limiter("form_upload_ip", registrationsPerIp),
      contact_challenge: limiter("contact_challenge_ip", contactChallengesPerIp),
    };
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

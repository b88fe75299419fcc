import { clientAddressOf, createLimiter, limitersPerApp, refuseOverLimits } from "../auth/loginThrottle.ts";
import type { Scope } from "../scope.ts";

/*
 * How many registrations and form uploads one address may send within the throttle's window (config
 * throttle.registrationsPerIp, each counted apart). Kept in this process's memory, not in the shared table the
 * sign-in limits use: a registration storm then costs no extra statement, and with several API processes an
 * address gets that many per process, which still stops a script filling an event.
 */

export type RegistrationTurn = "registration" | "upload";

const limitersFor = limitersPerApp((deps): Record<RegistrationTurn, ReturnType<typeof createLimiter>> => {
  const { windowMinutes, registrationsPerIp } = deps.config.throttle;
  const windows = { duration: windowMinutes * 60, blockDuration: 0 };
  return {
    registration: createLimiter(deps, "registration_ip", registrationsPerIp, false, windows, "process"),
    upload: createLimiter(deps, "form_upload_ip", registrationsPerIp, false, windows, "process"),
  };
});

/** Takes one of the caller's address's turns; 429 too_many_attempts (with the wait) once they are spent. */
export async function takeRegistrationTurn(scope: Scope, turn: RegistrationTurn): Promise<void> {
  await refuseOverLimits([[limitersFor(scope.deps)[turn], clientAddressOf(scope)]]);
}

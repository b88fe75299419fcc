import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { AppDeps, Scope } from "../scope.ts";
import { AppError } from "../../errors.ts";
import { sha256 } from "./sessions.ts";

/**
 * Brute-force limits (rate-limiter-flexible). On PostgreSQL the counters live in the `rate_limits`
 * table (migration 20261121000800), so every API process behind a load balancer shares them; on
 * SQLite (one process) they are kept in memory. Limiters belong to one app instance (its deps), not
 * to the module, so several servers in one process (tests) never share counters.
 *
 * Sign-in never locks an account (which would let anyone lock anyone out, OWASP): past a few free
 * failures, attempts at an account are spaced by a delay that doubles with each further failure, up to
 * the window. The failures counted are those from devices the account never signed in from; a known
 * device (knownDevices.ts) has counters of its own, so the owner's right password there still signs in
 * while someone elsewhere guesses. An address that fails at many accounts is blocked for the window.
 *
 * An attempt counts as a failure *before* the password is checked (an atomic upsert), and the delay's
 * gate is taken atomically too, so concurrent guesses cannot slip past; the point is given back when
 * the attempt turns out not to be a failure.
 */

/** Table of the PostgreSQL store; its columns are the library's (key, points, expire). */
export const RATE_LIMIT_TABLE = "rate_limits";

/** How long an account's (or a device's) failures are remembered, from the first, when no sign-in succeeds. */
const FAILURES_KEPT_SECONDS = 24 * 60 * 60;

interface Limiters {
  /** Failed sign-ins at an account from unknown devices, or from one known device (keys say which). */
  loginFailures: RateLimiterAbstract;
  /** Present while the next attempt at an account (or from a known device) must wait. */
  loginDelay: RateLimiterAbstract;
  loginByIp: RateLimiterAbstract;
  resetByEmail: RateLimiterAbstract;
  resetByIp: RateLimiterAbstract;
  codeEmailsByUser: RateLimiterAbstract;
  clientErrorsByIp: RateLimiterAbstract;
}

/** Crash reports of the web app recorded per address and window (more are answered but not kept). */
const CLIENT_ERRORS_PER_IP = 30;

/**
 * A limiter of `points` per key and window. `store` "shared": on PostgreSQL in the shared table (every API
 * process counts together); "process": in this process's memory only (no statement per request; with several
 * processes a key gets that many per process).
 */
export function createLimiter(
  deps: AppDeps,
  keyPrefix: string,
  points: number,
  clearExpired: boolean,
  // By default a window, and once past the limit, the key stays blocked for a whole window from that moment.
  windows: { duration: number; blockDuration: number } = {
    duration: deps.config.throttle.windowMinutes * 60,
    blockDuration: deps.config.throttle.windowMinutes * 60,
  },
  store: "shared" | "process" = "shared",
): RateLimiterAbstract {
  const options = { keyPrefix, points, ...windows };
  if (!deps.config.databaseUrl || store === "process") return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: deps.db,
    storeType: "knex",
    tableName: RATE_LIMIT_TABLE,
    // The migration created the table: no DDL at request time.
    tableCreated: true,
    // One sweeper of expired rows is enough for the shared table.
    clearExpiredByTimeout: clearExpired,
    // If the database cannot be reached, keep limiting in this process rather than failing open.
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/**
 * The limiters `build` makes, once per app instance (its deps) rather than per module, so that several servers
 * in one process (tests) never share counters.
 */
export function limitersPerApp<T>(build: (deps: AppDeps) => T): (deps: AppDeps) => T {
  const byApp = new WeakMap<AppDeps, T>();
  return (deps) => {
    let limiters = byApp.get(deps);
    if (!limiters) {
      limiters = build(deps);
      byApp.set(deps, limiters);
    }
    return limiters;
  };
}

const limitersFor = limitersPerApp((deps): Limiters => {
  const limits = deps.config.throttle;
  return {
    loginFailures: createLimiter(deps, "login_failures", 1_000_000, true, {
      duration: FAILURES_KEPT_SECONDS,
      blockDuration: 0,
    }),
    // One attempt per delay; each sets its own length (consume's customDuration, block).
    loginDelay: createLimiter(deps, "login_delay", 1, false, { duration: 1, blockDuration: 0 }),
    loginByIp: createLimiter(deps, "login_ip", limits.loginFailuresPerIp, false),
    resetByEmail: createLimiter(deps, "reset_email", limits.resetRequestsPerEmail, false),
    resetByIp: createLimiter(deps, "reset_ip", limits.resetRequestsPerIp, false),
    codeEmailsByUser: createLimiter(deps, "code_user", limits.codeEmailsPerUser, false),
    clientErrorsByIp: createLimiter(deps, "client_errors_ip", CLIENT_ERRORS_PER_IP, false),
  };
});

/** The caller's address the per-IP limits count against (one shared bucket when it is unknown). */
export function clientAddressOf(scope: Pick<Scope, "clientAddress">): string {
  return scope.clientAddress || "unknown";
}

/** Addresses are hashed so the shared table holds no personal data (and keys stay short). */
function emailKey(normalizedEmail: string): string {
  return sha256(normalizedEmail);
}

/** Whose failures an attempt counts toward: the account's from unknown devices, or one known device's. */
function failureKey(normalizedEmail: string, knownDevice: string | null): string {
  return knownDevice ? `device:${sha256(knownDevice)}` : emailKey(normalizedEmail);
}

/**
 * Seconds the next attempt waits after `failures` failures: none for the first `free` ones, then 1 s,
 * doubling with each failure, never more than `longestSeconds`.
 */
export function delayAfterFailures(failures: number, free: number, longestSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** Math.min(failures - free, 30), longestSeconds);
}

/** 429 too_many_attempts with the minutes to wait; the error middleware sets Retry-After. */
export function tooManyAttempts(msBeforeNext: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError("too_many_attempts", 429, {
    params: { count: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    details: { retryAfterSeconds },
  });
}

/**
 * Takes one point on each limiter. Resolves with the refused results (empty when allowed); store
 * errors other than a refusal propagate.
 */
async function consumeAll(
  entries: ReadonlyArray<readonly [RateLimiterAbstract, string]>,
  options?: { customDuration: number },
): Promise<RateLimiterRes[]> {
  const results = await Promise.allSettled(entries.map(([limiter, key]) => limiter.consume(key, 1, options)));
  const refused: RateLimiterRes[] = [];
  for (const result of results) {
    if (result.status === "fulfilled") continue;
    if (result.reason instanceof RateLimiterRes) refused.push(result.reason);
    else throw result.reason;
  }
  return refused;
}

function longestWait(refused: RateLimiterRes[]): number {
  return Math.max(...refused.map((res) => res.msBeforeNext));
}

/** Takes one point on each limiter: whether every one allowed it (each counts the point either way). */
export async function allowedByAll(entries: ReadonlyArray<readonly [RateLimiterAbstract, string]>): Promise<boolean> {
  return (await consumeAll(entries)).length === 0;
}

/** Takes one point on each limiter; 429 too_many_attempts, with the longest wait, when one refuses it. */
export async function refuseOverLimits(entries: ReadonlyArray<readonly [RateLimiterAbstract, string]>): Promise<void> {
  const refused = await consumeAll(entries);
  if (refused.length) throw tooManyAttempts(longestWait(refused));
}

export interface SignInAttempt {
  /** Wrong credentials or code: the failure stays counted, and the next attempt waits when past the free ones. */
  failed(): Promise<void>;
  /** Right password without a session yet (code asked for or sent): not a failure, and no wait. */
  refund(): Promise<void>;
  /** Signed in: the failures this attempt counted toward are forgotten and the address's point given back. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt, or throws 429 while the account (from an unknown device), the known device,
 * or the caller's address has to wait, even if the password would have been right. `knownDevice` is the
 * id of a device the account signed in from (knownDevices.ts), or null.
 */
export async function beginSignInAttempt(
  deps: AppDeps,
  normalizedEmail: string,
  ip: string,
  knownDevice: string | null = null,
): Promise<SignInAttempt> {
  const { loginFailures, loginDelay, loginByIp } = limitersFor(deps);
  const { loginFailuresPerEmail: free, windowMinutes } = deps.config.throttle;
  const key = failureKey(normalizedEmail, knownDevice);
  const longest = windowMinutes * 60;
  // Never refused (its points are many): it counts, and says how many failures came before this attempt.
  const before = (await loginFailures.consume(key)).consumedPoints - 1;
  // A known device answers for its own failures only: the address's limit is for guesses at many accounts.
  const giveBack = () => Promise.all([loginFailures.reward(key), knownDevice ? null : loginByIp.reward(ip)]);
  const refusedByIp = knownDevice ? [] : await consumeAll([[loginByIp, ip]]);
  if (refusedByIp.length) {
    await loginFailures.reward(key);
    throw tooManyAttempts(longestWait(refusedByIp));
  }
  const wait = delayAfterFailures(before, free, longest);
  if (wait > 0) {
    // One attempt per delay, even when several arrive at once.
    const refused = await consumeAll([[loginDelay, key]], { customDuration: wait });
    if (refused.length) {
      await giveBack();
      throw tooManyAttempts(longestWait(refused));
    }
  }
  return {
    async failed() {
      const failures = before + 1;
      const next = delayAfterFailures(failures, free, longest);
      if (next > 0) await loginDelay.block(key, next);
    },
    async refund() {
      await Promise.all([giveBack(), loginDelay.delete(key)]);
    },
    async succeeded() {
      await Promise.all([loginFailures.delete(key), loginDelay.delete(key), knownDevice ? null : loginByIp.reward(ip)]);
    },
  };
}

/** Forgets the failed sign-ins at an account from unknown devices (after its owner reset the password from the email). */
export async function forgetSignInFailures(deps: AppDeps, normalizedEmail: string): Promise<void> {
  const { loginFailures, loginDelay } = limitersFor(deps);
  const key = emailKey(normalizedEmail);
  await Promise.all([loginFailures.delete(key), loginDelay.delete(key)]);
}

/** Whether a password-reset email may be sent for this request; over the limit it is silently dropped. */
export async function allowPasswordResetRequest(deps: AppDeps, normalizedEmail: string, ip: string): Promise<boolean> {
  const { resetByEmail, resetByIp } = limitersFor(deps);
  return allowedByAll([
    [resetByEmail, emailKey(normalizedEmail)],
    [resetByIp, ip],
  ]);
}

/** Throws 429 when the user has been emailed too many second-factor codes in the window. */
export async function allowSecondFactorEmail(deps: AppDeps, userId: string): Promise<void> {
  await refuseOverLimits([[limitersFor(deps).codeEmailsByUser, userId]]);
}

/** Whether a crash report of the web app from this address is recorded. */
export async function allowClientErrorReport(deps: AppDeps, ip: string): Promise<boolean> {
  return allowedByAll([[limitersFor(deps).clientErrorsByIp, ip]]);
}

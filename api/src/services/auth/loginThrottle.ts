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
 * Sign-in counts a point *before* checking the password (an atomic upsert), so concurrent guesses
 * cannot slip past the limit, then gives it back when the attempt turns out not to be a failure.
 */

/** Table of the PostgreSQL store; its columns are the library's (key, points, expire). */
export const RATE_LIMIT_TABLE = "rate_limits";

interface Limiters {
  loginByEmail: RateLimiterAbstract;
  loginByIp: RateLimiterAbstract;
  resetByEmail: RateLimiterAbstract;
  resetByIp: RateLimiterAbstract;
  codeEmailsByUser: RateLimiterAbstract;
}

const limitersByApp = new WeakMap<AppDeps, Limiters>();

function createLimiter(deps: AppDeps, keyPrefix: string, points: number, clearExpired: boolean): RateLimiterAbstract {
  const duration = deps.config.throttle.windowMinutes * 60;
  // Once past the limit, the key stays blocked for a whole window from that moment.
  const options = { keyPrefix, points, duration, blockDuration: duration };
  if (!deps.config.databaseUrl) return new RateLimiterMemory(options);
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

function limitersFor(deps: AppDeps): Limiters {
  let limiters = limitersByApp.get(deps);
  if (!limiters) {
    const limits = deps.config.throttle;
    limiters = {
      loginByEmail: createLimiter(deps, "login_email", limits.loginFailuresPerEmail, true),
      loginByIp: createLimiter(deps, "login_ip", limits.loginFailuresPerIp, false),
      resetByEmail: createLimiter(deps, "reset_email", limits.resetRequestsPerEmail, false),
      resetByIp: createLimiter(deps, "reset_ip", limits.resetRequestsPerIp, false),
      codeEmailsByUser: createLimiter(deps, "code_user", limits.codeEmailsPerUser, false),
    };
    limitersByApp.set(deps, limiters);
  }
  return limiters;
}

/** The caller's address the per-IP limits count against (one shared bucket when it is unknown). */
export function clientAddressOf(scope: Pick<Scope, "clientAddress">): string {
  return scope.clientAddress || "unknown";
}

/** Addresses are hashed so the shared table holds no personal data (and keys stay short). */
function emailKey(normalizedEmail: string): string {
  return sha256(normalizedEmail);
}

/** 429 too_many_attempts with the minutes to wait; the error middleware sets Retry-After. */
function tooManyAttempts(msBeforeNext: number): AppError {
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
async function consumeAll(entries: ReadonlyArray<readonly [RateLimiterAbstract, string]>): Promise<RateLimiterRes[]> {
  const results = await Promise.allSettled(entries.map(([limiter, key]) => limiter.consume(key)));
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

export interface SignInAttempt {
  /** Wrong credentials or code: the point taken stays counted. */
  failed(): Promise<void>;
  /** Right password without a session yet (code asked for or sent): the point is given back. */
  refund(): Promise<void>;
  /** Signed in: the address's failures are forgotten and the IP's point is given back. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt for the address and the IP, or throws 429 when either is blocked (even
 * if the password would have been right).
 */
export async function beginSignInAttempt(deps: AppDeps, normalizedEmail: string, ip: string): Promise<SignInAttempt> {
  const { loginByEmail, loginByIp } = limitersFor(deps);
  const key = emailKey(normalizedEmail);
  const refused = await consumeAll([
    [loginByEmail, key],
    [loginByIp, ip],
  ]);
  if (refused.length) throw tooManyAttempts(longestWait(refused));
  return {
    async failed() {},
    async refund() {
      await Promise.all([loginByEmail.reward(key), loginByIp.reward(ip)]);
    },
    async succeeded() {
      await Promise.all([loginByEmail.delete(key), loginByIp.reward(ip)]);
    },
  };
}

/** Forgets the failed sign-ins of an address (after its owner reset the password from the email). */
export async function forgetSignInFailures(deps: AppDeps, normalizedEmail: string): Promise<void> {
  await limitersFor(deps).loginByEmail.delete(emailKey(normalizedEmail));
}

/** Whether a password-reset email may be sent for this request; over the limit it is silently dropped. */
export async function allowPasswordResetRequest(deps: AppDeps, normalizedEmail: string, ip: string): Promise<boolean> {
  const { resetByEmail, resetByIp } = limitersFor(deps);
  const refused = await consumeAll([
    [resetByEmail, emailKey(normalizedEmail)],
    [resetByIp, ip],
  ]);
  return refused.length === 0;
}

/** Throws 429 when the user has been emailed too many second-factor codes in the window. */
export async function allowSecondFactorEmail(deps: AppDeps, userId: string): Promise<void> {
  const refused = await consumeAll([[limitersFor(deps).codeEmailsByUser, userId]]);
  if (refused.length) throw tooManyAttempts(longestWait(refused));
}

import type { LoginBody, RegisterAdminBody, ResetPasswordBody, SendingTokenBody } from "@tessera/shared";
import type { AppDeps, Scope } from "../scope.ts";
import type { Db } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Account } from "../../models/Account.ts";
import type { Session } from "../../models/Session.ts";
import { normalizeEmail, User } from "../../models/User.ts";
import type { Actor } from "../../policies/actor.ts";
import { PLATFORM_NAME } from "../accounts/invitations.ts";
import { recordAudit } from "../audit/record.ts";
import {
  allowPasswordResetRequest,
  allowSecondFactorEmail,
  beginSignInAttempt,
  clientAddressOf,
  forgetSignInFailures,
} from "./loginThrottle.ts";
import {
  consumeLinkToken,
  consumeSecondFactorCode,
  issueLinkToken,
  issueSecondFactorCode,
  peekLinkToken,
  TOKEN_LIFETIME_MS,
} from "./oneTimeTokens.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { issueDeviceToken, knownDeviceId } from "./knownDevices.ts";
import { createSession, revokeAllSessions, revokeSession } from "./sessions.ts";
import { recordingDelays, recordSignIn } from "./signInRecords.ts";
import { refuseWeakPassword } from "./weakPasswords.ts";

const RESET_VALID_MINUTES = TOKEN_LIFETIME_MS.password_reset / 60_000;
const SECOND_FACTOR_VALID_MINUTES = TOKEN_LIFETIME_MS.second_factor / 60_000;

/** One answer for every sign-in refusal, so callers cannot tell which part was wrong. */
function invalidCredentials(): AppError {
  return new AppError("invalid_credentials", 401);
}

function invalidLink(): AppError {
  return new AppError("invalid_link", 400);
}

/** The new password and its confirmation must match (the rule itself is the body schema's). */
export function requireMatchingConfirmation(password: string, confirmation: string): void {
  if (password !== confirmation) throw AppError.invalid([{ field: "confirmation", code: "passwords_do_not_match" }]);
}

/** The user's account when it may sign in: null for platform administrators, undefined when disabled. */
async function activeAccountOf(db: Db, user: User): Promise<Account | null | undefined> {
  if (!user.accountId) return null;
  const account = await Account.query(db).findById(user.accountId);
  return account?.isActive ? account : undefined;
}

/** A user who may act on their own account: active, in an active account (registered or not). */
async function isUsable(db: Db, user: User): Promise<boolean> {
  return user.isActive && (await activeAccountOf(db, user)) !== undefined;
}

interface Credentials {
  user: User;
  account: Account | null;
}

/** Which of an address's users a sign-in is for: an account's id, null for platform administration. */
export type AccountChoice = string | null | undefined;

/** The password is right for more than one account of this address: the caller picks one and asks again. */
function accountChoiceRequired(choices: readonly Credentials[]): AppError {
  const accounts = choices.map(({ account }) => ({ id: account?.id ?? null, name: account?.name ?? PLATFORM_NAME }));
  return new AppError("account_choice_required", 409, { details: { accounts } });
}

/**
 * The registered, active user (in an active account) whose password this is, or null. One person may
 * belong to several accounts, each with its own user and password: every user of the address is tried,
 * and a password right for several needs `accountId` to say which. The password is hashed whether or
 * not the address exists, so the time taken tells nothing either.
 */
async function checkCredentials(
  deps: AppDeps,
  normalizedEmail: string,
  password: string,
  accountId: AccountChoice,
): Promise<{ credentials: Credentials | null; owners: User[] }> {
  const { db } = deps;
  const query = User.query(db).where({ emailNormalized: normalizedEmail }).orderBy("createdAt");
  if (accountId !== undefined) query.where({ accountId });
  const users = await query;
  const cost = deps.config.passwordHashCost;
  if (!users.some((user) => user.passwordHash)) await verifyPassword(password, null, cost);
  const valid: Credentials[] = [];
  for (const user of users) {
    if (!user.passwordHash || !(await verifyPassword(password, user.passwordHash, cost))) continue;
    if (!user.isActive || !user.registeredAt) continue;
    const account = await activeAccountOf(db, user);
    if (account !== undefined) valid.push({ user, account });
  }
  if (valid.length > 1) throw accountChoiceRequired(valid);
  return { credentials: valid[0] ?? null, owners: users };
}

/**
 * The start of every sign-in with a password (a session, or a code emailed): throttled per account (apart
 * for a device it signed in from: `deviceToken`, its cookie) and per address, the password checked, a
 * failure counted and recorded (401); the right credentials and the attempt to settle otherwise.
 */
async function attemptWithPassword(
  scope: Scope,
  input: { email: string; password: string; accountId?: AccountChoice },
  deviceToken: string | null,
) {
  const email = normalizeEmail(input.email);
  const knownDevice = knownDeviceId(scope.deps.config.secret, email, deviceToken);
  const attempt = await recordingDelays(scope, email, () =>
    beginSignInAttempt(scope.deps, email, clientAddressOf(scope), knownDevice),
  );
  const checked = await checkCredentials(scope.deps, email, input.password, input.accountId).catch(
    async (error: unknown) => {
      // The password was right (for several accounts): nothing to count against the address.
      await attempt.refund();
      throw error;
    },
  );
  const { credentials, owners } = checked;
  if (!credentials) {
    await attempt.failed();
    // In the audit log of every account the address belongs to (or as the bare address when none).
    for (const owner of owners.length ? owners : [null]) {
      await recordSignIn(scope, "user.sign_in_failed", { email, user: owner, reason: "credentials" });
    }
    throw invalidCredentials();
  }
  return { email, knownDevice, attempt, ...credentials };
}

/** The user a single-use link (not used up) is for, or undefined for a made-up, used or expired link. */
async function linkOwner(db: Db, token: string, purpose: "password_reset" | "registration"): Promise<User | undefined> {
  const row = await peekLinkToken(db, token, purpose);
  return row ? User.query(db).findById(row.userId) : undefined;
}

export interface SignedIn {
  user: User;
  session: Session;
  token: string;
  /** The new session's user as an actor, for the abilities shown with them. */
  actor: Actor;
  /** The device cookie to keep: the one the browser sent for this account, or a new one. */
  deviceToken: string;
}

/**
 * Password (and, when the account asks for it, the emailed code) for a new session. Throttled per
 * account (apart for a device it signed in from: `deviceToken`, its cookie) and per address; a success
 * forgets the failures it counted toward and records the login time. Every attempt is in the audit log.
 */
export async function signIn(scope: Scope, input: LoginBody, deviceToken: string | null = null): Promise<SignedIn> {
  const { db, config } = scope.deps;
  const { email, knownDevice, attempt, user, account } = await attemptWithPassword(scope, input, deviceToken);
  if (account?.twoFactorEnabled) {
    if (!input.token) {
      await attempt.refund();
      throw new AppError("second_factor_required", 401);
    }
    if (!(await consumeSecondFactorCode(db, config.secret, user.id, input.token))) {
      await attempt.failed();
      await recordSignIn(scope, "user.sign_in_failed", { email, user, reason: "second_factor" });
      throw new AppError("invalid_second_factor", 401);
    }
  }
  const now = scope.clock.now();
  // Until the user chooses a language in their profile, the one of the page they signed in from is theirs.
  const language = !user.languageChosenAt && input.language ? input.language : user.language;
  const created = await db.transaction(async (trx) => {
    await User.query(trx).patch({ lastLoginAt: now, language }).where({ id: user.id });
    return createSession(trx, config, user, { ip: scope.clientAddress, userAgent: scope.userAgent, now });
  });
  user.lastLoginAt = now;
  user.language = language;
  await attempt.succeeded();
  const actor: Actor = {
    kind: "user",
    id: user.id,
    role: user.role,
    accountId: user.accountId,
    user,
    sessionId: created.session.id,
    via: "bearer",
  };
  await recordSignIn(scope, "user.signed_in", {
    email,
    user,
    actor,
    ...(knownDevice ? { reason: "known_device" } : {}),
  });
  return { user, ...created, actor, deviceToken: knownDevice ? deviceToken! : issueDeviceToken(config.secret, email) };
}

export interface SecondFactorSent {
  sent: boolean;
  expiresInMinutes: number;
}

/**
 * Emails a sign-in code when the password is right and the account uses two-factor sign-in. Wrong
 * credentials count toward the sign-in limits like a failed login.
 */
export async function sendSecondFactorCode(
  scope: Scope,
  input: SendingTokenBody,
  deviceToken: string | null = null,
): Promise<SecondFactorSent> {
  const { db, config, mail } = scope.deps;
  const { attempt, user, account } = await attemptWithPassword(scope, input, deviceToken);
  await attempt.refund();
  if (!account?.twoFactorEnabled) return { sent: false, expiresInMinutes: 0 };
  await allowSecondFactorEmail(scope.deps, user.id);
  const code = await issueSecondFactorCode(db, config.secret, user.id);
  await mail.send({
    to: user.email,
    template: "second_factor",
    language: user.language,
    data: { firstName: user.firstName, code, validMinutes: SECOND_FACTOR_VALID_MINUTES },
  });
  return { sent: true, expiresInMinutes: SECOND_FACTOR_VALID_MINUTES };
}

/** Ends the caller's session server-side: its token stops working at once. */
export async function signOut(scope: Scope): Promise<void> {
  const actor = scope.actor;
  if (actor?.kind !== "user") throw AppError.forbidden();
  await revokeSession(scope.db, actor.sessionId);
}

/**
 * Emails a password-reset link to a registered, active user. The caller always gets the same answer:
 * the lookup and the email run after the response is decided (not awaited), so neither the answer
 * nor its timing tells whether the address has an account. Over the limits nothing is sent.
 */
export async function requestPasswordReset(scope: Scope, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  if (!(await allowPasswordResetRequest(scope.deps, email, clientAddressOf(scope)))) return;
  const logger = scope.logger;
  void emailPasswordReset(scope.deps, email).catch((error: unknown) =>
    logger.error({ err: error }, "password reset email failed"),
  );
}

/** One link per account the address may sign in to, each naming its account. */
async function emailPasswordReset(deps: AppDeps, normalizedEmail: string): Promise<void> {
  const { db } = deps;
  const users = await User.query(db).where({ emailNormalized: normalizedEmail }).orderBy("createdAt");
  for (const user of users) {
    // Invited users who never registered complete their invitation instead.
    if (!user.registeredAt || !user.isActive) continue;
    const account = await activeAccountOf(db, user);
    if (account === undefined) continue;
    await emailResetLink(deps, user, account?.name ?? PLATFORM_NAME);
  }
}

async function emailResetLink(deps: AppDeps, user: User, accountName: string): Promise<void> {
  const { db, config, mail } = deps;
  const token = await issueLinkToken(db, user.id, "password_reset");
  const link = `${config.publicUrl}/${user.language}/admin/reset-password?token=${encodeURIComponent(token)}`;
  await mail.send({
    to: user.email,
    template: "password_reset",
    language: user.language,
    data: { firstName: user.firstName, accountName, link, validMinutes: RESET_VALID_MINUTES },
  });
}

/**
 * Sets a new password from a reset link (single use, one hour). Every session of the user is
 * revoked, and the address's failed sign-ins are forgotten.
 */
export async function resetPassword(scope: Scope, input: ResetPasswordBody): Promise<void> {
  requireMatchingConfirmation(input.password, input.confirmation);
  const { db } = scope;
  // A cheap look first, so a bogus link costs no password hashing.
  const owner = await linkOwner(db, input.token, "password_reset");
  if (!owner) throw invalidLink();
  refuseWeakPassword(input.password, owner);
  const passwordHash = await hashPassword(input.password, scope.deps.config.passwordHashCost);
  // The link is used up even when the user turns out to be disabled (hence no throw inside).
  const user = await db.transaction(async (trx) => {
    const token = await consumeLinkToken(trx, input.token, "password_reset");
    if (!token) return null;
    const found = await User.query(trx).findById(token.userId);
    if (!found || !(await isUsable(trx, found))) return null;
    const now = scope.clock.now();
    // A reset link is only sent to registered users; should an invited one ever hold one, proving
    // the mailbox completes the registration exactly as the invitation would.
    const changes = { passwordHash, passwordChangedAt: now, registeredAt: found.registeredAt ?? now };
    await User.query(trx).patch(changes).where({ id: found.id });
    await revokeAllSessions(trx, found.id);
    await recordAudit(trx, scope, {
      action: "user.password_reset",
      subjectType: "user",
      subjectId: found.id,
      accountId: found.accountId,
      before: { registeredAt: found.registeredAt },
      after: { passwordChangedAt: now, registeredAt: changes.registeredAt },
    });
    return found;
  });
  if (!user) throw invalidLink();
  await forgetSignInFailures(scope.deps, user.emailNormalized);
}

/** The address a reset link is for while it still works (the link is not used up); 400 otherwise. */
export async function describeResetLink(scope: Scope, token: string): Promise<{ email: string }> {
  const { db } = scope;
  const user = await linkOwner(db, token, "password_reset");
  if (!user || !(await isUsable(db, user))) throw invalidLink();
  return { email: user.email };
}

export interface InvitationDetails {
  email: string;
  firstName: string;
  lastName: string;
}

/** The invited user's details, to prefill the register-admin form; the link is not used up. */
export async function describeInvitation(scope: Scope, token: string): Promise<InvitationDetails> {
  const { db } = scope;
  const user = await linkOwner(db, token, "registration");
  if (!user || user.registeredAt || !(await isUsable(db, user))) throw invalidLink();
  return { email: user.email, firstName: user.firstName, lastName: user.lastName };
}

/** Completes an invitation: names, password, registration time. Single use. */
export async function completeRegistration(scope: Scope, input: RegisterAdminBody): Promise<void> {
  requireMatchingConfirmation(input.password, input.confirmation);
  const { db } = scope;
  const invited = await linkOwner(db, input.token, "registration");
  if (!invited) throw invalidLink();
  refuseWeakPassword(input.password, {
    email: invited.email,
    firstName: input.firstName.trim() || invited.firstName,
    lastName: input.lastName.trim() || invited.lastName,
  });
  const passwordHash = await hashPassword(input.password, scope.deps.config.passwordHashCost);
  const user = await db.transaction(async (trx) => {
    const token = await consumeLinkToken(trx, input.token, "registration");
    if (!token) return null;
    const found = await User.query(trx).findById(token.userId);
    if (!found || found.registeredAt || !(await isUsable(trx, found))) return null;
    const now = scope.clock.now();
    const names = {
      firstName: input.firstName.trim() || found.firstName,
      lastName: input.lastName.trim() || found.lastName,
    };
    await User.query(trx)
      .patch({ ...names, passwordHash, passwordChangedAt: now, registeredAt: now })
      .where({ id: found.id });
    await recordAudit(trx, scope, {
      action: "user.registered",
      subjectType: "user",
      subjectId: found.id,
      accountId: found.accountId,
      before: { firstName: found.firstName, lastName: found.lastName, registeredAt: null },
      after: { ...names, registeredAt: now },
    });
    return found;
  });
  if (!user) throw invalidLink();
}

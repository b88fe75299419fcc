import {
  assignableRoles,
  countsTowardOrganizerLimit,
  type AccountUserCreate,
  type AccountUserListQuery,
  type AccountUserUpdate,
  type AdministratorCreate,
  type AdministratorListQuery,
  type AdministratorUpdate,
  type Language,
  type Role,
} from "@tessera/shared";
import { isUniqueViolation, lockForUpdate, lowerContains, sortableText } from "../../db/dialect.ts";
import type { Db, Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Account } from "../../models/Account.ts";
import { normalizeEmail, User } from "../../models/User.ts";
import { authorizeInAccount, authorizePlatform, isPlatformAdministrator } from "../../policies/accounts.ts";
import { actorUserId, type Actor } from "../../policies/actor.ts";
import { ensureOrganizerSeat } from "./accounts.ts";
import { authorizeInExistingAccount, authorizeUserManagement } from "./authorize.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { deliverInvitation, prepareInvitation } from "./invitations.ts";
import { paginate, type PageRequest, type PageResult } from "../pagination.ts";
import { revokeAllSessions } from "../auth/sessions.ts";
import type { Scope } from "../scope.ts";

/** What the audit trail keeps of a user (never the password hash). */
export function userSnapshot(user: User): Record<string, unknown> {
  return {
    id: user.id,
    accountId: user.accountId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    language: user.language,
    isActive: user.isActive,
    registeredAt: user.registeredAt?.toISOString() ?? null,
  };
}

/** Whether the user takes one of its account's organizer seats right now. */
function holdsSeat(user: Pick<User, "role" | "isActive" | "accountId">): boolean {
  return user.isActive && user.accountId !== null && countsTowardOrganizerLimit(user.role);
}

interface UserListFilter extends PageRequest {
  search?: string;
  accountId?: string;
  role?: Role;
}

/** Users matching every word of `search` in a name or the email, alphabetically. */
async function listUsers(db: Db, filter: UserListFilter): Promise<PageResult<User>> {
  const query = User.query(db);
  if (filter.accountId) query.where({ accountId: filter.accountId });
  if (filter.role) query.where({ role: filter.role });
  for (const word of (filter.search ?? "").trim().split(/\s+/).filter(Boolean)) {
    query.where((inner) => {
      inner
        .where(lowerContains(db, "firstName", word))
        .orWhere(lowerContains(db, "lastName", word))
        .orWhere(lowerContains(db, "email", word));
    });
  }
  query.orderByRaw(`${sortableText(db)}, ${sortableText(db)}, ??`, ["lastName", "firstName", "id"]);
  return paginate(query, filter);
}

/** GET /accounts/{a}/administrators: any member of the account. */
export async function listAccountUsers(
  scope: Scope,
  accountId: string,
  query: AccountUserListQuery,
): Promise<PageResult<User>> {
  await authorizeInExistingAccount(scope, "users.read", accountId);
  return listUsers(scope.db, { ...query, accountId });
}

/** GET /administrators: every user of the platform, for platform administrators (anyone else: 404). */
export async function listPlatformUsers(scope: Scope, query: AdministratorListQuery): Promise<PageResult<User>> {
  authorizePlatform(scope.actor);
  return listUsers(scope.db, query);
}

/** A user of the account, or 404 (a user of another account is as missing as an unknown one). */
export async function findAccountUser(db: Db | Knex.Transaction, accountId: string, userId: string): Promise<User> {
  const user = await User.query(db).findById(userId).where({ accountId });
  if (!user) throw AppError.notFound();
  return user;
}

/** GET /accounts/{a}/administrators/{id}: any member of the account. */
export async function getAccountUser(scope: Scope, accountId: string, userId: string): Promise<User> {
  authorizeInAccount(scope.actor, "users.read", accountId);
  return findAccountUser(scope.db, accountId, userId);
}

async function findUser(db: Db | Knex.Transaction, userId: string): Promise<User> {
  const user = await User.query(db).findById(userId);
  if (!user) throw AppError.notFound();
  return user;
}

interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  language?: Language;
  role: Role;
  /** null only for a platform administrator. */
  accountId: string | null;
}

const invalidAccountId = (code: string) => AppError.invalid([{ field: "accountId", code }]);

/** Platform administrators may create any user; account members only roles they can hand out. */
function ensureCanAssignRole(actor: Actor | undefined, role: Role): void {
  if (isPlatformAdministrator(actor)) return;
  if (!actor || role === "administrator" || !assignableRoles(actor.role).includes(role)) throw AppError.forbidden();
}

/** POST /accounts/{a}/administrators: overseers and platform administrators, handing out roles they may give. */
export async function createAccountUser(scope: Scope, accountId: string, input: AccountUserCreate): Promise<User> {
  await authorizeInExistingAccount(scope, "users.manage", accountId);
  ensureCanAssignRole(scope.actor, input.role);
  return createUser(scope, { ...input, accountId });
}

/** POST /administrators: platform administrators create any user (anyone else: 404). */
export async function createPlatformUser(scope: Scope, input: AdministratorCreate): Promise<User> {
  authorizePlatform(scope.actor);
  return createUser(scope, { ...input, accountId: input.accountId ?? null });
}

/**
 * Creates an invited user (no password until they complete the invitation) and emails the invitation.
 * A user taking an organizer seat is checked against the account's limit in the same transaction.
 */
async function createUser(scope: Scope, input: NewUser): Promise<User> {
  if (input.role === "administrator" && input.accountId) throw invalidAccountId("invalid_value");
  if (input.role !== "administrator" && !input.accountId) throw invalidAccountId("required");
  const { firstName, lastName } = trimNames({ firstName: input.firstName, lastName: input.lastName });
  const email = input.email.trim();
  const emailNormalized = normalizeEmail(email);
  const { user, mail } = await scope.db.transaction(async (trx) => {
    if (input.accountId) {
      const account = countsTowardOrganizerLimit(input.role)
        ? await ensureOrganizerSeat(trx, input.accountId).catch((error: unknown) => {
            throw error instanceof AppError && error.code === "not_found" ? invalidAccountId("invalid_value") : error;
          })
        : await Account.query(trx).findById(input.accountId);
      if (!account) throw invalidAccountId("invalid_value");
    }
    // Unique within the account (or among platform administrators) only: an address used in another
    // account is answered as a new one, which tells this account nothing about the other's users.
    if (await User.query(trx).findOne({ emailNormalized, accountId: input.accountId }))
      throw new AppError("email_taken", 409);
    const created = await User.query(trx)
      .insertAndFetch({
        accountId: input.accountId,
        email,
        emailNormalized,
        firstName,
        lastName,
        role: input.role,
        language: input.language ?? scope.language,
        passwordHash: null,
        registeredAt: null,
        isActive: true,
      })
      .catch((error: unknown) => {
        // Two invitations of the same address at once: the unique index decides.
        throw isUniqueViolation(error) ? new AppError("email_taken", 409) : error;
      });
    await recordAudit(trx, scope, {
      action: "user.created",
      subjectType: "user",
      subjectId: created.id,
      accountId: created.accountId,
      after: userSnapshot(created),
    });
    return { user: created, mail: await prepareInvitation(trx, scope, created) };
  });
  // The user exists now: a queue failure must not read as a failed creation (a retry would hit
  // email_taken); the invitation can be sent again from the user's page.
  await deliverInvitation(scope, mail).catch((error: unknown) => {
    scope.logger.error({ err: error, userId: user.id }, "invitation email not queued");
  });
  return user;
}

/**
 * Locks the active platform administrators (PostgreSQL) and refuses a change that would leave none:
 * two administrators removing each other at once cannot both succeed.
 */
async function ensureAnotherAdministrator(trx: Knex.Transaction, userId: string): Promise<void> {
  const active = await lockForUpdate(
    trx,
    User.query(trx).select("id").where({ role: "administrator", isActive: true }).orderBy("id"),
  );
  if (!active.some((admin) => admin.id !== userId)) throw new AppError("last_administrator", 409);
}

/** A user leaving an account loses its team memberships and event access lists there. */
async function leaveAccount(trx: Knex.Transaction, userId: string, accountId: string): Promise<void> {
  await trx("teamMembers").where({ userId }).whereIn("teamId", trx("teams").select("id").where({ accountId })).delete();
  await trx("eventUsers")
    .where({ userId })
    .whereIn("eventId", trx("events").select("id").where({ accountId }))
    .delete();
}

async function applyUserPatch(trx: Knex.Transaction, scope: Scope, user: User, values: Partial<User>): Promise<User> {
  const changes = changedFields(userSnapshot(user), { ...userSnapshot(user), ...values });
  if (!changes) return user;
  const updated = await User.query(trx).patchAndFetchById(user.id, values);
  // A user moved between accounts shows in the trail of both.
  const accountIds = [...new Set([user.accountId, updated.accountId].filter((id) => id !== null))];
  for (const accountId of accountIds.length ? accountIds : [null]) {
    await recordAudit(trx, scope, {
      action: "user.updated",
      subjectType: "user",
      subjectId: user.id,
      accountId,
      ...changes,
    });
  }
  return updated;
}

/** Names without surrounding spaces; a name of spaces only is a missing one (422 required). */
function trimNames<T extends { firstName?: string; lastName?: string }>(patch: T): T {
  const trimmed = { ...patch };
  const missing: string[] = [];
  for (const field of ["firstName", "lastName"] as const) {
    const value = patch[field];
    if (value === undefined) continue;
    trimmed[field] = value.trim() as T[typeof field];
    if (!trimmed[field]) missing.push(field);
  }
  if (missing.length) throw AppError.invalid(missing.map((field) => ({ field, code: "required" })));
  return trimmed;
}

/**
 * PUT /accounts/{a}/administrators/{id}. Users may change their own names and language, never their
 * own role; changing someone else needs users.manage. A reader promoted to a seat-taking role must
 * find a free organizer seat.
 */
export async function updateAccountUser(
  scope: Scope,
  accountId: string,
  userId: string,
  patch: AccountUserUpdate,
): Promise<User> {
  const actor = scope.actor;
  authorizeInAccount(actor, "users.read", accountId);
  if (actorUserId(actor) !== userId) authorizeInAccount(actor, "users.manage", accountId);
  return scope.db.transaction(async (trx) => {
    const user = await findAccountUser(trx, accountId, userId);
    const roleChanges = patch.role !== undefined && patch.role !== user.role;
    if (roleChanges) {
      if (actorUserId(actor) === user.id) throw AppError.forbidden();
      if (!actor || !assignableRoles(actor.role).includes(patch.role!)) throw AppError.forbidden();
      const next = { role: patch.role!, isActive: user.isActive, accountId };
      if (holdsSeat(next) && !holdsSeat(user)) await ensureOrganizerSeat(trx, accountId);
    }
    return applyUserPatch(trx, scope, user, trimNames(patch));
  });
}

/**
 * POST /administrators/{id} (platform administrators). Role and account must agree (administrator ⇔
 * no account); administrators cannot change their own role, account or activity; a user taking a
 * new seat must find one; the last active platform administrator stays; a deactivated user's
 * sessions end; a user moved out of an account leaves its teams and event access lists.
 */
export async function updateUserAsPlatform(scope: Scope, userId: string, patch: AdministratorUpdate): Promise<User> {
  authorizePlatform(scope.actor);
  return scope.db.transaction(async (trx) => {
    const user = await findUser(trx, userId);
    const role = patch.role ?? user.role;
    const accountId =
      patch.accountId !== undefined ? patch.accountId : role === "administrator" ? null : user.accountId;
    const isActive = patch.isActive ?? user.isActive;
    if (
      actorUserId(scope.actor) === user.id &&
      (role !== user.role || accountId !== user.accountId || isActive !== user.isActive)
    ) {
      throw AppError.forbidden();
    }
    if (role === "administrator" && accountId !== null) throw invalidAccountId("invalid_value");
    if (role !== "administrator" && accountId === null) throw invalidAccountId("required");
    if (accountId !== null && accountId !== user.accountId && !(await Account.query(trx).findById(accountId))) {
      throw invalidAccountId("invalid_value");
    }
    const next = { role, accountId, isActive };
    if (holdsSeat(next) && !(holdsSeat(user) && user.accountId === accountId))
      await ensureOrganizerSeat(trx, accountId!);
    const wasAdministrator = user.role === "administrator" && user.isActive;
    if (wasAdministrator && !(role === "administrator" && isActive)) await ensureAnotherAdministrator(trx, user.id);
    if (user.accountId && user.accountId !== accountId) await leaveAccount(trx, user.id, user.accountId);
    const updated = await applyUserPatch(trx, scope, user, { ...trimNames(patch), role, accountId, isActive });
    if (user.isActive && !isActive) await revokeAllSessions(trx, user.id);
    return updated;
  });
}

/**
 * Deletes a user (their sessions, tokens, team memberships and access lists go with them): never
 * oneself, never the last active platform administrator. `accountId` scopes the lookup (404 outside)
 * and the right needed (users.manage there; null: platform administrators only).
 */
export async function deleteUser(scope: Scope, userId: string, where: { accountId: string | null }): Promise<void> {
  authorizeUserManagement(scope.actor, where);
  if (actorUserId(scope.actor) === userId) throw new AppError("cannot_delete_self", 409);
  await scope.db.transaction(async (trx) => {
    const user = where.accountId ? await findAccountUser(trx, where.accountId, userId) : await findUser(trx, userId);
    if (user.role === "administrator" && user.isActive) await ensureAnotherAdministrator(trx, user.id);
    await User.query(trx).deleteById(user.id);
    await recordAudit(trx, scope, {
      action: "user.deleted",
      subjectType: "user",
      subjectId: user.id,
      accountId: user.accountId,
      before: userSnapshot(user),
    });
  });
}

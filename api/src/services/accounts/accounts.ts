import {
  ACCOUNT_LIMIT_FIELDS,
  ACCOUNT_ROLES,
  countsTowardOrganizerLimit,
  type AccountCreate,
  type AccountListQuery,
  type AccountUpdate,
} from "@tessera/shared";
import { lockForUpdate, lowerContains, sortableText } from "../../db/dialect.ts";
import type { Db, Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Account } from "../../models/Account.ts";
import { User } from "../../models/User.ts";
import { authorizeInAccount, authorizePlatform } from "../../policies/accounts.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { paginate, type PageResult } from "../pagination.ts";
import type { Scope } from "../scope.ts";

/** The roles that take a seat of the account's organizer limit (readers do not, spec §6). */
export const SEAT_ROLES = ACCOUNT_ROLES.filter(countsTowardOrganizerLimit);

/** What the audit trail keeps of an account. */
export function accountSnapshot(account: Account): Record<string, unknown> {
  return {
    id: account.id,
    name: account.name,
    maxOrganizers: account.maxOrganizers,
    maxEvents: account.maxEvents,
    maxCampaignsPerEvent: account.maxCampaignsPerEvent,
    eventRetentionDays: account.eventRetentionDays,
    twoFactorEnabled: account.twoFactorEnabled,
    multilang: account.multilang,
    defaultPlatformDomain: account.defaultPlatformDomain,
    isActive: account.isActive,
  };
}

/** The account, or 404. No authorization: the callers (services) have done it. */
export async function findAccount(db: Db | Knex.Transaction, accountId: string): Promise<Account> {
  const account = await Account.query(db).findById(accountId);
  if (!account) throw AppError.notFound();
  return account;
}

/** GET /accounts: platform administrators only (anyone else: 404). */
export async function listAccounts(scope: Scope, request: AccountListQuery): Promise<PageResult<Account>> {
  authorizePlatform(scope.actor);
  const query = Account.query(scope.db);
  const search = request.search?.trim();
  if (search) query.where(lowerContains(scope.db, "name", search));
  query.orderByRaw(`${sortableText(scope.db)}, ??`, ["name", "id"]);
  return paginate(query, request);
}

/** Any member of the account, or a platform administrator. */
export async function getAccount(scope: Scope, accountId: string): Promise<Account> {
  authorizeInAccount(scope.actor, "account.read", accountId);
  return findAccount(scope.db, accountId);
}

/**
 * The accounts a user can work in: their own, or every account for a platform administrator. Asked
 * by platform administrators only (anyone else: 404).
 */
export async function accountsOfUser(scope: Scope, userId: string): Promise<Account[]> {
  authorizePlatform(scope.actor);
  const user = await User.query(scope.db).findById(userId);
  if (!user) throw AppError.notFound();
  if (user.role === "administrator")
    return Account.query(scope.db).orderByRaw(`${sortableText(scope.db)}, ??`, ["name", "id"]);
  if (!user.accountId) return [];
  return Account.query(scope.db).where({ id: user.accountId });
}

/** POST /accounts: platform administrators only (anyone else: 404). */
export async function createAccount(scope: Scope, input: AccountCreate): Promise<Account> {
  authorizePlatform(scope.actor);
  return scope.db.transaction(async (trx) => {
    const account = await Account.query(trx).insertAndFetch({
      name: input.name.trim(),
      maxOrganizers: input.maxOrganizers ?? null,
      maxEvents: input.maxEvents ?? null,
      maxCampaignsPerEvent: input.maxCampaignsPerEvent ?? null,
      eventRetentionDays: input.eventRetentionDays ?? null,
      twoFactorEnabled: input.twoFactorEnabled ?? false,
      multilang: input.multilang ?? false,
      defaultPlatformDomain: input.defaultPlatformDomain ?? null,
      isActive: true,
    });
    await recordAudit(trx, scope, {
      action: "account.created",
      subjectType: "account",
      subjectId: account.id,
      accountId: account.id,
      after: accountSnapshot(account),
    });
    return account;
  });
}

/**
 * Applies the patch and records what changed. Overseers change the name, two-factor sign-in and
 * multilang; the limits only a platform administrator (anyone else sending one: 403, nothing changes).
 */
export async function updateAccount(scope: Scope, accountId: string, patch: AccountUpdate): Promise<Account> {
  authorizeInAccount(scope.actor, "account.update", accountId);
  if (ACCOUNT_LIMIT_FIELDS.some((field) => patch[field] !== undefined)) {
    authorizeInAccount(scope.actor, "account.updateLimits", accountId);
  }
  return scope.db.transaction(async (trx) => {
    const account = await lockForUpdate(trx, Account.query(trx).findById(accountId));
    if (!account) throw AppError.notFound();
    const values: Partial<Account> = { ...patch };
    if (typeof values.name === "string") values.name = values.name.trim();
    const changes = changedFields(accountSnapshot(account), { ...accountSnapshot(account), ...values });
    if (!changes) return account;
    const updated = await Account.query(trx).patchAndFetchById(accountId, values);
    await recordAudit(trx, scope, {
      action: "account.updated",
      subjectType: "account",
      subjectId: accountId,
      accountId,
      ...changes,
    });
    return updated;
  });
}

/**
 * Makes sure the account has a free organizer seat for one more active non-reader user, or throws
 * 409 max_organizers_reached. Call inside the transaction that then inserts or promotes the user:
 * the account row stays locked (PostgreSQL) until it commits, so concurrent calls queue up and each
 * counts what the previous ones wrote. The user being placed must not be counted already.
 */
export async function ensureOrganizerSeat(trx: Knex.Transaction, accountId: string): Promise<Account> {
  const account = await lockForUpdate(trx, Account.query(trx).findById(accountId));
  if (!account) throw AppError.notFound();
  if (account.maxOrganizers === null) return account;
  const seated = await User.query(trx).where({ accountId, isActive: true }).whereIn("role", SEAT_ROLES).resultSize();
  if (seated >= account.maxOrganizers) {
    throw new AppError("max_organizers_reached", 409, { details: { maxOrganizers: account.maxOrganizers } });
  }
  return account;
}

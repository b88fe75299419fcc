import { ACCOUNT_ROLES, countsTowardOrganizerLimit, type AccountCreate, type AccountUpdate } from "@tessera/shared";
import type { ApiContext } from "../../http/context.ts";
import { lockForUpdate, lowerContains } from "../../db/dialect.ts";
import type { Db, Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Account } from "../../models/Account.ts";
import { User } from "../../models/User.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { paginate, type PageRequest, type PageResult } from "../pagination.ts";

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

export async function findAccount(db: Db | Knex.Transaction, accountId: string): Promise<Account> {
  const account = await Account.query(db).findById(accountId);
  if (!account) throw AppError.notFound();
  return account;
}

export async function listAccounts(db: Db, request: PageRequest & { search?: string }): Promise<PageResult<Account>> {
  const query = Account.query(db);
  const search = request.search?.trim();
  if (search) query.where(lowerContains(db, "name", search));
  query.orderByRaw("lower(??), ??", ["name", "id"]);
  return paginate(query, request);
}

/** The accounts a user can work in: their own, or every account for a platform administrator. */
export async function accountsOfUser(db: Db, user: User): Promise<Account[]> {
  if (user.role === "administrator") return Account.query(db).orderByRaw("lower(??), ??", ["name", "id"]);
  if (!user.accountId) return [];
  return Account.query(db).where({ id: user.accountId });
}

export async function createAccount(ctx: ApiContext, input: AccountCreate): Promise<Account> {
  return ctx.deps.db.transaction(async (trx) => {
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
    await recordAudit(trx, ctx, {
      action: "account.created",
      subjectType: "account",
      subjectId: account.id,
      accountId: account.id,
      after: accountSnapshot(account),
    });
    return account;
  });
}

/** Applies the patch (the caller has checked who may change which field) and records what changed. */
export async function updateAccount(ctx: ApiContext, accountId: string, patch: AccountUpdate): Promise<Account> {
  return ctx.deps.db.transaction(async (trx) => {
    const account = await lockForUpdate(trx, Account.query(trx).findById(accountId));
    if (!account) throw AppError.notFound();
    const values: Partial<Account> = { ...patch };
    if (typeof values.name === "string") values.name = values.name.trim();
    const changes = changedFields(accountSnapshot(account), { ...accountSnapshot(account), ...values });
    if (!changes) return account;
    const updated = await Account.query(trx).patchAndFetchById(accountId, values);
    await recordAudit(trx, ctx, {
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

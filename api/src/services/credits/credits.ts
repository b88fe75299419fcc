import type { ValidationIssue } from "@tessera/shared";
import type { CreditKind } from "@tessera/shared/rules/campaigns";
import {
  creditAmountProblem,
  creditExpiryDay,
  creditExpiryInstant,
  readCreditExpiry,
} from "@tessera/shared/rules/credits";
import type { CreditAdd, CreditDebit, CreditMovementQuery, CreditPackQuery } from "@tessera/shared/schemas/credits";
import type { Db, Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { sqlTime } from "../../models/BaseModel.ts";
import { CreditMovement } from "../../models/CreditMovement.ts";
import { CreditPack } from "../../models/CreditPack.ts";
import { User } from "../../models/User.ts";
import { canInAccount } from "../../policies/accounts.ts";
import { authorizeInExistingAccount } from "../accounts/authorize.ts";
import { recordAudit } from "../audit/record.ts";
import { paginate, type PageResult } from "../pagination.ts";
import type { Scope } from "../scope.ts";
import { actorUserId } from "../../policies/actor.ts";
import { addCredits, debitCredits, remainingCredits, type PackShare } from "./ledger.ts";

/*
 * The credits routes' operations (spec §7 eventcredits / campaigncredits): the account's organizers and overseers
 * read; platform administrators add and debit (platform.manage), each recorded in the account's trail. The
 * ledger itself (ledger.ts) is what campaign sending calls.
 */

const READ = "credits.read" as const;
const MANAGE = "platform.manage" as const;

export interface CreditAuthor {
  id: string;
  name: string;
}

export interface CreditPackView {
  pack: CreditPack;
  author: CreditAuthor | null;
  isExpired: boolean;
}

export interface CreditMovementView {
  movement: CreditMovement;
  author: CreditAuthor | null;
  packExpiresAt: Date;
}

export interface CreditsRemainingView {
  kind: CreditKind;
  remaining: number;
  abilities: { add: boolean; debit: boolean };
}

export interface CreditDebitView {
  kind: CreditKind;
  debited: number;
  remaining: number;
  packs: PackShare[];
}

async function authorNames(db: Db | Knex.Transaction, ids: (string | null)[]): Promise<Map<string, CreditAuthor>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!unique.length) return new Map();
  const users = await User.query(db).select("id", "firstName", "lastName", "email").whereIn("id", unique);
  return new Map(
    users.map((user) => [user.id, { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email }]),
  );
}

function packViews(packs: CreditPack[], authors: Map<string, CreditAuthor>, now: Date): CreditPackView[] {
  return packs.map((pack) => ({
    pack,
    author: pack.authorUserId ? (authors.get(pack.authorUserId) ?? null) : null,
    isExpired: pack.expiresAt.getTime() <= now.getTime(),
  }));
}

/** GET …credits: the account's packs of `kind`, newest first, narrowed by status. */
export async function listCreditPacks(
  scope: Scope,
  accountId: string,
  kind: CreditKind,
  filter: CreditPackQuery,
): Promise<PageResult<CreditPackView>> {
  await authorizeInExistingAccount(scope, READ, accountId);
  const now = scope.clock.now();
  const query = CreditPack.query(scope.db).where({ accountId, kind });
  if (filter.status === "usable") query.where("remaining", ">", 0).where("expiresAt", ">", sqlTime(now));
  if (filter.status === "spent") query.where("remaining", 0);
  if (filter.status === "expired") query.where("expiresAt", "<=", sqlTime(now));
  query.orderBy([
    { column: "createdAt", order: "desc" },
    { column: "id", order: "desc" },
  ]);
  const { rows, pagination } = await paginate(query, filter);
  const authors = await authorNames(
    scope.db,
    rows.map((pack) => pack.authorUserId),
  );
  return { rows: packViews(rows, authors, now), pagination };
}

/** GET …credits/nonspentorexpired: the usable packs, the soonest to expire first (the order debits take). */
export async function listUsableCreditPacks(
  scope: Scope,
  accountId: string,
  kind: CreditKind,
): Promise<CreditPackView[]> {
  await authorizeInExistingAccount(scope, READ, accountId);
  const now = scope.clock.now();
  const packs = await CreditPack.query(scope.db)
    .where({ accountId, kind })
    .where("remaining", ">", 0)
    .where("expiresAt", ">", sqlTime(now))
    .orderBy([
      { column: "expiresAt", order: "asc" },
      { column: "createdAt", order: "asc" },
      { column: "id", order: "asc" },
    ]);
  return packViews(
    packs,
    await authorNames(
      scope.db,
      packs.map((pack) => pack.authorUserId),
    ),
    now,
  );
}

/** GET …credits/remaining: what the account can spend, and what the caller may do. */
export async function getRemainingCredits(
  scope: Scope,
  accountId: string,
  kind: CreditKind,
): Promise<CreditsRemainingView> {
  await authorizeInExistingAccount(scope, READ, accountId);
  const canManage = canInAccount(scope.actor, MANAGE, accountId);
  return {
    kind,
    remaining: await remainingCredits(scope.db, accountId, kind, scope.clock.now()),
    abilities: { add: canManage, debit: canManage },
  };
}

/** GET …credits/history: the ledger's movements of `kind`, newest first. */
export async function listCreditMovements(
  scope: Scope,
  accountId: string,
  kind: CreditKind,
  filter: CreditMovementQuery,
): Promise<PageResult<CreditMovementView>> {
  await authorizeInExistingAccount(scope, READ, accountId);
  const query = CreditMovement.query(scope.db).where({ accountId, kind });
  if (filter.reason) query.where({ reason: filter.reason });
  if (filter.packId) query.where({ packId: filter.packId });
  if (filter.campaignId) query.where({ campaignId: filter.campaignId });
  query.orderBy([
    { column: "createdAt", order: "desc" },
    { column: "id", order: "desc" },
  ]);
  const { rows, pagination } = await paginate(query, filter);
  const packIds = [...new Set(rows.map((movement) => movement.packId))];
  const [authors, packs] = await Promise.all([
    authorNames(
      scope.db,
      rows.map((movement) => movement.authorUserId),
    ),
    packIds.length ? CreditPack.query(scope.db).select("id", "expiresAt").whereIn("id", packIds) : [],
  ]);
  const expiries = new Map(packs.map((pack) => [pack.id, pack.expiresAt]));
  return {
    rows: rows.map((movement) => ({
      movement,
      author: movement.authorUserId ? (authors.get(movement.authorUserId) ?? null) : null,
      packExpiresAt: expiries.get(movement.packId)!,
    })),
    pagination,
  };
}

function amountIssues(amount: unknown): ValidationIssue[] {
  const problem = creditAmountProblem(amount);
  return problem ? [{ field: "amount", code: problem }] : [];
}

/** POST …credits/add: a pack usable through the expiry day (spec §5 rules), in the account's trail. */
export async function addCreditPack(
  scope: Scope,
  accountId: string,
  kind: CreditKind,
  body: CreditAdd,
): Promise<CreditPackView> {
  await authorizeInExistingAccount(scope, MANAGE, accountId);
  const now = scope.clock.now();
  const issues = amountIssues(body.amount);
  const expiry = readCreditExpiry(body.expiresAt, now);
  if ("problem" in expiry) issues.push({ field: "expiresAt", code: expiry.problem });
  if (issues.length || "problem" in expiry) throw AppError.invalid(issues);
  const authorId = actorUserId(scope.actor);
  return scope.db.transaction(async (trx) => {
    const pack = await addCredits(trx, {
      accountId,
      kind,
      amount: body.amount,
      reason: "add",
      authorId,
      expiresAt: creditExpiryInstant(expiry.day),
      now,
    });
    await recordAudit(trx, scope, {
      action: "credits.added",
      subjectType: "credit_pack",
      subjectId: pack.id,
      accountId,
      after: { kind, amount: pack.amount, expiresOn: creditExpiryDay(pack.expiresAt) },
    });
    const authors = await authorNames(trx, [pack.authorUserId]);
    return packViews([pack], authors, now)[0]!;
  });
}

/** POST …credits/debit: takes credits, the packs expiring soonest first, or 409 with the missing amount. */
export async function debitCreditPacks(
  scope: Scope,
  accountId: string,
  kind: CreditKind,
  body: CreditDebit,
): Promise<CreditDebitView> {
  await authorizeInExistingAccount(scope, MANAGE, accountId);
  const issues = amountIssues(body.amount);
  if (issues.length) throw AppError.invalid(issues);
  const now = scope.clock.now();
  const note = body.reason?.trim() || null;
  return scope.db.transaction(async (trx) => {
    const { taken } = await debitCredits(trx, {
      accountId,
      kind,
      amount: body.amount,
      reason: "debit",
      note,
      authorId: actorUserId(scope.actor),
      now,
    });
    await recordAudit(trx, scope, {
      action: "credits.debited",
      subjectType: "account",
      subjectId: accountId,
      accountId,
      after: { kind, amount: body.amount, note, packs: taken },
    });
    return { kind, debited: body.amount, remaining: await remainingCredits(trx, accountId, kind, now), packs: taken };
  });
}

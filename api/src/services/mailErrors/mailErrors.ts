import type { MailErrorCreate, MailErrorQuery, MailErrorUpdate } from "@tessera/shared/schemas/mailErrors";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { MailError } from "../../models/MailError.ts";
import { authorizeInExistingAccount } from "../accounts/authorize.ts";
import { recordAudit } from "../audit/record.ts";
import { paginate, type PageResult } from "../pagination.ts";
import type { Scope } from "../scope.ts";

/*
 * The errormails routes' operations (spec §7; issue 15 item 6): the account's organizers and overseers, and
 * platform administrators, read the account's mail errors, change one's kind or reason, delete one (the address
 * may be emailed again) and block an address (a manual error). Each change is in the account's trail.
 */

const MANAGE = "mailErrors.manage" as const;

function audited(row: MailError) {
  return { email: row.email, kind: row.kind, reason: row.reason };
}

async function findMailError(db: Knex | Knex.Transaction, accountId: string, id: string): Promise<MailError> {
  const row = await MailError.query(db).findOne({ id, accountId });
  if (!row) throw new AppError("not_found", 404);
  return row;
}

/** GET errormails: most recently seen first, narrowed by part of the address and kind. */
export async function listMailErrors(
  scope: Scope,
  accountId: string,
  filter: MailErrorQuery,
): Promise<PageResult<MailError>> {
  await authorizeInExistingAccount(scope, MANAGE, accountId);
  const query = MailError.query(scope.db).where({ accountId });
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    query.whereRaw("?? like ? escape '\\'", ["email", like]);
  }
  if (filter.kind) query.where({ kind: filter.kind });
  query.orderBy([
    { column: "lastSeenAt", order: "desc" },
    { column: "id", order: "desc" },
  ]);
  return paginate(query, filter);
}

/** GET errormails/{id}. */
export async function getMailError(scope: Scope, accountId: string, id: string): Promise<MailError> {
  await authorizeInExistingAccount(scope, MANAGE, accountId);
  return findMailError(scope.db, accountId, id);
}

/** POST errormails: a person blocks an address (kind blocked unless given); 409 when the account has one for it. */
export async function createMailError(scope: Scope, accountId: string, body: MailErrorCreate): Promise<MailError> {
  await authorizeInExistingAccount(scope, MANAGE, accountId);
  const email = body.email.trim().toLowerCase();
  const now = scope.clock.now();
  return scope.db.transaction(async (trx) => {
    if (await MailError.query(trx).findOne({ accountId, email })) throw new AppError("mail_error_exists", 409);
    const row = await MailError.query(trx).insertAndFetch({
      accountId,
      email,
      kind: body.kind ?? "blocked",
      reason: body.reason?.trim() || null,
      source: "manual",
      campaignId: null,
      occurrences: 1,
      lastSeenAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(trx, scope, {
      action: "mail_error.created",
      subjectType: "mail_error",
      subjectId: row.id,
      accountId,
      after: audited(row),
    });
    return row;
  });
}

/** POST errormails/{id}: its kind or reason. */
export async function updateMailError(
  scope: Scope,
  accountId: string,
  id: string,
  body: MailErrorUpdate,
): Promise<MailError> {
  await authorizeInExistingAccount(scope, MANAGE, accountId);
  return scope.db.transaction(async (trx) => {
    const before = await findMailError(trx, accountId, id);
    const changes: Partial<MailError> = {};
    if (body.kind !== undefined) changes.kind = body.kind;
    if (body.reason !== undefined) changes.reason = body.reason?.trim() || null;
    if (!Object.keys(changes).length) return before;
    const after = await MailError.query(trx).patchAndFetchById(id, { ...changes, updatedAt: scope.clock.now() });
    await recordAudit(trx, scope, {
      action: "mail_error.updated",
      subjectType: "mail_error",
      subjectId: id,
      accountId,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

/**
 * DELETE errormails/{id}: the address may be emailed again (the account's guests at it whose mail status said
 * bounce or blocked go back to none).
 */
export async function deleteMailError(scope: Scope, accountId: string, id: string): Promise<void> {
  await authorizeInExistingAccount(scope, MANAGE, accountId);
  await scope.db.transaction(async (trx) => {
    const row = await findMailError(trx, accountId, id);
    await MailError.query(trx).deleteById(id);
    // The account's guests at that address were kept from sends by their mail status too: lift it.
    const now = scope.clock.now().toISOString();
    await trx("guests")
      .where({ accountId, emailNormalized: row.email })
      .whereIn("mailStatus", ["bounce", "blocked"])
      .update({ mailStatus: "none", mailStatusAt: now, updatedAt: now });
    await recordAudit(trx, scope, {
      action: "mail_error.deleted",
      subjectType: "mail_error",
      subjectId: id,
      accountId,
      before: audited(row),
    });
  });
}

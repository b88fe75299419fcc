import type { DefaultEventParams } from "@tessera/shared";
import type { ApiContext } from "../../http/context.ts";
import type { Db } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Account } from "../../models/Account.ts";
import { findAccount } from "./accounts.ts";
import { recordAudit } from "../audit/record.ts";
import { isValidTimeZone } from "../events/fields.ts";

export async function getDefaultEventParams(db: Db, accountId: string): Promise<DefaultEventParams> {
  return (await findAccount(db, accountId)).defaultEventParams ?? {};
}

/** Merges the given fields into the account's defaults (fields left out keep their value). */
export async function updateDefaultEventParams(
  ctx: ApiContext,
  accountId: string,
  patch: DefaultEventParams,
): Promise<DefaultEventParams> {
  if (patch.timezone !== undefined && !isValidTimeZone(patch.timezone)) {
    throw AppError.invalid([{ field: "timezone", code: "timezone_invalid" }]);
  }
  return ctx.deps.db.transaction(async (trx) => {
    const account = await findAccount(trx, accountId);
    const before = account.defaultEventParams ?? {};
    const after: DefaultEventParams = { ...before, ...patch };
    if (JSON.stringify(before) === JSON.stringify(after)) return before;
    await Account.query(trx).patch({ defaultEventParams: after }).where({ id: accountId });
    await recordAudit(trx, ctx, {
      action: "account.default_event_params_updated",
      subjectType: "account",
      subjectId: accountId,
      accountId,
      before,
      after,
    });
    return after;
  });
}

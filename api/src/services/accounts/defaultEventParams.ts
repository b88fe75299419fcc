import type { DefaultEventParams } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import { Account } from "../../models/Account.ts";
import { authorizeInAccount } from "../../policies/accounts.ts";
import { findAccount } from "./accounts.ts";
import { recordAudit } from "../audit/record.ts";
import { isValidTimeZone } from "../events/fields.ts";
import type { Scope } from "../scope.ts";

/** Any member of the account. */
export async function getDefaultEventParams(scope: Scope, accountId: string): Promise<DefaultEventParams> {
  authorizeInAccount(scope.actor, "account.read", accountId);
  return (await findAccount(scope.db, accountId)).defaultEventParams ?? {};
}

/**
 * Merges the given fields into the account's defaults (fields left out keep their value). Overseers
 * and platform administrators.
 */
export async function updateDefaultEventParams(
  scope: Scope,
  accountId: string,
  patch: DefaultEventParams,
): Promise<DefaultEventParams> {
  authorizeInAccount(scope.actor, "account.update", accountId);
  if (patch.timezone !== undefined && !isValidTimeZone(patch.timezone)) {
    throw AppError.invalid([{ field: "timezone", code: "timezone_invalid" }]);
  }
  return scope.db.transaction(async (trx) => {
    const account = await findAccount(trx, accountId);
    const before = account.defaultEventParams ?? {};
    const after: DefaultEventParams = { ...before, ...patch };
    if (JSON.stringify(before) === JSON.stringify(after)) return before;
    await Account.query(trx).patch({ defaultEventParams: after }).where({ id: accountId });
    await recordAudit(trx, scope, {
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

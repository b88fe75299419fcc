import type { TicketingMode } from "@tessera/shared/schemas/ticketingBilling";
import type { AccountStripeKeysUpdate } from "@tessera/shared/schemas/accountStripeKeys";
import type { Knex } from "../../db/knex.ts";
import { AccountStripeKeys } from "../../models/AccountStripeKeys.ts";
import { authorizeInAccount } from "../../policies/accounts.ts";
import { findAccount } from "../accounts/accounts.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import { sealStripeSecret } from "../orders/stripeKeyVault.ts";

/*
 * An account's own Stripe keys, test and live (issue 14 item 5). Overseers and platform administrators read
 * and change them (account.update); the secret key and the webhook signing secret are sealed with the
 * server's secret and never answered, only whether they are set and their last four characters. Each change
 * is in the account's trail (what was set, never a secret).
 */

const MODES = ["test", "live"] as const;

export interface ModeKeysView {
  publishableKey: string | null;
  secretKeySet: boolean;
  secretKeyLast4: string | null;
  webhookSecretSet: boolean;
  webhookSecretLast4: string | null;
}

export type AccountStripeKeysView = Record<TicketingMode, ModeKeysView>;

function viewOf(row: AccountStripeKeys | undefined): ModeKeysView {
  return {
    publishableKey: row?.publishableKey ?? null,
    secretKeySet: Boolean(row?.secretKeyEncrypted),
    secretKeyLast4: row?.secretKeyEncrypted ? row.secretKeyLast4 : null,
    webhookSecretSet: Boolean(row?.webhookSecretEncrypted),
    webhookSecretLast4: row?.webhookSecretEncrypted ? row.webhookSecretLast4 : null,
  };
}

async function keysView(db: Knex, accountId: string): Promise<AccountStripeKeysView> {
  const rows = await AccountStripeKeys.query(db).where({ accountId });
  const of = (mode: TicketingMode) => viewOf(rows.find((row) => row.mode === mode));
  return { test: of("test"), live: of("live") };
}

export async function getAccountStripeKeys(scope: Scope, accountId: string): Promise<AccountStripeKeysView> {
  authorizeInAccount(scope.actor, "account.update", accountId);
  await findAccount(scope.db, accountId);
  return keysView(scope.db, accountId);
}

export async function updateAccountStripeKeys(
  scope: Scope,
  accountId: string,
  body: AccountStripeKeysUpdate,
): Promise<AccountStripeKeysView> {
  authorizeInAccount(scope.actor, "account.update", accountId);
  const serverSecret = scope.deps.config.secret;
  return scope.db.transaction(async (trx) => {
    await findAccount(trx, accountId);
    const before = await keysView(trx, accountId);
    for (const mode of MODES) {
      const change = body[mode];
      if (!change) continue;
      const patch: Partial<AccountStripeKeys> = {};
      if (change.publishableKey !== undefined) patch.publishableKey = change.publishableKey;
      if (change.secretKey !== undefined) {
        patch.secretKeyEncrypted =
          change.secretKey && sealStripeSecret(serverSecret, { accountId, mode, kind: "secret_key" }, change.secretKey);
        patch.secretKeyLast4 = change.secretKey?.slice(-4) ?? null;
      }
      if (change.webhookSecret !== undefined) {
        patch.webhookSecretEncrypted =
          change.webhookSecret &&
          sealStripeSecret(serverSecret, { accountId, mode, kind: "webhook_secret" }, change.webhookSecret);
        patch.webhookSecretLast4 = change.webhookSecret?.slice(-4) ?? null;
      }
      const row = await AccountStripeKeys.query(trx).findOne({ accountId, mode });
      if (row) await AccountStripeKeys.query(trx).findById(row.id).patch(patch);
      else
        await AccountStripeKeys.query(trx).insert({
          accountId,
          mode,
          publishableKey: null,
          secretKeyEncrypted: null,
          secretKeyLast4: null,
          webhookSecretEncrypted: null,
          webhookSecretLast4: null,
          ...patch,
        });
    }
    const after = await keysView(trx, accountId);
    if (JSON.stringify(before) !== JSON.stringify(after))
      await recordAudit(trx, scope, {
        action: "account.stripe_keys_updated",
        subjectType: "account",
        subjectId: accountId,
        accountId,
        before: { ...before },
        after: { ...after },
      });
    return after;
  });
}

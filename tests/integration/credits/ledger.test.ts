import { describe, expect, it } from "vitest";
import type { Db } from "../../../api/src/db/knex.ts";
import { AppError } from "../../../api/src/errors.ts";
import { CreditPack } from "../../../api/src/models/CreditPack.ts";
import { addCredits, creditBack, debitCredits, remainingCredits } from "../../../api/src/services/credits/ledger.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Issue 15 item 4: the credits ledger the campaign sender calls. Debits take from packs that have not expired, the
 * soonest to expire first; a debit the packs cannot cover takes nothing and says how many credits are missing;
 * credits go back to the packs a recipient's debit came from unless they have expired; every pack's remaining
 * credits are the sum of its movements; and concurrent debits never take more than there is.
 */

const NOW = new Date("2030-03-10T12:00:00.000Z");
const DAY = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

async function pack(
  db: Db,
  accountId: string,
  amount: number,
  expiresAt: Date,
  kind: "event" | "campaign" = "campaign",
) {
  return db.transaction((trx) => addCredits(trx, { accountId, kind, amount, reason: "add", expiresAt, now: NOW }));
}

async function remainingOf(db: Db, id: string): Promise<number> {
  return Number((await CreditPack.query(db).findById(id))!.remaining);
}

/** Every pack of the account holds the sum of its movements. */
async function expectLedgerBalanced(db: Db, accountId: string): Promise<void> {
  const packs = await CreditPack.query(db).where({ accountId });
  for (const one of packs) {
    const row = (await db("creditMovements").sum({ total: "delta" }).where({ packId: one.id }).first()) as {
      total: number | string;
    };
    expect(Number(row.total), `pack ${one.id}`).toBe(Number(one.remaining));
  }
}

describe.each(databaseKinds())("credits ledger on %s", (kind) => {
  const suite = useTestServer(kind);

  it("takes from the packs expiring soonest first, skips expired and other kinds, and counts what is left", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const later = await pack(db, account.id, 10, inDays(30));
    const sooner = await pack(db, account.id, 5, inDays(10));
    const expired = await pack(db, account.id, 8, inDays(-1));
    const eventCredits = await pack(db, account.id, 50, inDays(5), "event");

    expect(await remainingCredits(db, account.id, "campaign", NOW)).toBe(15);
    expect(await remainingCredits(db, account.id, "event", NOW)).toBe(50);

    const debit = await db.transaction((trx) =>
      debitCredits(trx, { accountId: account.id, kind: "campaign", amount: 7, reason: "send", now: NOW }),
    );
    expect(debit.taken).toEqual([
      { packId: sooner.id, amount: 5 },
      { packId: later.id, amount: 2 },
    ]);
    expect(await remainingOf(db, sooner.id)).toBe(0);
    expect(await remainingOf(db, later.id)).toBe(8);
    expect(await remainingOf(db, expired.id)).toBe(8);
    expect(await remainingOf(db, eventCredits.id)).toBe(50);
    expect(await remainingCredits(db, account.id, "campaign", NOW)).toBe(8);

    const movements = await db("creditMovements").where({ operationId: debit.operationId }).orderBy("delta");
    expect(movements.map((movement) => [movement.packId, Number(movement.delta), movement.reason])).toEqual([
      [sooner.id, -5, "send"],
      [later.id, -2, "send"],
    ]);
    // Once the later pack expires too, nothing is left.
    expect(await remainingCredits(db, account.id, "campaign", inDays(31))).toBe(0);
    await expectLedgerBalanced(db, account.id);
  });

  it("refuses a debit the packs cannot cover, with the missing amount, and takes nothing", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const one = await pack(db, account.id, 4, inDays(3));
    await pack(db, account.id, 100, inDays(-2));
    const before = await db("creditMovements").where({ accountId: account.id });

    const refused = await db
      .transaction((trx) =>
        debitCredits(trx, { accountId: account.id, kind: "campaign", amount: 10, reason: "send", now: NOW }),
      )
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    const error = refused as AppError;
    expect(error.code).toBe("not_enough_credits");
    expect(error.status).toBe(409);
    expect(error.options.params).toEqual({ count: 6 });
    expect(error.options.details).toEqual({ kind: "campaign", required: 10, available: 4, missing: 6 });
    expect(await remainingOf(db, one.id)).toBe(4);
    expect(await db("creditMovements").where({ accountId: account.id })).toHaveLength(before.length);

    // Exactly what is there can be taken.
    await db.transaction((trx) =>
      debitCredits(trx, { accountId: account.id, kind: "campaign", amount: 4, reason: "send", now: NOW }),
    );
    expect(await remainingCredits(db, account.id, "campaign", NOW)).toBe(0);
  });

  it("gives a recipient's credits back to the packs they came from, not to expired ones, never more than taken", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const short = await pack(db, account.id, 2, inDays(1));
    const long = await pack(db, account.id, 10, inDays(20));
    const campaignId = "6f1c2d9e-0000-4000-8000-000000000001";
    const bounced = "6f1c2d9e-0000-4000-8000-0000000000b1";
    const delivered = "6f1c2d9e-0000-4000-8000-0000000000d1";
    const send = (recipientId: string, amount: number) =>
      db.transaction((trx) =>
        debitCredits(trx, {
          accountId: account.id,
          kind: "campaign",
          amount,
          reason: "send",
          campaignId,
          recipientId,
          now: NOW,
        }),
      );
    await send(bounced, 3); // 2 from the short pack, 1 from the long one
    await send(delivered, 1);
    expect(await remainingOf(db, short.id)).toBe(0);
    expect(await remainingOf(db, long.id)).toBe(8);

    // Two days later the short pack has expired: only the long pack's credit comes back.
    const back = await db.transaction((trx) =>
      creditBack(trx, {
        accountId: account.id,
        kind: "campaign",
        amount: 3,
        reason: "refund",
        campaignId,
        recipientId: bounced,
        now: inDays(2),
      }),
    );
    expect(back.returned).toEqual([{ packId: long.id, amount: 1 }]);
    expect(back.credited).toBe(1);
    expect(back.notReturned).toBe(2);
    expect(await remainingOf(db, long.id)).toBe(9);
    expect(await remainingOf(db, short.id)).toBe(0);

    // Before expiry, it goes back to both; asking again gives nothing more than was taken.
    const account2 = await buildAccount(db);
    const a = await pack(db, account2.id, 2, inDays(1));
    const b = await pack(db, account2.id, 10, inDays(20));
    await db.transaction((trx) =>
      debitCredits(trx, {
        accountId: account2.id,
        kind: "campaign",
        amount: 3,
        reason: "send",
        recipientId: bounced,
        now: NOW,
      }),
    );
    const refund = (amount: number) =>
      db.transaction((trx) =>
        creditBack(trx, {
          accountId: account2.id,
          kind: "campaign",
          amount,
          reason: "refund",
          recipientId: bounced,
          now: NOW,
        }),
      );
    expect((await refund(3)).credited).toBe(3);
    expect(await remainingOf(db, a.id)).toBe(2);
    expect(await remainingOf(db, b.id)).toBe(10);
    const again = await refund(1);
    expect(again.credited).toBe(0);
    expect(again.returned).toEqual([]);
    await expectLedgerBalanced(db, account.id);
    await expectLedgerBalanced(db, account2.id);
  });

  it("lets many concurrent debits take exactly what there is and no more", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    await pack(db, account.id, 7, inDays(5));
    await pack(db, account.id, 13, inDays(9));
    await pack(db, account.id, 30, inDays(-1)); // expired: never taken
    const amounts = Array.from({ length: 60 }, (_, index) => 1 + (index % 3));
    const results = await Promise.allSettled(
      amounts.map((amount, index) =>
        db.transaction((trx) =>
          debitCredits(trx, {
            accountId: account.id,
            kind: "campaign",
            amount,
            reason: "send",
            recipientId: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
            now: NOW,
          }),
        ),
      ),
    );
    const refusals = results.filter((result) => result.status === "rejected");
    for (const refusal of refusals) expect((refusal.reason as AppError).code).toBe("not_enough_credits");
    const taken = results.reduce(
      (sum, result, index) => (result.status === "fulfilled" ? sum + amounts[index]! : sum),
      0,
    );
    expect(taken).toBeLessThanOrEqual(20);
    // What is left is exactly what was not taken, and the last refusals were for want of credits.
    expect(await remainingCredits(db, account.id, "campaign", NOW)).toBe(20 - taken);
    expect(taken).toBeGreaterThanOrEqual(18);
    const moved = (await db("creditMovements")
      .sum({ total: "delta" })
      .where({ accountId: account.id, reason: "send" })
      .first()) as { total: number | string };
    expect(-Number(moved.total)).toBe(taken);
    await expectLedgerBalanced(db, account.id);
  });
});

import type { Db } from "../../api/src/db/knex.ts";
import type { CreditPack } from "../../api/src/models/CreditPack.ts";
import { addCredits } from "../../api/src/services/credits/ledger.ts";

const DAY = 24 * 3600 * 1000;

/** The day `days` from today (UTC) as the add form takes it: DD/MM/YYYY. */
export function futureDay(days: number): string {
  const [year, month, date] = new Date(Date.now() + days * DAY).toISOString().slice(0, 10).split("-");
  return `${date}/${month}/${year}`;
}

/** A pack of `amount` credits of `kind` for the account, usable `days` more days (negative: expired). */
export async function creditsPack(
  db: Db,
  accountId: string,
  kind: "event" | "campaign",
  amount: number,
  days = 30,
): Promise<CreditPack> {
  const now = new Date();
  return db.transaction((trx) =>
    addCredits(trx, { accountId, kind, amount, reason: "add", expiresAt: new Date(now.getTime() + days * DAY), now }),
  );
}

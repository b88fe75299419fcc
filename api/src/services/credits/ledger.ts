import { randomUUID } from "node:crypto";
import type { CreditKind } from "@tessera/shared/rules/campaigns";
import type { CreditReason } from "@tessera/shared/rules/credits";
import type { Knex } from "../../db/knex.ts";
import { isPostgres } from "../../db/dialect.ts";
import { AppError } from "../../errors.ts";
import { sqlTime } from "../../models/BaseModel.ts";
import { CreditPack } from "../../models/CreditPack.ts";

/*
 * The credits ledger (issue 15 item 4): an account's packs of event or campaign credits and every movement of
 * them. These functions act inside the caller's transaction, so that a movement lands with the state it describes
 * (a pack's remaining credits, a recipient's send); they do not authorize (the caller did) nor audit.
 *
 * A pack is usable while it has credits left and has not expired (`expiresAt > now`). A debit takes from the usable
 * packs, the soonest to expire first, under a row lock on PostgreSQL (SQLite runs one writing transaction at a
 * time): concurrent debits wait for each other and never take more than there is.
 */

export interface CreditMovementInput {
  accountId: string;
  kind: CreditKind;
  /** How many credits (a whole number above 0). */
  amount: number;
  reason: CreditReason;
  /** The campaign and the recipient a send or a bounce is about (kept as they are: no foreign key). */
  campaignId?: string | null;
  recipientId?: string | null;
  /** The user who did it (an administrator's add or debit); none for a send. */
  authorId?: string | null;
  /** What the administrator said of a debit. */
  note?: string | null;
  /** The instant that decides what has expired, and the movements' time. */
  now: Date;
}

/** What one pack gave or took in an operation. */
export interface PackShare {
  packId: string;
  amount: number;
}

export interface DebitResult {
  operationId: string;
  /** The packs taken from, soonest to expire first. */
  taken: PackShare[];
}

export interface CreditBackResult {
  operationId: string;
  /** The packs credits went back to. */
  returned: PackShare[];
  /** How many credits went back (at most `amount`). */
  credited: number;
  /** How many of those asked were not given back: their pack has expired, or fewer had been taken. */
  notReturned: number;
}

function assertAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`A credit movement needs a whole amount above 0, not ${amount}`);
}

interface MovementRow {
  id: string;
  accountId: string;
  kind: CreditKind;
  packId: string;
  operationId: string;
  delta: number;
  reason: CreditReason;
  note: string | null;
  campaignId: string | null;
  recipientId: string | null;
  authorUserId: string | null;
  createdAt: string;
}

function movementRows(
  input: CreditMovementInput,
  operationId: string,
  shares: PackShare[],
  sign: 1 | -1,
): MovementRow[] {
  return shares.map((share) => ({
    id: randomUUID(),
    accountId: input.accountId,
    kind: input.kind,
    packId: share.packId,
    operationId,
    delta: sign * share.amount,
    reason: input.reason,
    note: input.note ?? null,
    campaignId: input.campaignId ?? null,
    recipientId: input.recipientId ?? null,
    authorUserId: input.authorId ?? null,
    createdAt: sqlTime(input.now),
  }));
}

/** `query` locking the rows it reads until the transaction ends, on PostgreSQL. */
function locked(trx: Knex.Transaction, query: Knex.QueryBuilder): Knex.QueryBuilder {
  return isPostgres(trx) ? query.forUpdate() : query;
}

/** Changes one pack's remaining credits; refuses (throws) rather than go below 0 or above its amount. */
async function movePack(trx: Knex.Transaction, packId: string, delta: number, now: Date): Promise<void> {
  const changed = await trx("creditPacks")
    .where({ id: packId })
    .andWhere("remaining", ">=", delta < 0 ? -delta : 0)
    .andWhereRaw("?? + ? <= ??", ["remaining", delta, "amount"])
    .update({ remaining: trx.raw("?? + ?", ["remaining", delta]), updatedAt: sqlTime(now) });
  if (changed !== 1) throw new Error(`Credit pack ${packId} cannot move by ${delta}`);
}

/**
 * Adds a pack of `amount` credits usable until `expiresAt` (exclusive), with its `add` movement. The pack's
 * reason is the input's (`add` for an administrator's pack).
 */
export async function addCredits(
  trx: Knex.Transaction,
  input: CreditMovementInput & { expiresAt: Date },
): Promise<CreditPack> {
  assertAmount(input.amount);
  const pack = await CreditPack.query(trx).insertAndFetch({
    accountId: input.accountId,
    kind: input.kind,
    amount: input.amount,
    remaining: input.amount,
    expiresAt: input.expiresAt,
    authorUserId: input.authorId ?? null,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await trx("creditMovements").insert(
    movementRows(input, randomUUID(), [{ packId: pack.id, amount: input.amount }], 1),
  );
  return pack;
}

/**
 * Takes `amount` credits of `kind` from the account's usable packs, the soonest to expire first (then the oldest),
 * each pack's share a movement of `reason`. When the packs hold fewer, throws `not_enough_credits` (409) with the
 * missing amount (`details.missing`) and takes nothing.
 */
export async function debitCredits(trx: Knex.Transaction, input: CreditMovementInput): Promise<DebitResult> {
  assertAmount(input.amount);
  const packs = (await locked(
    trx,
    trx("creditPacks")
      .select("id", "remaining")
      .where({ accountId: input.accountId, kind: input.kind })
      .andWhere("remaining", ">", 0)
      .andWhere("expiresAt", ">", sqlTime(input.now))
      .orderBy([
        { column: "expiresAt", order: "asc" },
        { column: "createdAt", order: "asc" },
        { column: "id", order: "asc" },
      ]),
  )) as { id: string; remaining: number }[];
  const available = packs.reduce((sum, pack) => sum + Number(pack.remaining), 0);
  if (available < input.amount) {
    const missing = input.amount - available;
    throw new AppError("not_enough_credits", 409, {
      params: { count: missing },
      details: { kind: input.kind, required: input.amount, available, missing },
    });
  }
  const taken: PackShare[] = [];
  let left = input.amount;
  for (const pack of packs) {
    if (left === 0) break;
    const share = Math.min(left, Number(pack.remaining));
    await movePack(trx, pack.id, -share, input.now);
    taken.push({ packId: pack.id, amount: share });
    left -= share;
  }
  const operationId = randomUUID();
  await trx("creditMovements").insert(movementRows(input, operationId, taken, -1));
  return { operationId, taken };
}

/**
 * Takes one credit of `kind` for each recipient, as debitCredits would one at a time, but with the packs locked and
 * moved once: each recipient's credit is its own movement (a bounce gives back that one). All or nothing: when
 * the packs hold fewer than `recipientIds.length`, throws `not_enough_credits` with the missing amount.
 */
export async function debitEachRecipient(
  trx: Knex.Transaction,
  input: Omit<CreditMovementInput, "amount" | "recipientId">,
  recipientIds: readonly string[],
): Promise<void> {
  if (!recipientIds.length) return;
  const packs = (await locked(
    trx,
    trx("creditPacks")
      .select("id", "remaining")
      .where({ accountId: input.accountId, kind: input.kind })
      .andWhere("remaining", ">", 0)
      .andWhere("expiresAt", ">", sqlTime(input.now))
      .orderBy([
        { column: "expiresAt", order: "asc" },
        { column: "createdAt", order: "asc" },
        { column: "id", order: "asc" },
      ]),
  )) as { id: string; remaining: number }[];
  const available = packs.reduce((sum, pack) => sum + Number(pack.remaining), 0);
  if (available < recipientIds.length) {
    const missing = recipientIds.length - available;
    throw new AppError("not_enough_credits", 409, {
      params: { count: missing },
      details: { kind: input.kind, required: recipientIds.length, available, missing },
    });
  }
  const operationId = randomUUID();
  const rows: MovementRow[] = [];
  let next = 0;
  for (const pack of packs) {
    if (next === recipientIds.length) break;
    const share = Math.min(recipientIds.length - next, Number(pack.remaining));
    await movePack(trx, pack.id, -share, input.now);
    for (const recipientId of recipientIds.slice(next, next + share)) {
      rows.push(
        ...movementRows({ ...input, amount: 1, recipientId }, operationId, [{ packId: pack.id, amount: 1 }], -1),
      );
    }
    next += share;
  }
  for (let index = 0; index < rows.length; index += 500)
    await trx("creditMovements").insert(rows.slice(index, index + 500));
}

/**
 * Gives back up to `amount` credits of what was taken for `recipientId` (and `campaignId` when given; either one
 * at least) to the packs they came from, those that have not expired; credits of an expired pack are not given
 * back. Never gives back more than was taken (net of what was given back before).
 */
export async function creditBack(trx: Knex.Transaction, input: CreditMovementInput): Promise<CreditBackResult> {
  assertAmount(input.amount);
  if (!input.recipientId && !input.campaignId) throw new Error("creditBack needs a recipientId or a campaignId");
  const netByPack = (await trx("creditMovements")
    .select("packId")
    .sum({ net: "delta" })
    .where({ accountId: input.accountId, kind: input.kind })
    .modify((query) => {
      if (input.recipientId) void query.where({ recipientId: input.recipientId });
      if (input.campaignId) void query.where({ campaignId: input.campaignId });
    })
    .groupBy("packId")) as { packId: string; net: number | string }[];
  const takenFrom = new Map(
    netByPack.filter((row) => Number(row.net) < 0).map((row) => [row.packId, -Number(row.net)] as const),
  );
  const operationId = randomUUID();
  if (!takenFrom.size) return { operationId, returned: [], credited: 0, notReturned: input.amount };
  const packs = (await locked(
    trx,
    trx("creditPacks")
      .select("id")
      .whereIn("id", [...takenFrom.keys()])
      .andWhere("expiresAt", ">", sqlTime(input.now))
      // The order debits lock in, so that a debit and a credit back never wait for each other in a circle.
      .orderBy([
        { column: "expiresAt", order: "asc" },
        { column: "createdAt", order: "asc" },
        { column: "id", order: "asc" },
      ]),
  )) as { id: string }[];
  const returned: PackShare[] = [];
  let left = input.amount;
  for (const pack of packs) {
    if (left === 0) break;
    const share = Math.min(left, takenFrom.get(pack.id)!);
    await movePack(trx, pack.id, share, input.now);
    returned.push({ packId: pack.id, amount: share });
    left -= share;
  }
  if (returned.length) await trx("creditMovements").insert(movementRows(input, operationId, returned, 1));
  const credited = input.amount - left;
  return { operationId, returned, credited, notReturned: left };
}

/** The credits of `kind` the account can spend at `now`: the remaining credits of its packs not expired. */
export async function remainingCredits(db: Knex, accountId: string, kind: CreditKind, now: Date): Promise<number> {
  const row = (await db("creditPacks")
    .sum({ total: "remaining" })
    .where({ accountId, kind })
    .andWhere("expiresAt", ">", sqlTime(now))
    .first()) as { total: number | string | null } | undefined;
  return Number(row?.total ?? 0);
}

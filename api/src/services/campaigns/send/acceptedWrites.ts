import type { Knex } from "../../../db/knex.ts";
import { sqlTime } from "../../../models/BaseModel.ts";
import { REPLACEABLE_MAIL_STATUSES } from "./ledger.ts";

/*
 * The ledger's "sent" marks, committed in groups. Each message the mail server accepts is journaled at once (see
 * journal.ts), so its ledger commit may wait a few milliseconds for others: one transaction marks a group sent
 * instead of one transaction a message, which on PostgreSQL is four round trips a message saved. A message's
 * journal line is released only once its group has committed.
 */

const GROUP_SIZE = 64;
const GROUP_WAIT_MS = 10;

interface Accepted {
  recipientId: string;
  committed: () => void;
}

export interface AcceptedWrites {
  add(recipientId: string, committed: () => void): void;
  /** Commits what is waiting; rejects with the first failed group's error (their journal lines are kept). */
  drain(): Promise<void>;
}

/** Marks the recipients sent (their message id from their token) and their guests' mail status, in one transaction. */
export async function markAcceptedMany(
  db: Knex,
  recipientIds: readonly string[],
  bounceDomain: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (trx) => {
    const stillSending = trx("campaignRecipients").whereIn("id", recipientIds).where({ status: "sending" });
    await trx("guests")
      .whereIn("id", stillSending.clone().whereNotNull("guestId").select("guestId"))
      .whereIn("mailStatus", REPLACEABLE_MAIL_STATUSES)
      .update({ mailStatus: "sent", mailStatusAt: sqlTime(now) });
    await stillSending.update({
      status: "sent",
      sentAt: sqlTime(now),
      messageId: trx.raw("'<' || token || ?", [`@${bounceDomain}>`]),
      lastError: null,
      updatedAt: sqlTime(now),
    });
  });
}

export function createAcceptedWrites(db: Knex, bounceDomain: string, now: () => Date): AcceptedWrites {
  let waiting: Accepted[] = [];
  let timer: NodeJS.Timeout | null = null;
  const writes = new Set<Promise<void>>();
  let failure: unknown = null;

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!waiting.length) return;
    const group = waiting;
    waiting = [];
    const write = markAcceptedMany(
      db,
      group.map((accepted) => accepted.recipientId),
      bounceDomain,
      now(),
    )
      .then(() => group.forEach((accepted) => accepted.committed()))
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => writes.delete(write));
    writes.add(write);
  }

  return {
    add(recipientId, committed) {
      waiting.push({ recipientId, committed });
      if (waiting.length >= GROUP_SIZE) flush();
      else timer ??= setTimeout(flush, GROUP_WAIT_MS);
    },
    async drain() {
      flush();
      await Promise.all(writes);
      if (failure) {
        const error = failure;
        failure = null;
        throw error;
      }
    },
  };
}

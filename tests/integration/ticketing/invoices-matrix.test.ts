import { describe, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { issueInvoice } from "../../../api/src/services/invoicing/issue.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { billEventBy, buildOrganizer } from "../../helpers/invoices.ts";
import {
  buildListedEvent,
  describeRows,
  expectMatrixCall,
  expectUnlistedNotFound,
  READ,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { buildOrder, buildTicket } from "../../helpers/orders.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every route of ticketing's invoices × every kind of caller (QUALITY.md, tenant isolation), another account's
 * users included. Each call targets a fresh event of account A with an invoiced order, listed for the reader,
 * editor and organizer: anyone who sees the event reads its invoices and their PDFs; outsiders get 404, as do
 * members the event is hidden from.
 */

interface Target {
  base: string;
  orderId: string;
  invoiceId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  {
    name: "GET orders/{id}/invoices",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/orders/${t.orderId}/invoices` }),
  },
  {
    name: "GET invoices/{id}/pdf",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/invoices/${t.invoiceId}/pdf` }),
  },
];

describe.each(databaseKinds())("ticketing invoices: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const { db } = suite.server;
    await billEventBy(db, where, await buildOrganizer(db, where.accountId));
    const buyer = await buildGuest(db, where, { firstName: "Lou" });
    const { order } = await buildOrder(db, where, {
      guestId: buyer.id,
      items: [{ ticket: await buildTicket(db, where) }],
    });
    const invoice = await db.transaction((trx) => issueInvoice(trx, order.id, new Date()));
    return { base: eventBase(where), orderId: order.id, invoiceId: invoice.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the invoices of an event the caller is not tied to (404)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });
});

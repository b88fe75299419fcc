import { describe, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { TicketCategory } from "../../../api/src/models/TicketCategory.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import {
  buildListedEvent,
  describeRows,
  expectMatrixCall,
  expectUnlistedNotFound,
  READ,
  write,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { buildTicket } from "../../helpers/orders.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every route of ticketing's catalogue (categories, their positions, tickets) × every kind of caller (QUALITY.md,
 * tenant isolation), another account's users included. Each call targets a fresh event of account A holding two
 * categories (one empty) and a ticket, listed for the reader, editor and organizer: reading needs events.read,
 * changing the catalogue events.update (editors and up, like the event's other content); outsiders get 404;
 * refused calls change nothing.
 */

interface Target {
  base: string;
  categoryId: string;
  emptyCategoryId: string;
  ticketId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET categories", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/categories` }) },
  {
    name: "POST categories",
    expect: write(201),
    call: (t) => ({ method: "POST", path: `${t.base}/categories`, body: { name: "Students", color: "#aa0000" } }),
  },
  {
    name: "POST categories/positions",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/categories/positions`,
      body: { ids: [t.emptyCategoryId, t.categoryId] },
    }),
  },
  {
    name: "GET categories/{id}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/categories/${t.categoryId}` }),
  },
  {
    name: "POST categories/{id}",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/categories/${t.categoryId}`, body: { name: "Renamed" } }),
  },
  {
    name: "DELETE categories/{id}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `${t.base}/categories/${t.emptyCategoryId}` }),
  },
  { name: "GET tickets", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/tickets` }) },
  {
    name: "POST tickets",
    expect: write(201),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/tickets`,
      body: {
        caption: "Day pass",
        taxRateBp: 2000,
        categoryId: t.categoryId,
        pricePeriods: [{ startsAt: "2027-01-01T00:00:00.000Z", priceInclTaxCents: 6000 }],
      },
    }),
  },
  {
    name: "GET tickets/{id}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/tickets/${t.ticketId}` }),
  },
  {
    name: "POST tickets/{id}",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/tickets/${t.ticketId}`, body: { caption: "Renamed" } }),
  },
  {
    name: "DELETE tickets/{id}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `${t.base}/tickets/${t.ticketId}` }),
  },
];

describe.each(databaseKinds())("ticketing catalogue: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const { db } = suite.server;
    const category = (values: Partial<TicketCategory>) =>
      TicketCategory.query(db).insertAndFetch({
        accountId: where.accountId,
        eventId: where.id,
        parentId: null,
        color: "#3366ff",
        name: "Passes",
        position: 0,
        ...values,
      });
    const full = await category({ name: "Passes", position: 0 });
    const empty = await category({ name: "Empty", position: 1 });
    const ticket = await buildTicket(db, where, { categoryId: full.id });
    return { base: eventBase(where), categoryId: full.id, emptyCategoryId: empty.id, ticketId: ticket.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the catalogue of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });
});

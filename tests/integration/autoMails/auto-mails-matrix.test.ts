import { describe, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
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
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every route of an event's automatic mails × every kind of caller (QUALITY.md, tenant isolation), another
 * account's users included. Each call targets a fresh event of account A, listed for the reader, editor and
 * organizer: reading and previewing need events.read, saving, resetting, turning on or off and the test send
 * events.update (editors and up); outsiders get 404; refused calls change nothing.
 */

interface Target {
  base: string;
}

const wording = {
  subject: "Your registration, {{firstName}}",
  content: {
    blocks: [
      { id: "message", type: "text", html: "<p>See you at {{eventName}}</p>" },
      { id: "footer", type: "footer", html: "<p>Harbour events</p>" },
    ],
  },
};

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET auto-mails", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/auto-mails` }) },
  {
    name: "GET auto-mails/{kind}/{language}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/auto-mails/registration_confirmation/fr` }),
  },
  {
    name: "PUT auto-mails/{kind}/{language}",
    expect: write(200),
    call: (t) => ({ method: "PUT", path: `${t.base}/auto-mails/registration_confirmation/fr`, body: wording }),
  },
  {
    name: "DELETE auto-mails/{kind}/{language}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `${t.base}/auto-mails/order_refund/en` }),
  },
  {
    name: "POST auto-mails/{kind}/enabled",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/auto-mails/order_refund/enabled`, body: { enabled: false } }),
  },
  {
    name: "POST auto-mails/{kind}/{language}/preview",
    expect: READ,
    call: (t) => ({ method: "POST", path: `${t.base}/auto-mails/magic_link/es/preview`, body: {} }),
  },
  {
    name: "POST auto-mails/{kind}/{language}/test",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/auto-mails/order_confirmation/en/test`,
      body: { email: "me@example.org" },
    }),
  },
];

describe.each(databaseKinds())("automatic mails: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    return { base: eventBase(where) };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the automatic mails of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });
});

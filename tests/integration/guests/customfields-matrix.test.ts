import { describe, expect, it } from "vitest";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildCustomField } from "../../helpers/guests.ts";
import {
  buildListedEvent,
  describeRows,
  expectMatrixCall,
  READ,
  write,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every custom-field route × every kind of caller (QUALITY.md, tenant isolation). Each call targets a
 * fresh event of account A with two fields, listed for the reader, editor and organizer: reading
 * needs events.read, writing events.update (editors and up); refused calls change nothing.
 */

interface Target {
  base: string;
  fieldIds: [string, string];
}
const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET customfields", expect: READ, call: (t) => ({ method: "GET", path: t.base }) },
  {
    name: "POST customfields",
    expect: write(201),
    call: (t) => ({ method: "POST", path: t.base, body: { name: "diet", label: "Diet", type: "short_text" } }),
  },
  {
    name: "GET customfields/{id}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/${t.fieldIds[0]}` }),
  },
  {
    name: "POST customfields/{id}",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/${t.fieldIds[0]}`, body: { label: "Renamed" } }),
  },
  {
    name: "DELETE customfields/{id}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `${t.base}/${t.fieldIds[0]}` }),
  },
  {
    name: "POST customfields/reorder",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/reorder`, body: { ids: [t.fieldIds[1], t.fieldIds[0]] } }),
  },
];

describe.each(databaseKinds())("custom fields: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(listed = true): Promise<Target> {
    const event = listed
      ? await buildListedEvent(suite.cast)
      : await buildEvent(suite.server.db, suite.cast.accountA.id);
    const first = await buildCustomField(suite.server.db, event);
    const second = await buildCustomField(suite.server.db, event);
    return {
      base: `/api/v1/events/${suite.cast.accountA.id}/${event.id}/customfields`,
      fieldIds: [first.id, second.id],
    };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the fields of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(false);
    for (const member of ["reader", "editor", "organizer"] as const) {
      const client = suite.cast.client(member);
      expect((await client.get(t.base)).status).toBe(404);
      for (const row of ROWS.filter((r) => r.call(t).method !== "GET")) {
        const call = row.call(t);
        const response = await expectNoChange(suite.server.db, () =>
          client.request(call.method, call.path, { body: call.body }),
        );
        expect(response.status, row.name).toBe(404);
      }
    }
  });

  it("answers 404 for a field of another event and for a malformed id", async () => {
    const a = await target();
    const b = await target();
    const client = suite.cast.client("overseer");
    expect((await client.get(`${a.base}/${b.fieldIds[0]}`)).status).toBe(404);
    expect((await client.get(`${a.base}/not-a-uuid`)).status).toBe(404);
    const response = await expectNoChange(suite.server.db, () => client.delete(`${a.base}/${b.fieldIds[0]}`));
    expect(response.status).toBe(404);
  });
});

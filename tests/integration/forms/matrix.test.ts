import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
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
import { buildForm } from "../../helpers/forms.ts";

/**
 * Every form route × every kind of caller (QUALITY.md, tenant isolation). Each call targets a fresh event
 * of account A with one form, listed for the reader, editor and organizer: reading needs events.read,
 * writing events.update (editors and up); outsiders get 404; refused calls change nothing.
 */

interface Target {
  base: string;
  formId: string;
}
const ITEMS = [{ kind: "text", id: "intro", title: "Welcome", description: "" }];
const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET forms", expect: READ, call: (t) => ({ method: "GET", path: t.base }) },
  {
    name: "POST forms",
    expect: write(201),
    call: (t) => ({ method: "POST", path: t.base, body: { type: "survey", title: "Survey", items: ITEMS } }),
  },
  { name: "GET forms/{id}", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/${t.formId}` }) },
  {
    name: "POST forms/{id}",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/${t.formId}`, body: { state: "online" } }),
  },
  {
    name: "POST forms/{id}/duplicate",
    expect: write(201),
    call: (t) => ({ method: "POST", path: `${t.base}/${t.formId}/duplicate` }),
  },
  {
    name: "GET forms/{id}/options",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/${t.formId}/options` }),
  },
  {
    name: "POST forms/{id}/options",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/${t.formId}/options`,
      body: { params: { requiresApproval: true } },
    }),
  },
  {
    name: "GET forms/{id}/statistics",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/${t.formId}/statistics` }),
  },
  { name: "DELETE forms/{id}", expect: write(200), call: (t) => ({ method: "DELETE", path: `${t.base}/${t.formId}` }) },
];

describe.each(databaseKinds())("forms: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const form = await buildForm(suite.server.db, where, {
      state: "draft",
      title: "Registration",
      items: ITEMS as never,
    });
    return { base: `/api/v1/events/${suite.cast.accountA.id}/${where.id}/forms`, formId: form.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the forms of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });

  it("finds no form of another event through this event's address (404)", async () => {
    const mine = await target();
    const other = await target();
    const response = await suite.cast.client("overseer").get(`${mine.base}/${other.formId}`);
    expect(response.status).toBe(404);
  });
});

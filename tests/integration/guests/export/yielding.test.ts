import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../../../api/src/models/Event.ts";
import { listGuests } from "../../../../api/src/services/guests/list.ts";
import { EXPORT_SLICE, exportPageSize, readGuestSlices } from "../../../../api/src/services/guests/export/pages.ts";
import { createScope } from "../../../../api/src/services/scope.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../../helpers/factories.ts";
import { buildCustomField, buildGuests } from "../../../helpers/guests.ts";
import { useTestServer } from "../../../helpers/suite.ts";

/*
 * Issue 9: an export of 100k guests never stalls the server. Nothing here times anything: the export is
 * seen to hand the event loop over between its slices of guests and its pages, and another client's
 * request to be served while an export is being written (on SQLite every query runs synchronously, so an
 * export that never gives a turn away serves nobody else until it is done).
 */

/** Whether the event loop has turned (a setImmediate callback has run) since it was called. */
function turnWatch(): () => boolean {
  let turned = false;
  setImmediate(() => (turned = true));
  return () => turned;
}

describe.each(databaseKinds())("guest export hands the event loop over, on %s", (kind) => {
  const suite = useTestServer(kind);
  let event: Event;
  let exportUrl: string;
  let exportHeaders: Record<string, string>;
  let otherClient: { headers: Record<string, string>; accountId: string };
  // Pages follow pages: more guests than three of the export's pages (and than one of the export before
  // slices, 2,000), the last one partly filled.
  let pageSize: number;
  let guests: number;

  beforeAll(async () => {
    const db = suite.server.db;
    pageSize = exportPageSize(db);
    guests = Math.max(3 * pageSize, 2_000) + 50;
    const account = await buildAccount(db);
    const user = await buildUser(db, { accountId: account.id, role: "overseer" });
    exportHeaders = { Authorization: `Bearer ${await sessionTokenFor(db, suite.server.config, user)}` };
    event = await buildEvent(db, account.id);
    const meal = await buildCustomField(db, event, { type: "short_text", label: "Meal" });
    await buildGuests(db, event, guests, (index) => ({
      lastName: `Name ${index % 97}`,
      answers: { [meal.id]: `meal ${index}` } as never,
    }));
    exportUrl = `${suite.server.baseUrl}/api/v1/events/${account.id}/${event.id}/users/export?sort=lastName`;
    // Someone of another account: their requests are told apart in the query log by their account's id.
    const other = await buildAccount(db);
    const otherUser = await buildUser(db, { accountId: other.id, role: "overseer" });
    otherClient = {
      accountId: other.id,
      headers: { Authorization: `Bearer ${await sessionTokenFor(db, suite.server.config, otherUser)}` },
    };
  });

  it("reads the view page by page and gives each slice of guests a turn of the event loop of its own", async () => {
    const scope = createScope(suite.server.deps);
    let watch = turnWatch();
    const slices = await readGuestSlices(scope, event.id, { sort: "lastName", order: "desc" });
    expect(watch()).toBe(true);
    const exported: string[] = [];
    for await (const slice of slices) {
      expect(watch()).toBe(true);
      expect(slice.length).toBeGreaterThan(0);
      expect(slice.length).toBeLessThanOrEqual(EXPORT_SLICE);
      exported.push(...slice.map((guest) => guest.id));
      watch = turnWatch();
    }
    const { rows } = await listGuests(scope.db, undefined, event.id, {
      sort: "lastName",
      order: "desc",
      perPage: 10_000,
    });
    expect(exported).toEqual(rows.map((guest) => guest.id));
  });

  it.each(["csv", "xlsx"])("serves another client while a %s export is being written", async (format) => {
    // Queries in the order they run: the export's pages, and the other client's (its account's id), who
    // asks once the export has read its first page.
    const log: Array<"page" | "other"> = [];
    let otherAnswer: Promise<Response> | undefined;
    const onQuery = (query: { sql: string; bindings?: unknown[] }) => {
      if (query.bindings?.includes(otherClient.accountId)) log.push("other");
      else if (/^select [`"]guests[`"]\.\* from [`"]guests[`"] where [`"]guests[`"]\.[`"]id[`"] in/.test(query.sql)) {
        log.push("page");
        otherAnswer ??= fetch(`${suite.server.baseUrl}/api/v1/auth/me`, { headers: otherClient.headers });
      }
    };
    suite.server.db.on("query", onQuery);
    try {
      const response = await fetch(`${exportUrl}&format=${format}`, { headers: exportHeaders });
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect((await otherAnswer)?.status).toBe(200);
    } finally {
      suite.server.db.off("query", onQuery);
    }
    const pages = log.flatMap((entry, index) => (entry === "page" ? [index] : []));
    expect(pages.length).toBe(Math.floor(guests / pageSize) + 1);
    // The other request was served before the export read its last page.
    expect(log.indexOf("other")).toBeGreaterThan(0);
    expect(log.indexOf("other")).toBeLessThan(pages.at(-1)!);
  });
});

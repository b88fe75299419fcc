import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { buildGuests } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * A page of the guest list is read while the event's access is checked (two round trips at once, not one
 * after the other), and a caller the check refuses still gets nothing but the refusal.
 */
describe.each(databaseKinds())("guest list round trips on %s", (kind) => {
  const suite = useTestServer(kind);

  it("asks for the page before the event's check has answered, and answers a refused caller 404", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const user = await buildUser(db, { accountId: account.id, role: "overseer" });
    const http = suite.server.http.as(await sessionTokenFor(db, suite.server.config, user));
    const event = await buildEvent(db, account.id);
    await buildGuests(db, event, 30);
    const path = `/api/v1/events/${account.id}/${event.id}/users?count=false`;

    const steps: string[] = [];
    const names = new Map<string, string>();
    const onQuery = (query: { __knexQueryUid: string; sql: string }) => {
      const name = /from [`"]events[`"]/.test(query.sql)
        ? "event"
        : /from [`"]guests[`"]/.test(query.sql)
          ? "page"
          : "other";
      names.set(query.__knexQueryUid, name);
      steps.push(`${name} asked`);
    };
    const onAnswer = (_rows: unknown, query: { __knexQueryUid: string }) =>
      steps.push(`${names.get(query.__knexQueryUid)} answered`);
    db.on("query", onQuery).on("query-response", onAnswer);
    try {
      const response = await http.get(path);
      expect(response.status).toBe(200);
      expect(response.body.data).toHaveLength(30);
    } finally {
      db.off("query", onQuery).off("query-response", onAnswer);
    }
    expect(steps.indexOf("page asked")).toBeGreaterThan(-1);
    expect(steps.indexOf("page asked")).toBeLessThan(steps.indexOf("event answered"));

    const outsiderAccount = await buildAccount(db);
    const outsider = await buildUser(db, { accountId: outsiderAccount.id, role: "overseer" });
    const outsiderHttp = suite.server.http.as(await sessionTokenFor(db, suite.server.config, outsider));
    const refused = await outsiderHttp.get(path);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(event.id);
  });
});

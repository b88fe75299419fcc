import { beforeAll, describe, expect, it } from "vitest";
import { Account } from "../../../api/src/models/Account.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { CAST_MEMBERS, expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { expectAnswer, managers, READ, sendGuarded } from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Overseers and administrators write; the API key is an organizer's (403). */
const MANAGERS = managers(200);

describe.each(databaseKinds())("default event params on %s", (kind) => {
  const suite = useCastServer(kind);
  let path: string;
  let sequence = 0;

  beforeAll(async () => {
    path = `/api/v1/accounts/${suite.cast.accountA.id}/default-event-params`;
  });

  it.each(CAST_MEMBERS)("GET as %s", async (member) => {
    const response = await suite.cast.client(member).get(path);
    expectAnswer(response, READ[member]);
  });

  it.each(CAST_MEMBERS)("POST as %s", async (member) => {
    const body = { maxCompanions: ++sequence };
    const expected = MANAGERS[member];
    const send = () => suite.cast.client(member).post(path, body);
    const response = await sendGuarded(suite.server.db, expected, send);
    expectAnswer(response, expected);
    if (expected < 400) expect(response.body.maxCompanions).toBe(sequence);
  });

  it("starts empty, merges the fields given, stores them on the account and audits the change", async () => {
    const fresh = suite.cast.client("outsiderOverseer");
    const bPath = `/api/v1/accounts/${suite.cast.accountB.id}/default-event-params`;
    expect((await fresh.get(bPath)).body).toEqual({});
    const first = await fresh.post(bPath, { timezone: "America/New_York", languages: ["en", "es"] });
    expect(first.body).toEqual({ timezone: "America/New_York", languages: ["en", "es"] });
    const second = await fresh.post(bPath, { isAllDay: true, country: "US", maxCompanions: null });
    expect(second.body).toEqual({
      timezone: "America/New_York",
      languages: ["en", "es"],
      isAllDay: true,
      country: "US",
      maxCompanions: null,
    });
    expect((await fresh.get(bPath)).body).toEqual(second.body);
    const account = await Account.query(suite.server.db).findById(suite.cast.accountB.id);
    expect(account!.defaultEventParams).toEqual(second.body);
    await fresh.post(bPath, { isAllDay: true }); // no change: no entry
    const entries = await AuditLog.query(suite.server.db)
      .where({ accountId: suite.cast.accountB.id, action: "account.default_event_params_updated" })
      .orderBy("createdAt");
    expect(entries).toHaveLength(2);
    expect(entries[1]!.before).toEqual(first.body);
    expect(entries[1]!.after).toEqual(second.body);
  });

  it("refuses an unknown time zone and malformed fields (422), changing nothing", async () => {
    const client = suite.cast.client("overseer");
    const unknownZone = await expectNoChange(suite.server.db, () => client.post(path, { timezone: "Europe/Atlantis" }));
    expect(unknownZone.status).toBe(422);
    expect(unknownZone.body.error.details).toEqual([
      { field: "timezone", code: "timezone_invalid", message: "This time zone is not valid." },
    ]);
    for (const body of [
      { timezone: "not a zone" },
      { languages: [] },
      { languages: ["xx"] },
      { maxCompanions: -1 },
      { country: "fr" },
      { isAllDay: "yes" },
      { name: "not a default" },
    ]) {
      const response = await expectNoChange(suite.server.db, () => client.post(path, body));
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
  });
});

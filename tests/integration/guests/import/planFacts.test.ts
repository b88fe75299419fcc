import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { CustomField } from "../../../../api/src/models/CustomField.ts";
import type { Event } from "../../../../api/src/models/Event.ts";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { GuestImport } from "../../../../api/src/models/GuestImport.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import {
  buildCustomField,
  importingAccount,
  importsPath,
  processImport,
  uploadAndMap as uploadAndMapOf,
} from "../../../helpers/guestImport.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";

/**
 * The job plans from what the mapping step learnt of the file (the emails on several rows) instead of
 * checking every row again, but only while that still holds: a custom field changed in between makes it
 * check the file again, so its counts and report follow the rules as they are when it runs.
 */
describe.each(databaseKinds())("an import planned from its mapping step on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let event: Event;
  let badge: CustomField;
  let base: string;

  beforeAll(async () => {
    const { account, http: client } = await importingAccount(suite.server);
    http = client;
    event = await buildEvent(suite.server.db, account.id);
    badge = await buildCustomField(suite.server.db, event, { name: "badge", type: "number" });
    base = importsPath(event);
  });

  const uploadAndMap = (file: string) => uploadAndMapOf(http, base, file, { lang: "en" });

  it("keeps the emails on several rows from the mapping step and folds them into one guest", async () => {
    const tag = randomUUID();
    const { id } = await uploadAndMap(
      `email,firstName,badge\nann-${tag}@example.com,Ann,1\nbob-${tag}@example.com,Bob,2\nANN-${tag}@example.com,Annie,3\n`,
    );
    const mapped = await GuestImport.query(suite.server.db).findById(id);
    expect(mapped!.planFacts).toMatchObject({ repeatedEmails: [[`ann-${tag}@example.com`, 4]], namelessRows: 0 });
    expect(await processImport(suite.server, http, base, id)).toMatchObject({ createdRows: 2, failedRows: 0 });
    const guests = await Guest.query(suite.server.db).where({ importId: id }).orderBy("email");
    expect(guests.map((guest) => [guest.email, guest.firstName, guest.answers[badge.id]])).toEqual([
      [`ann-${tag}@example.com`, "Annie", 3],
      [`bob-${tag}@example.com`, "Bob", 2],
    ]);
  });

  it("checks the file again when a custom field changed after the mapping step", async () => {
    const tag = randomUUID();
    const { id, mapped } = await uploadAndMap(
      `email,firstName,badge\ncid-${tag}@example.com,Cid,1\ndee-${tag}@example.com,Dee,many\neve-${tag}@example.com,Eve,few\n`,
    );
    // An optional field's bad cell is left out of its row; a required field's refuses the row.
    expect(mapped.body.import).toMatchObject({ totalRows: 3, failedRows: 0, warningRows: 2 });
    await CustomField.query(suite.server.db).findById(badge.id).patch({ isRequired: true });
    try {
      expect(await processImport(suite.server, http, base, id)).toMatchObject({
        createdRows: 1,
        failedRows: 2,
        warningRows: 0,
      });
      const report = await http.get(`${base}/${id}/errors.csv`, { lang: "en" });
      const lines = (report.body as string)
        .replace(/^\ufeff/, "")
        .trim()
        .split("\r\n");
      expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(["3", "4"]);
    } finally {
      await CustomField.query(suite.server.db).findById(badge.id).patch({ isRequired: false });
    }
  });
});

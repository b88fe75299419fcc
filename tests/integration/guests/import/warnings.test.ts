import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { CustomField } from "../../../../api/src/models/CustomField.ts";
import type { Event } from "../../../../api/src/models/Event.ts";
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
 * One bad optional cell does not drop the guest: the row is imported without that value and the cell is
 * reported as a warning; identity (email, names) and required fields still refuse the row. The counts
 * are over every row, not the sample the mapping step answers.
 */
describe.each(databaseKinds())("guest import warnings on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let event: Event;
  let birthday: CustomField;
  let badge: CustomField;
  let base: string;

  beforeAll(async () => {
    const { account, http: client } = await importingAccount(suite.server);
    http = client;
    event = await buildEvent(suite.server.db, account.id);
    birthday = await buildCustomField(suite.server.db, event, { name: "birthday", type: "date" });
    badge = await buildCustomField(suite.server.db, event, { name: "badge", type: "number", isRequired: true });
    base = importsPath(event);
  });

  const uploadAndMap = (file: string) => uploadAndMapOf(http, base, file, { lang: "en" });
  const process = (id: string) => processImport(suite.server, http, base, id);

  it("imports a row without its bad optional cells, warns about them, and refuses bad identity or required cells", async () => {
    const tag = randomUUID();
    const file = [
      "firstName,lastName,email,civility,companions,birthday,badge",
      `Anne,Martin,anne-${tag}@example.com,,,31/02/2026,1`,
      `Bob,Dupont,bob-${tag}@example.com,,,2026/02/01,2`,
      `Carla,Diaz,carla-${tag}@example.com,Dr,-2,01/03/2026,3`,
      `Dan,Evans,not-an-email,,,31/02/2026,4`,
      `Eve,Ford,eve-${tag}@example.com,,,,many`,
      `${"F".repeat(101)},Green,f-${tag}@example.com,,,,6`,
    ].join("\n");
    const { id, mapped } = await uploadAndMap(file + "\n");
    expect(mapped.body.import).toMatchObject({ totalRows: 6, failedRows: 3, warningRows: 3, warningCells: 4 });
    expect(mapped.body.sampleWarnings).toMatchObject([
      {
        line: 2,
        column: "birthday",
        value: "31/02/2026",
        code: "date_not_exist",
        message: "This date does not exist.",
      },
      { line: 3, column: "birthday", value: "2026/02/01", code: "date_format", message: "Date format is incorrect." },
      { line: 4, column: "civility", value: "Dr", code: "invalid_value" },
      { line: 4, column: "companions", value: "-2", code: "number_negative" },
    ]);
    expect(mapped.body.sampleErrors).toMatchObject([
      { line: 5, column: "email", code: "email_format" },
      { line: 5, column: "birthday", code: "date_not_exist" },
      { line: 6, column: "badge", code: "not_a_number" },
      { line: 7, column: "firstName", code: "too_long" },
    ]);

    const final = await process(id);
    expect(final).toMatchObject({
      status: "done",
      createdRows: 3,
      failedRows: 3,
      warningRows: 3,
      warningCells: 4,
      hasErrorReport: true,
    });
    const guests = await Guest.query(suite.server.db).where({ importId: id }).orderBy("firstName");
    expect(guests.map((guest) => guest.firstName)).toEqual(["Anne", "Bob", "Carla"]);
    expect(guests[0]!.answers).toEqual({ [badge.id]: 1 });
    expect(guests[2]).toMatchObject({ civility: null, companionsExpected: 0 });
    expect(guests[2]!.answers).toEqual({ [birthday.id]: "2026-03-01", [badge.id]: 3 });

    const report = await http.get(`${base}/${id}/errors.csv`, { lang: "fr" });
    const lines = (report.body as string)
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Ligne,Colonne,Valeur,Erreur,Résultat");
    // The refused rows first, then the values left out.
    expect(lines.slice(1)).toEqual([
      "5,email,not-an-email,Le format de l'email est incorrect.,Ligne non importée",
      "5,birthday,31/02/2026,Cette date n'existe pas.,Ligne non importée",
      "6,badge,many,Ce n'est pas un nombre valide.,Ligne non importée",
      expect.stringMatching(/^7,firstName,F{101},.*,Ligne non importée$/),
      "2,birthday,31/02/2026,Cette date n'existe pas.,Importée sans cette valeur",
      "3,birthday,2026/02/01,Le format de la date est incorrect.,Importée sans cette valeur",
      expect.stringMatching(/^4,civility,Dr,.*,Importée sans cette valeur$/),
      expect.stringMatching(/^4,companions,'-2,.*,Importée sans cette valeur$/),
    ]);
  });

  it("keeps an existing guest's stored answer when the file's cell for it is bad", async () => {
    const email = `kept-${randomUUID()}@example.com`;
    const existing = await Guest.query(suite.server.db).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      firstName: "Kept",
      lastName: "Answer",
      email,
      emailNormalized: email,
      status: "confirmed",
      mailStatus: "none",
      answers: { [birthday.id]: "1990-05-04" },
      companionsExpected: 0,
      createdSource: "manual",
      searchText: "kept answer",
    });
    const { id } = await uploadAndMap(`email,company,birthday\n${email},New Co,31/02/2026\n`);
    expect(await process(id)).toMatchObject({ updatedRows: 1, failedRows: 0, warningRows: 1, warningCells: 1 });
    const updated = await Guest.query(suite.server.db).findById(existing.id);
    expect(updated).toMatchObject({ company: "New Co" });
    expect(updated!.answers[birthday.id]).toBe("1990-05-04");
  });

  it("counts every refused row and every warning, beyond the 50 the mapping step answers", async () => {
    const tag = randomUUID();
    const refused = Array.from({ length: 129 }, (_, index) => `R${index},not-an-email-${index},01/01/2026`);
    const warned = Array.from({ length: 60 }, (_, index) => `W${index},w${index}-${tag}@example.com,31/02/2026`);
    const { id, mapped } = await uploadAndMap(["firstName,email,birthday", ...refused, ...warned].join("\n"));
    expect(mapped.body.sampleErrors).toHaveLength(50);
    expect(mapped.body.sampleWarnings).toHaveLength(50);
    expect(mapped.body.import).toMatchObject({ totalRows: 189, failedRows: 129, warningRows: 60, warningCells: 60 });
    expect(await process(id)).toMatchObject({ createdRows: 60, failedRows: 129, warningRows: 60, warningCells: 60 });
    const report = await http.get(`${base}/${id}/errors.csv`);
    expect((report.body as string).trim().split("\r\n")).toHaveLength(1 + 129 + 60);
  });

  it("checks the file again when a custom field changed after the mapping step", async () => {
    // The job plans from what the mapping step learnt of the file only while the fields are the same: its
    // counts and report follow the rules as they are when it runs.
    const tag = randomUUID();
    const { id, mapped } = await uploadAndMap(
      `email,firstName,birthday\ncid-${tag}@example.com,Cid,01/03/2026\ndee-${tag}@example.com,Dee,31/02/2026\neve-${tag}@example.com,Eve,2026/02/01\n`,
    );
    // An optional field's bad cell is left out of its row; a required field's refuses the row.
    expect(mapped.body.import).toMatchObject({ totalRows: 3, failedRows: 0, warningRows: 2 });
    await CustomField.query(suite.server.db).findById(birthday.id).patch({ isRequired: true });
    try {
      expect(await process(id)).toMatchObject({ createdRows: 1, failedRows: 2, warningRows: 0 });
      const report = await http.get(`${base}/${id}/errors.csv`, { lang: "en" });
      const lines = (report.body as string)
        .replace(/^\ufeff/, "")
        .trim()
        .split("\r\n");
      expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(["3", "4"]);
    } finally {
      await CustomField.query(suite.server.db).findById(birthday.id).patch({ isRequired: false });
    }
  });
});

import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { Guest } from "../../../../api/src/models/Guest.ts";
import type { Event } from "../../../../api/src/models/Event.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { importingAccount, importsPath, runImport as runImportOf } from "../../../helpers/guestImport.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";

/**
 * The downloadable error report opens in the organizer's spreadsheet: it is written with the uploaded
 * file's separator, and its row numbers are the physical lines of the file (whatever the line ends, a
 * quoted cell spanning lines counted in full: a record's number is the line it starts on). Rows that
 * match an existing guest keep the stored spelling of its email.
 */
describe.each(databaseKinds())("guest import report on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let event: Event;
  let base: string;

  beforeAll(async () => {
    const { account, http: client } = await importingAccount(suite.server);
    http = client;
    event = await buildEvent(suite.server.db, account.id);
    base = importsPath(event);
  });

  async function runImport(file: string | Uint8Array) {
    const { id, upload, final } = await runImportOf(suite.server, http, base, file);
    expect(final.status).toBe("done");
    return { id, upload, final };
  }

  async function reportLines(id: string, lang = "en"): Promise<string[]> {
    const report = await http.get(`${base}/${id}/errors.csv`, { lang });
    expect(report.status).toBe(200);
    return (report.body as string)
      .replace(/^\ufeff/, "")
      .split("\r\n")
      .filter(Boolean);
  }

  it.each([
    ["`;`", ";"],
    ["`,`", ","],
    ["TAB", "\t"],
  ])("writes the report of a %s file with that separator", async (_name, separator) => {
    const file = [["Prénom", "Nom", "E-mail"].join(separator), ["Anne", "Dupont", "pas-un-email"].join(separator)];
    const { id, upload } = await runImport(file.join("\n") + "\n");
    expect(upload.body.import.separator).toBe(separator);
    const lines = await reportLines(id, "fr");
    expect(lines[0]!.startsWith(["Ligne", "Colonne", "Valeur", "Erreur"].join(separator))).toBe(true);
    expect(
      lines[1]!.startsWith(["2", "E-mail", "pas-un-email", "Le format de l'email est incorrect."].join(separator)),
    ).toBe(true);
  });

  it("quotes a cell holding the report's separator", async () => {
    const { id } = await runImport('email;company\n"bad;email";ACME\n');
    const lines = await reportLines(id);
    expect(lines[1]!.startsWith('2;email;"bad;email";')).toBe(true);
  });

  it.each([
    ["LF", "\n"],
    ["CRLF", "\r\n"],
    ["CR", "\r"],
  ])("numbers the rows by the lines of a %s file, a quoted multi-line cell included", async (_name, end) => {
    const file = [
      "firstName,company,email",
      `Anne,"ACME${end}Paris${end}France",anne-${randomUUID()}@example.com`,
      "",
      "Bad,X,not-an-email",
      `Other,"One${end}Two",wrong-too`,
      "Last,Y,also-wrong",
    ].join(end);
    const { id, final } = await runImport(file + end);
    expect(final).toMatchObject({ createdRows: 1, failedRows: 3 });
    const rows = (await reportLines(id)).slice(1).map((line) => line.split(",").slice(0, 3).join(","));
    // Line 1: titles; 2–4: Anne's record; 5: blank; 6: Bad; 7–8: Other; 9: Last.
    expect(rows).toEqual(["6,email,not-an-email", "7,email,wrong-too", "9,email,also-wrong"]);
  });

  it("numbers the rows of an Excel workbook by its sheet rows, a cell holding line breaks included", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Guests");
    sheet.addRow(["firstName", "company", "email"]);
    sheet.addRow(["Anne", "ACME\nParis\r\nFrance", `anne-${randomUUID()}@example.com`]);
    sheet.addRow(["Bad", "X", "not-an-email"]);
    sheet.getRow(5).values = ["Later", "Y", "wrong-too"];
    const { id, upload } = await runImport(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(upload.body.import.sourceFormat).toBe("xlsx");
    const rows = (await reportLines(id)).slice(1).map((line) => line.split(",").slice(0, 3).join(","));
    expect(rows).toEqual(["3,email,not-an-email", "5,email,wrong-too"]);
  });

  it("keeps the stored spelling of an existing guest's email, whatever the file's rows spell", async () => {
    const stored = `Anne.Martin-${randomUUID()}@Example.com`;
    const existing = await Guest.query(suite.server.db).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      firstName: "Anne",
      lastName: "Martin",
      email: stored,
      emailNormalized: stored.toLowerCase(),
      status: "confirmed",
      mailStatus: "none",
      answers: {},
      companionsExpected: 0,
      createdSource: "manual",
      searchText: "anne martin",
    });
    const file = ["email,company", `${stored.toLowerCase()},First`, `${stored.toUpperCase()},Second`].join("\n");
    const { final } = await runImport(file + "\n");
    expect(final).toMatchObject({ createdRows: 0, updatedRows: 1, failedRows: 0 });
    const updated = await Guest.query(suite.server.db).findById(existing.id);
    expect(updated).toMatchObject({ email: stored, emailNormalized: stored.toLowerCase(), company: "Second" });
  });

  it("creates a new guest of two spellings of one email with the first row's spelling", async () => {
    const first = `Jean.Dupont-${randomUUID()}@Example.com`;
    const file = ["email,company", `${first},First`, `${first.toLowerCase()},Second`].join("\n");
    const { id, final } = await runImport(file + "\n");
    expect(final).toMatchObject({ createdRows: 1, failedRows: 0 });
    const guests = await Guest.query(suite.server.db).where({ importId: id });
    expect(guests).toHaveLength(1);
    expect(guests[0]).toMatchObject({ email: first, company: "Second" });
  });
});

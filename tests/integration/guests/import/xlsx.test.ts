import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import type { CustomField } from "../../../../api/src/models/CustomField.ts";
import type { Event } from "../../../../api/src/models/Event.ts";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../../helpers/factories.ts";
import { buildCustomField, uploadFile } from "../../../helpers/guestImport.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";

/** A workbook as organizers keep them: a title-free header row, typed cells, a formula, a link, a gap. */
async function guestWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Invités");
  sheet.addRow(["Prénom", "Nom", "E-mail", "Société", "Arrivée", "Nuits"]);
  sheet.addRow(["Zoé", "Lefèvre", "zoe@example.com", "Café Crème", new Date(Date.UTC(2026, 11, 24)), 2]);
  sheet.addRow([
    { richText: [{ text: "Jo" }, { text: "sé", font: { bold: true } }] },
    "Núñez",
    { text: "jose@example.com", hyperlink: "mailto:jose@example.com" },
    "Señor, Tapas",
    new Date(Date.UTC(2026, 0, 5)),
    { formula: "1+2", result: 3 },
  ]);
  sheet.getCell("E2").numFmt = "dd/mm/yyyy";
  sheet.getCell("E3").numFmt = "dd/mm/yyyy";
  // Row 4 left empty; row 5 holds a guest whose number of nights breaks the field's rule.
  sheet.getRow(5).values = ["Éric", "Dupré", "eric@example.com", "Brasserie", "", -1];
  // A second sheet is not read.
  workbook.addWorksheet("Notes").addRow(["not", "a", "guest"]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(databaseKinds())("guest import of an Excel workbook on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let event: Event;
  let arrival: CustomField;
  let nights: CustomField;
  let base: string;

  beforeAll(async () => {
    const account = await buildAccount(suite.server.db);
    const user = await buildUser(suite.server.db, { accountId: account.id, role: "organizer" });
    http = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, user));
    event = await buildEvent(suite.server.db, account.id, { createdBy: user.id });
    arrival = await buildCustomField(suite.server.db, event, { name: "Arrivée", type: "date" });
    nights = await buildCustomField(suite.server.db, event, {
      name: "Nuits",
      type: "number",
      rules: { noNegative: true },
    });
    base = `/api/v1/events/${account.id}/${event.id}/imports`;
  });

  it("reads the first sheet's cells as shown (dates, rich text, links, formulas) and imports them", async () => {
    const upload = await uploadFile(http, base, await guestWorkbook(), { fileName: "invités.xlsx" });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    expect(upload.body.import).toMatchObject({ sourceFormat: "xlsx", encoding: "utf-8", separator: ",", totalRows: 3 });
    expect(upload.body.import.headers).toEqual(["Prénom", "Nom", "E-mail", "Société", "Arrivée", "Nuits"]);
    expect(upload.body.preview).toEqual([
      ["Zoé", "Lefèvre", "zoe@example.com", "Café Crème", "24/12/2026", "2"],
      ["José", "Núñez", "jose@example.com", "Señor, Tapas", "05/01/2026", "3"],
      ["Éric", "Dupré", "eric@example.com", "Brasserie", "", "-1"],
    ]);
    expect(upload.body.suggestedMapping).toMatchObject({ "0": "firstName", "1": "lastName", "2": "email" });
    const id = upload.body.import.id as string;

    const mapped = await http.post(`${base}/${id}/mapping`, { mapping: upload.body.suggestedMapping });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    // The sheet's own row number: the empty row 4 is kept in the count.
    expect(mapped.body.sampleErrors).toEqual([]);
    expect(mapped.body.sampleWarnings).toMatchObject([{ line: 5, code: "number_negative" }]);

    expect((await http.post(`${base}/${id}/process`)).status).toBe(202);
    await suite.server.deps.jobs.drain();
    const final = (await http.get(`${base}/${id}`)).body.import;
    // Éric's row is imported without its bad (optional) number of nights.
    expect(final).toMatchObject({ status: "done", createdRows: 3, failedRows: 0, warningRows: 1 });

    const guests = await Guest.query(suite.server.db).where({ eventId: event.id }).orderBy("email");
    expect(guests.map((guest) => [guest.firstName, guest.company, guest.answers])).toEqual([
      ["Éric", "Brasserie", {}],
      ["José", "Señor, Tapas", { [arrival.id]: "2026-01-05", [nights.id]: 3 }],
      ["Zoé", "Café Crème", { [arrival.id]: "2026-12-24", [nights.id]: 2 }],
    ]);
  });

  it("refuses a damaged workbook with the catalogue's message, in the caller's language", async () => {
    const damaged = (await guestWorkbook()).subarray(0, 1200);
    const en = await uploadFile(http, base, damaged, { fileName: "broken.xlsx" });
    expect(en.status).toBe(422);
    expect(en.body.error).toMatchObject({
      code: "import_unreadable_workbook",
      message: "The Excel file could not be read: save it again as .xlsx or as CSV.",
    });
    const fr = await uploadFile(http, base, damaged, { fileName: "broken.xlsx", lang: "fr" });
    expect(fr.body.error.message).toBe(
      "Le fichier Excel n'a pas pu être lu : enregistrez-le à nouveau en .xlsx ou en CSV.",
    );
    expect(await Guest.query(suite.server.db).where({ eventId: event.id }).resultSize()).toBe(3);
  });
});

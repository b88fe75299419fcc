import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "@tessera/shared";
import type { CustomField } from "../../../../api/src/models/CustomField.ts";
import type { Event } from "../../../../api/src/models/Event.ts";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { derivedGuestColumns } from "../../../../api/src/services/guests/prepare.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../../helpers/factories.ts";
import { buildCustomField, uploadFile } from "../../../helpers/guestImport.ts";
import { buildGuest } from "../../../helpers/guests.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";

const ALPHABET = ["=", "+", "-", "@", "\t", "\r", "\n", '"', ";", ",", "'", " ", "a", "Z", "é", "1", "|", "(", ")"];
function randomText(next: () => number): string {
  const length = 1 + Math.floor(next() * 12);
  return Array.from({ length }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join("");
}
const DANGEROUS = /^[=+\-@\t\r]/;
/** A leading `'` is escaped too, so the import can undo the prefix exactly. */
const neutral = (value: string) => (DANGEROUS.test(value) || value.startsWith("'") ? `'${value}` : value);

describe.each(databaseKinds())("guest export on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let event: Event;
  let meal: CustomField;
  let exportPath: string;
  const names: Array<{ first: string; company: string }> = [];

  beforeAll(async () => {
    const account = await buildAccount(suite.server.db);
    const user = await buildUser(suite.server.db, { accountId: account.id, role: "overseer" });
    http = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, user));
    event = await buildEvent(suite.server.db, account.id);
    meal = await buildCustomField(suite.server.db, event, { name: "meal", label: "Meal", type: "short_text" });
    const next = seededRandom(20261121);
    for (let index = 0; index < 150; index++) {
      const first = randomText(next);
      const company = randomText(next);
      names.push({ first, company });
      const identity = {
        firstName: first,
        lastName: `L${String(index).padStart(3, "0")}`,
        email: `g${index}@example.com`,
        company,
      };
      await Guest.query(suite.server.db).insert({
        accountId: account.id,
        eventId: event.id,
        ...identity,
        ...derivedGuestColumns(identity),
        status: index % 2 ? "confirmed" : "unanswered",
        mailStatus: "none",
        answers: { [meal.id]: randomText(next) },
        companionsExpected: 0,
        createdSource: "manual",
      });
    }
    exportPath = `/api/v1/events/${account.id}/${event.id}/users/export`;
  });

  it("neutralises every cell that could start a formula (property test over random strings), CSV with BOM", async () => {
    const response = await fetch(
      suite.server.baseUrl +
        `${exportPath}?format=csv&separator=,&sort=lastName&columns=firstName,lastName,company,cf:${meal.id}`,
      {
        headers: http.authHeaders(),
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(new TextDecoder().decode(bytes.subarray(3)), { relax_column_count: false }) as string[][];
    // Titled as the list shows them: guest fields by their column title, custom fields by their label.
    expect(rows[0]).toEqual(["First name", "Last name", "Company", "Meal"]);
    expect(rows).toHaveLength(151);
    rows.slice(1).forEach((row, index) => {
      expect(row[0]).toBe(neutral(names[index]!.first));
      expect(row[2]).toBe(neutral(names[index]!.company));
      for (const cell of row) expect(cell).not.toMatch(DANGEROUS);
    });
  });

  it("applies the list filters and writes an XLSX that exceljs reads back", async () => {
    const response = await fetch(
      suite.server.baseUrl + `${exportPath}?format=xlsx&status=confirmed&columns=lastName,status,email`,
      {
        headers: http.authHeaders(),
      },
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(76);
    expect(sheet.getRow(1).values).toEqual([undefined, "Last name", "Status", "Email"]);
    for (let index = 2; index <= sheet.rowCount; index++)
      expect(sheet.getRow(index).getCell(2).value).toBe("Confirmed");
  });

  it("speaks the reader's language, and names the file after the event", async () => {
    const named = await buildEvent(suite.server.db, event.accountId, { name: "Salon du livre: 2026/27" });
    await buildGuest(suite.server.db, named, {
      firstName: "Zoé",
      lastName: "Roux",
      status: "to_be_seen",
      civility: "ms",
    });
    const company = await buildCustomField(suite.server.db, named, {
      name: "firm",
      label: "Société",
      type: "short_text",
    });
    const diet = await buildCustomField(suite.server.db, named, { name: "diet", label: "Régime", type: "short_text" });
    const response = await fetch(
      suite.server.baseUrl +
        `/api/v1/events/${named.accountId}/${named.id}/users/export?format=csv&columns=civility,lastName,status,company,cf:${company.id},cf:${diet.id}`,
      { headers: { ...http.authHeaders(), "Accept-Language": "fr" } },
    );
    expect(response.status).toBe(200);
    const rows = parse(await response.text(), { delimiter: ";", bom: true }) as string[][];
    // A custom label that reads as a guest field keeps its id, so that it is not imported as one.
    expect(rows[0]).toEqual(["Civilité", "Nom", "Statut", "Société", `Société [${company.id}]`, "Régime"]);
    expect(rows[1]!.slice(0, 3)).toEqual(["Mme", "Roux", "À voir"]);
    const disposition = response.headers.get("content-disposition")!;
    expect(decodeURIComponent(disposition)).toContain("Salon du livre 2026 27 - Invités - ");
    expect(disposition).toMatch(/\.csv"?$/);
    // A download link says the screen's language, whatever the browser's.
    const linked = await fetch(
      suite.server.baseUrl +
        `/api/v1/events/${named.accountId}/${named.id}/users/export?columns=lastName,status&lang=es`,
      { headers: { ...http.authHeaders(), "Accept-Language": "fr" } },
    );
    const spanish = parse(await linked.text(), { delimiter: ";", bom: true }) as string[][];
    expect(spanish[0]).toEqual(["Apellido", "Estado"]);
  });

  it("writes numbers as numeric cells and dates as date cells in XLSX; text as text cells, unprefixed", async () => {
    const typed = await buildEvent(suite.server.db, event.accountId);
    const nights = await buildCustomField(suite.server.db, typed, { name: "nights", label: "Nights", type: "number" });
    const stars = await buildCustomField(suite.server.db, typed, { name: "stars", label: "Stars", type: "rating" });
    const arrival = await buildCustomField(suite.server.db, typed, { name: "arrival", label: "Arrival", type: "date" });
    const note = await buildCustomField(suite.server.db, typed, { name: "note", label: "Note", type: "short_text" });
    const registeredAt = new Date("2026-03-04T05:06:07.000Z");
    const rows = [
      { lastName: "A", companionsExpected: 2, answers: { [nights.id]: -5, [stars.id]: 4, [arrival.id]: "2026-07-14" } },
      { lastName: "B", companionsExpected: 0, answers: { [nights.id]: 2.5, [note.id]: "-5" } },
    ];
    for (const [index, row] of rows.entries()) {
      const identity = { firstName: "Typed", lastName: row.lastName, email: `typed${index}@example.com` };
      await Guest.query(suite.server.db).insert({
        accountId: typed.accountId,
        eventId: typed.id,
        ...identity,
        ...derivedGuestColumns(identity),
        status: "confirmed",
        mailStatus: "none",
        answers: row.answers,
        companionsExpected: row.companionsExpected,
        registeredAt: index === 0 ? registeredAt : null,
        createdSource: "manual",
      });
    }
    const columns = [
      "lastName",
      "companionsExpected",
      "registeredAt",
      ...[nights, stars, arrival, note].map((field) => `cf:${field.id}`),
    ];
    const response = await fetch(
      suite.server.baseUrl +
        `/api/v1/events/${typed.accountId}/${typed.id}/users/export?format=xlsx&sort=lastName&columns=${columns.join(",")}`,
      { headers: http.authHeaders() },
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    const cells = (index: number) => {
      const row = sheet.getRow(index);
      return columns.map((_, column) => row.getCell(column + 1));
    };
    const [lastA, companionsA, registeredA, nightsA, starsA, arrivalA, noteA] = cells(2);
    expect(lastA!.value).toBe("A");
    expect(companionsA!.type).toBe(ExcelJS.ValueType.Number);
    expect(companionsA!.value).toBe(2);
    expect(registeredA!.type).toBe(ExcelJS.ValueType.Date);
    expect((registeredA!.value as Date).toISOString()).toBe(registeredAt.toISOString());
    expect(registeredA!.numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    // A negative number is a number, not a formula: never prefixed.
    expect(nightsA!.type).toBe(ExcelJS.ValueType.Number);
    expect(nightsA!.value).toBe(-5);
    expect(starsA!.type).toBe(ExcelJS.ValueType.Number);
    expect(starsA!.value).toBe(4);
    expect(arrivalA!.type).toBe(ExcelJS.ValueType.Date);
    expect((arrivalA!.value as Date).toISOString()).toBe("2026-07-14T00:00:00.000Z");
    expect(arrivalA!.numFmt).toBe("yyyy-mm-dd");
    expect(noteA!.type).toBe(ExcelJS.ValueType.Null);

    const [, companionsB, registeredB, nightsB, starsB, arrivalB, noteB] = cells(3);
    expect(companionsB!.value).toBe(0);
    expect(companionsB!.type).toBe(ExcelJS.ValueType.Number);
    expect(nightsB!.value).toBe(2.5);
    // Empty numbers and dates are empty cells; text that looks like a formula is a text cell, written as
    // it is (spreadsheets never evaluate a text cell, and a quote would come back on re-import).
    for (const cell of [registeredB, starsB, arrivalB]) expect(cell!.type).toBe(ExcelJS.ValueType.Null);
    expect(noteB!.type).toBe(ExcelJS.ValueType.String);
    expect(noteB!.value).toBe("-5");
  });

  it("refuses unknown columns and bad filters (422) and re-imports its own export by custom-field id", async () => {
    expect((await http.get(`${exportPath}?columns=password`)).status).toBe(422);
    expect((await http.get(`${exportPath}?filters=notjson`)).status).toBe(422);
    const csv = await http.get(`${exportPath}?format=csv&columns=email,cf:${meal.id}&search=g1@example.com`);
    const upload = await uploadFile(http, `/api/v1/events/${event.accountId}/${event.id}/imports`, csv.body as string);
    expect(upload.status).toBe(201);
    expect(upload.body.import.separator).toBe(";");
    expect(upload.body.suggestedMapping).toEqual({ "0": "email", "1": `customField:${meal.id}` });
  });
});

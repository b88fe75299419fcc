import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomField } from "../../api/src/models/CustomField.ts";
import type { Event } from "../../api/src/models/Event.ts";
import { Guest } from "../../api/src/models/Guest.ts";
import { derivedGuestColumns } from "../../api/src/services/guests/prepare.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { authHeaders, buildCustomField, uploadFile } from "../helpers/guestImport.ts";
import type { HttpClient } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** A seeded generator (mulberry32): the property test is random but reproducible. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const ALPHABET = ["=", "+", "-", "@", "\t", "\r", "\n", '"', ";", ",", "'", " ", "a", "Z", "é", "1", "|", "(", ")"];
function randomText(next: () => number): string {
  const length = 1 + Math.floor(next() * 12);
  return Array.from({ length }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join("");
}
const DANGEROUS = /^[=+\-@\t\r]/;
const neutral = (value: string) => (DANGEROUS.test(value) ? `'${value}` : value);

describe.each(databaseKinds())("guest export on %s", (kind) => {
  let server: TestServer;
  let http: HttpClient;
  let event: Event;
  let meal: CustomField;
  let exportPath: string;
  const names: Array<{ first: string; company: string }> = [];

  beforeAll(async () => {
    server = await startTestServer({ kind });
    const account = await buildAccount(server.db);
    const user = await buildUser(server.db, { accountId: account.id, role: "overseer" });
    http = server.http.as(await sessionTokenFor(server.db, server.config, user));
    event = await buildEvent(server.db, account.id);
    meal = await buildCustomField(server.db, event, { name: "meal", label: "Meal", type: "short_text" });
    const next = random(20261121);
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
      await Guest.query(server.db).insert({
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
  afterAll(() => server.close());

  it("neutralises every cell that could start a formula (property test over random strings), CSV with BOM", async () => {
    const response = await fetch(
      server.baseUrl +
        `${exportPath}?format=csv&separator=,&sort=lastName&columns=firstName,lastName,company,cf:${meal.id}`,
      {
        headers: authHeaders(http),
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(new TextDecoder().decode(bytes.subarray(3)), { relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual(["firstName", "lastName", "company", `Meal [${meal.id}]`]);
    expect(rows).toHaveLength(151);
    rows.slice(1).forEach((row, index) => {
      expect(row[0]).toBe(neutral(names[index]!.first));
      expect(row[2]).toBe(neutral(names[index]!.company));
      for (const cell of row) expect(cell).not.toMatch(DANGEROUS);
    });
  });

  it("applies the list filters and writes an XLSX that exceljs reads back", async () => {
    const response = await fetch(
      server.baseUrl + `${exportPath}?format=xlsx&status=confirmed&columns=lastName,status,email`,
      {
        headers: authHeaders(http),
      },
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(76);
    expect(sheet.getRow(1).values).toEqual([undefined, "lastName", "status", "email"]);
    for (let index = 2; index <= sheet.rowCount; index++)
      expect(sheet.getRow(index).getCell(2).value).toBe("confirmed");
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

import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
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
import { hostileGuest, ROUND_TRIP_FIELDS } from "../../../helpers/hostileGuests.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";

/*
 * Property test of issue 9: any guest set → export (CSV either separator, XLSX) → import into an empty event
 * of the same account whose custom fields carry the same labels → the same guests, every column mapped
 * by the suggested mapping, nothing by hand.
 */

const GUESTS_PER_CASE = 40;
const COMPARED = ["firstName", "lastName", "email", "civility", "company", "jobTitle", "status", "companionsExpected"];

/** An event with the round-trip custom fields (fresh ids, the same labels and option titles). */
async function roundTripEvent(db: Parameters<typeof buildEvent>[0], accountId: string) {
  const event = await buildEvent(db, accountId, { languages: ["fr", "en", "es"] });
  const fields: CustomField[] = [];
  for (const spec of ROUND_TRIP_FIELDS) {
    const options = (spec.options ?? []).map((label) => ({ id: randomUUID(), label, quota: null }));
    fields.push(
      await buildCustomField(db, event, { name: `f${fields.length}`, label: spec.label, type: spec.type, options }),
    );
  }
  return { event, fields };
}

/** A guest as compared across events: custom answers keyed by label, options by title. */
function comparable(guest: Guest, fields: readonly CustomField[]): string {
  const record = guest as unknown as Record<string, unknown>;
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    const value = guest.answers?.[field.id];
    if (value === undefined || value === null) continue;
    const title = (id: unknown) => field.options.find((option) => option.id === id)?.label ?? `?${String(id)}`;
    answers[field.label] = field.options.length ? (Array.isArray(value) ? value.map(title) : title(value)) : value;
  }
  return JSON.stringify([...COMPARED.map((key) => record[key] ?? null), answers]);
}

describe.each(databaseKinds())("guest export → import round trip on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let accountId: string;
  let source: Event;
  let sourceFields: CustomField[];

  beforeAll(async () => {
    const db = suite.server.db;
    const account = await buildAccount(db);
    accountId = account.id;
    const user = await buildUser(db, { accountId, role: "overseer" });
    http = suite.server.http.as(await sessionTokenFor(db, suite.server.config, user));
    ({ event: source, fields: sourceFields } = await roundTripEvent(db, accountId));
    const next = seededRandom(20261125);
    for (let index = 0; index < GUESTS_PER_CASE; index++) {
      const body = hostileGuest(next, index, sourceFields);
      const created = await http.post(`/api/v1/events/${accountId}/${source.id}/users`, body);
      expect(created.status, JSON.stringify([body, created.body])).toBe(201);
    }
  });

  // Exported in the reader's language (titles and coded values as the list shows them), read back in any.
  it.each([
    ["csv", ";", "fr"],
    ["csv", ",", "en"],
    ["xlsx", "", "es"],
    ["xlsx", "", "fr"],
  ])(
    "%s (separator %j, in %s): the re-imported guests are identical, mapped as suggested",
    async (format, separator, language) => {
      const db = suite.server.db;
      const query = format === "csv" ? `format=csv&separator=${encodeURIComponent(separator)}` : "format=xlsx";
      const response = await fetch(
        `${suite.server.baseUrl}/api/v1/events/${accountId}/${source.id}/users/export?${query}`,
        {
          headers: { ...http.authHeaders(), "Accept-Language": language },
        },
      );
      expect(response.status).toBe(200);
      const file = new Uint8Array(await response.arrayBuffer());

      const { event: target, fields: targetFields } = await roundTripEvent(db, accountId);
      const base = `/api/v1/events/${accountId}/${target.id}/imports`;
      const upload = await uploadFile(http, base, file, { fileName: `guests.${format}` });
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
      const headers = upload.body.import.headers as string[];
      expect(upload.body.columnIssues).toEqual([]);
      expect(
        Object.keys(upload.body.suggestedMapping).length,
        JSON.stringify([headers, upload.body.suggestedMapping]),
      ).toBe(headers.length);
      const id = upload.body.import.id as string;
      const mapped = await http.post(`${base}/${id}/mapping`, { mapping: upload.body.suggestedMapping });
      expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
      expect(mapped.body.sampleErrors).toEqual([]);
      expect((await http.post(`${base}/${id}/process`)).status).toBe(202);
      await suite.server.deps.jobs.drain();
      const final = (await http.get(`${base}/${id}`)).body.import;
      expect(final).toMatchObject({ status: "done", createdRows: GUESTS_PER_CASE, failedRows: 0 });

      const before = (await Guest.query(db).where({ eventId: source.id })).map((g) => comparable(g, sourceFields));
      const after = (await Guest.query(db).where({ eventId: target.id })).map((g) => comparable(g, targetFields));
      expect(after.sort()).toEqual(before.sort());
    },
  );

  it("writes long non-ASCII text into XLSX without breaking a character (however the file is cut in chunks)", async () => {
    const db = suite.server.db;
    const { event, fields } = await roundTripEvent(db, accountId);
    const notes = fields.find((field) => field.type === "long_text")!;
    // "é🎉" is three UTF-16 units: wherever a 16 KB chunk of the sheet's XML ends, some pair gets cut.
    const texts = Array.from({ length: 30 }, (_, index) => `${index} ${"é🎉".repeat(1300)}`);
    for (const [index, text] of texts.entries()) {
      const identity = { firstName: "Long", lastName: `L${index}`, email: `long${index}@example.com` };
      await Guest.query(db).insert({
        accountId,
        eventId: event.id,
        ...identity,
        ...derivedGuestColumns(identity),
        status: "confirmed",
        mailStatus: "none",
        answers: { [notes.id]: text },
        companionsExpected: 0,
        createdSource: "manual",
      });
    }
    const response = await fetch(
      `${suite.server.baseUrl}/api/v1/events/${accountId}/${event.id}/users/export?format=xlsx&sort=lastName&columns=cf:${notes.id}`,
      { headers: http.authHeaders() },
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const written = texts.map((_, index) => sheet.getRow(index + 2).getCell(1).value);
    expect(written).toEqual([...texts].sort());
  });
});

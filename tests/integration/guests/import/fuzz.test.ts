import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "@tessera/shared";
import { buildEvent } from "../../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../../helpers/factories.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildCustomField, uploadFile } from "../../../helpers/guestImport.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";
import en from "../../../../shared/src/i18n/en/errors.json" with { type: "json" };

/**
 * QUALITY.md, bad input: "CSV import survives malformed files (fuzzed) with a per-row report and no
 * half-import". Random files (fixed seeds) mixing good rows with ragged rows, bad values, control
 * bytes, stray quotes, Windows-1252 bytes, huge cells and blank lines go through the three steps.
 * Whatever the file, no step answers 5xx; a refused file gets a catalogue error; an accepted one ends
 * "done", its created guests are exactly the new rows in the event, and every failed row is in the
 * error report exactly once.
 */

const CASES = 30;
const ERROR_CODES = new Set(Object.keys(en));

/** The bytes of one random file: a header line, then 1 to 40 rows of every kind. */
function randomFile(seed: number): Uint8Array {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const separator = pick([",", ";", "\t"]);
  const lines: string[] = [["Prénom", "Nom", "E-mail", "Société", "Nuits"].join(separator)];
  const rows = 1 + Math.floor(next() * 40);
  for (let index = 0; index < rows; index++) {
    const good = [
      pick(["Zoé", "Jean", "Ève"]),
      pick(["Núñez", "Dupont"]),
      `g${seed}-${index}@example.com`,
      "Acme",
      "2",
    ];
    const kind = next();
    let cells: string[];
    if (kind < 0.45) cells = good;
    else if (kind < 0.55)
      cells = good.slice(0, 1 + Math.floor(next() * 3)); // ragged: too few cells
    else if (kind < 0.6)
      cells = [...good, "extra", "cells"]; // ragged: too many
    else if (kind < 0.67) cells = [good[0]!, good[1]!, pick(["not-an-email", "@", "a@b", " "]), "Acme", "1"];
    else if (kind < 0.72) cells = [...good.slice(0, 4), pick(["-1", "two", "1e400", "NaN"])];
    else if (kind < 0.77) cells = [`Nul\u0000${index}`, ...good.slice(1)];
    else if (kind < 0.82) cells = [...good.slice(0, 3), "x".repeat(1 + Math.floor(next() * 6000)), "1"];
    else if (kind < 0.86) cells = [`"quoted${separator}name"`, ...good.slice(1)];
    else if (kind < 0.89)
      cells = [`un"quoted`, ...good.slice(1)]; // a quote inside an unquoted cell
    else if (kind < 0.92)
      cells = [good[0]!, good[1]!, good[0]!.toLowerCase() + `@example.com`, "Acme", "0"]; // repeated emails
    else if (kind < 0.95) {
      lines.push("");
      cells = good;
    } else cells = good.map(() => "");
    lines.push(cells.join(separator));
  }
  // Sometimes a quote is left open to the end of the file: the file cannot be read as CSV.
  if (next() < 0.1) lines.push(`"never closed${separator}x`);
  const text = (next() < 0.3 ? "\ufeff" : "") + lines.join(next() < 0.5 ? "\r\n" : "\n");
  const bytes = new TextEncoder().encode(text);
  // Sometimes a stray Windows-1252 byte (é as 0xE9): the whole file is then read as Windows-1252.
  return next() < 0.15 ? Uint8Array.from([...bytes, 0x0a, 0x41, 0xe9, 0x3b, 0x42]) : bytes;
}

describe.each(databaseKinds())("guest import of random malformed files on %s", (kind) => {
  const suite = useTestServer(kind, { env: { IMPORT_MAX_ROWS: "50", IMPORT_MAX_BYTES: "100000" } });
  let http: HttpClient;
  let accountId: string;
  let organizerId: string;

  beforeAll(async () => {
    const account = await buildAccount(suite.server.db);
    accountId = account.id;
    const user = await buildUser(suite.server.db, { accountId, role: "organizer" });
    organizerId = user.id;
    http = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, user));
  });

  it(`answers ${CASES} random files with a refusal or a done import, a full report and no half-import`, async () => {
    const outcomes = { refused: 0, imported: 0, failedRows: 0 };
    for (let seed = 1; seed <= CASES; seed++) {
      const event = await buildEvent(suite.server.db, accountId, { createdBy: organizerId });
      await buildCustomField(suite.server.db, event, { name: "Nuits", type: "number", rules: { noNegative: true } });
      const base = `/api/v1/events/${accountId}/${event.id}/imports`;
      const context = `seed ${seed}`;

      const upload = await uploadFile(http, base, randomFile(seed));
      expect([201, 422], `${context}: ${JSON.stringify(upload.body)}`).toContain(upload.status);
      if (upload.status === 422) {
        expect(ERROR_CODES.has(upload.body.error.code), `${context}: ${upload.body.error.code}`).toBe(true);
        expect(upload.body.error.message, context).toEqual(expect.any(String));
        outcomes.refused += 1;
        continue;
      }
      const id = upload.body.import.id as string;
      const totalRows = upload.body.import.totalRows as number;
      const mapped = await http.post(`${base}/${id}/mapping`, { mapping: upload.body.suggestedMapping });
      expect(mapped.status, `${context}: ${JSON.stringify(mapped.body)}`).toBe(200);
      expect((await http.post(`${base}/${id}/process`)).status, context).toBe(202);
      await suite.server.deps.jobs.drain();

      const final = (await http.get(`${base}/${id}`)).body.import;
      expect(final.status, context).toBe("done");
      const guests = Number(
        (await suite.server.db("guests").where({ eventId: event.id }).count({ n: "*" }).first())?.n ?? 0,
      );
      expect(guests, context).toBe(final.createdRows);
      expect(final.createdRows + final.failedRows, context).toBeLessThanOrEqual(totalRows);

      const report = await http.get(`${base}/${id}/errors.csv`);
      expect(report.status, context).toBe(200);
      // The report is separated like the file; each problem says whether its row was refused or imported.
      const reportRows = parse((report.body as string).replace(/^\ufeff/, ""), {
        from_line: 2,
        delimiter: final.separator,
      }) as string[][];
      const rowsSaying = (outcome: string) =>
        new Set(reportRows.filter((row) => row[4] === outcome).map((row) => row[0])).size;
      expect(rowsSaying("Row not imported"), context).toBe(final.failedRows);
      expect(rowsSaying("Imported without this value"), context).toBe(final.warningRows);
      expect(reportRows, context).toHaveLength(
        reportRows.filter((row) => row[4] === "Row not imported").length + final.warningCells,
      );
      outcomes.imported += 1;
      outcomes.failedRows += final.failedRows;
    }
    // The generator exercises both outcomes and real per-row failures (else the test proves little).
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.imported).toBeGreaterThan(CASES / 2);
    expect(outcomes.failedRows).toBeGreaterThan(CASES);
  }, 120_000);
});

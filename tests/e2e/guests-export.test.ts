import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildCustomField, buildGuest } from "../helpers/guests.ts";
import { GuestExportPages } from "./pages/GuestExportPages.ts";
import { GuestsPages } from "./pages/GuestsPages.ts";
import { screenshotFor } from "./pages/screenshots.ts";

const TRAP = '=HYPERLINK("x")';

describe.skipIf(!shouldRunE2e()).each(databaseKinds())("an organizer exports a filtered guest list on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("downloads exactly the filtered guests with the chosen columns as CSV (formulas neutralised) and XLSX (text cells)", async () => {
    const { server, browser } = e2e;
    const { organizer, event } = await buildOrganizerEvent(server);
    const nights = await buildCustomField(server.db, event, { name: "Nuits", label: "Nuits", type: "number" });
    const guest = (firstName: string, lastName: string, company: string, status: string, night: number) =>
      buildGuest(server.db, event, {
        firstName,
        lastName,
        email: `${lastName.toLowerCase()}@example.com`,
        company,
        status: status as "confirmed",
        answers: { [nights.id]: night },
      });
    // Confirmed and matching "acme": the three exported.
    await guest("Alice", "Martin", "Acme", "confirmed", 2);
    await guest(TRAP, "Piège", "Acme", "confirmed", 1);
    await guest("Bob", "Durand", "+Acme Corp", "confirmed", 3);
    // Left out by the search, by the status.
    await guest("Carla", "Roux", "Globex", "confirmed", 1);
    await guest("Denis", "Petit", "Acme", "unanswered", 1);

    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const guests = new GuestsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);
    const exports = new GuestExportPages(page);

    const files = await screenshotOnFailure(page, `guests-export-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, guests.base);
      await guests.sees("5 guests");

      // Status filter, then the search.
      await guests.button("Filters").click();
      await guests.filterList("status").click({ force: true });
      await page.getByRole("option", { name: "Confirmed", exact: true }).click();
      await page.keyboard.press("Escape");
      await guests.sees("Status: Confirmed");
      await guests.search("acme");
      await guests.waitForRows(["Bob Durand", "Alice Martin", `${TRAP} Piège`]);
      await guests.sees("3 guests");

      // Columns: the mail status out, the custom field in.
      await guests.button("Columns").click();
      await page.getByRole("checkbox", { name: "Mail status", exact: true }).uncheck();
      await page.getByRole("checkbox", { name: "Nuits", exact: true }).check();
      await page.keyboard.press("Escape");
      await page.getByRole("columnheader", { name: "Nuits" }).waitFor();
      await screenshotFor(page, `export-list-en-${kind}`);

      const csv = await exports.download("CSV of this view");
      const xlsx = await exports.download("Excel (XLSX) of this view");
      return { csv, xlsx };
    });
    await context.close();

    // Titled and filled as the list shows them; the file named after the event.
    const header = ["First name", "Last name", "Email", "Company", "Status", "Nuits"];
    const expected = [
      header,
      ["Bob", "Durand", "durand@example.com", "'+Acme Corp", "Confirmed", "3"],
      ["Alice", "Martin", "martin@example.com", "Acme", "Confirmed", "2"],
      [`'${TRAP}`, "Piège", "piège@example.com", "Acme", "Confirmed", "1"],
    ];

    expect(files.csv.fileName).toMatch(/^Gala d'hiver - Guests - \d{4}-\d{2}-\d{2}\.csv$/);
    const csvRows = parse(files.csv.body, { delimiter: ";", bom: true, relax_column_count: false }) as string[][];
    expect(csvRows).toEqual(expected);

    expect(files.xlsx.fileName).toMatch(/^Gala d'hiver - Guests - \d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(files.xlsx.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const xlsxRows: string[][] = [];
    sheet.eachRow((row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        // No cell of the file is a formula: the number field is a numeric cell, everything else text.
        const numeric = rowNumber > 1 && column === header.length;
        expect(cell.type).toBe(numeric ? ExcelJS.ValueType.Number : ExcelJS.ValueType.String);
        cells.push(String(cell.value));
      });
      xlsxRows.push(cells);
    });
    // XLSX text cells are never evaluated: written as they are, without the CSV's quote prefix.
    expect(xlsxRows).toEqual([
      header,
      ["Bob", "Durand", "durand@example.com", "+Acme Corp", "Confirmed", "3"],
      ["Alice", "Martin", "martin@example.com", "Acme", "Confirmed", "2"],
      [TRAP, "Piège", "piège@example.com", "Acme", "Confirmed", "1"],
    ]);
  });

  it("offers the same export in French, written in French (a re-import reads it back)", async () => {
    const { server, browser } = e2e;
    const { organizer, event } = await buildOrganizerEvent(server, { language: "fr" });
    await buildGuest(server.db, event, { firstName: "Zoé", lastName: "Lefèvre", email: "zoe@example.fr" });

    const context = await browser.newContext({ acceptDownloads: true, locale: "fr-FR" });
    const page = await context.newPage();
    const guests = new GuestsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);
    const csv = await screenshotOnFailure(page, `guests-export-fr-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, guests.base, { language: "fr" });
      await guests.sees("1 invité");
      // The event's tabs, translated, all within the 1280 px window.
      for (const name of ["Badges", "Accueil / Direct", "Paramètres"]) {
        const box = (await page.getByRole("tab", { name, exact: true }).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(1280);
      }
      await guests.button("Exporter").click();
      await page.getByRole("menuitem", { name: "Excel (XLSX) de cette vue", exact: true }).waitFor();
      await screenshotFor(page, `export-menu-fr-${kind}`);
      await page.keyboard.press("Escape");
      return new GuestExportPages(page).download("CSV de cette vue", "Exporter");
    });
    await context.close();
    expect(parse(csv.body, { delimiter: ";", bom: true })).toEqual([
      ["Prénom", "Nom", "E-mail", "Société", "Statut", "Statut e-mail"],
      ["Zoé", "Lefèvre", "zoe@example.fr", "", "Sans réponse", "Jamais contacté"],
    ]);
  });
});

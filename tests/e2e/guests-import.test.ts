import { writeFileSync } from "node:fs";
import ExcelJS from "exceljs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { sessionTokenFor } from "../helpers/factories.ts";
import { GuestsPages } from "./pages/GuestsPages.ts";

/**
 * A spreadsheet export as French organizers make them: semicolons, accents, rows with a bad email (more
 * than the 50 problems the mapping step sends, so the count shown must be the import's own) and one bad
 * optional value (Anaïs's nights: her row is imported without it).
 */
const CSV = [
  "Prénom;Nom;E-mail;Société;Régime;Nuits",
  "Zoé;Lefèvre;zoe.lefevre@example.com;Café Crème;Végétarien;2",
  "José;Núñez;jose.nunez@example.com;Señor Tapas;Sans gluten;1",
  "Éric;Dupré;pas-un-email;Brasserie;Aucun;3",
  "Anaïs;Bérard;anais.berard@example.com;Crêperie;Aucun;-1",
  ...Array.from({ length: 59 }, (_, index) => `Invité;${index};pas-un-email-${index};;;`),
].join("\r\n");

describe.skipIf(!shouldRunE2e())("an organizer imports guests from a CSV file in three steps", () => {
  const e2e = useE2eEnvironment({ tempDirPrefix: "tessera-import-" });

  it("uploads, matches the suggested fields, follows the progress to 100 % and finds an imported guest", async () => {
    const { server, browser, dir } = e2e;
    const { account, organizer, event } = await buildOrganizerEvent(server, {
      email: "orla@example.com",
      firstName: "Orla",
      lastName: "Marchand",
    });
    const api = server.http.as(await sessionTokenFor(server.db, server.config, organizer));
    const fieldsUrl = `/api/v1/events/${account.id}/${event.id}/customfields`;
    const diet = await api.post(fieldsUrl, {
      name: "Régime",
      label: "Régime",
      type: "dropdown",
      options: [{ label: "Végétarien" }, { label: "Sans gluten" }, { label: "Aucun" }],
    });
    expect(diet.status).toBe(201);
    const nights = await api.post(fieldsUrl, {
      name: "Nuits",
      label: "Nuits",
      type: "number",
      rules: { noNegative: true },
    });
    expect(nights.status).toBe(201);
    const file = path.join(dir, "invités.csv");
    writeFileSync(file, CSV, "utf8");

    const context = await browser.newContext();
    const page = await context.newPage();
    const guests = new GuestsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);

    await screenshotOnFailure(page, "guests-import", async () => {
      await signInAs(page, server.baseUrl, "orla@example.com", `${guests.base}/import`);

      // Step 1: the file, with its header line.
      await guests.sees("Drop a CSV or Excel file here, or click to choose one");
      await guests.chooseImportFile(file);
      await guests.sees("invités.csv");
      expect(await page.getByRole("switch", { name: "The first line holds the column names" }).isChecked()).toBe(true);
      await guests.button("Upload").click();

      // Step 2: every column is matched by its (accented, French) name; both custom fields included.
      await guests.sees("63 rows · utf-8 · separator ;");
      expect(await guests.targetOf("Prénom").inputValue()).toBe("First name");
      expect(await guests.targetOf("Nom").inputValue()).toBe("Last name");
      expect(await guests.targetOf("E-mail").inputValue()).toBe("Email");
      expect(await guests.targetOf("Société").inputValue()).toBe("Company");
      expect(await guests.targetOf("Régime").inputValue()).toBe("Régime");
      expect(await guests.targetOf("Nuits").inputValue()).toBe("Nuits");
      await guests.button("Check the rows").click();
      await guests.sees("60 rows have a problem: they will be skipped");
      await guests.sees(/^Line 4, /);
      await guests.sees("1 value will be left out: its row is imported without it");
      await guests.sees(/^Line 5, Nuits/);

      // Step 3: processed in the background; the bar reaches 100 % and the summary follows.
      await guests.button("Start the import").click();
      const progress = await guests.waitForCompleteProgress();
      expect(progress[progress.length - 1]).toBe(100);
      const summary = guests.summary();
      await summary.waitFor();
      await summary.getByText("3 guests created", { exact: true }).waitFor();
      await summary.getByText("0 guests updated", { exact: true }).waitFor();
      await summary.getByText("60 rows failed", { exact: true }).waitFor();
      await summary.getByText("1 row imported without some of its values", { exact: true }).waitFor();
      const report = summary.getByRole("link", { name: "Download the error report" });
      expect(await report.getAttribute("href")).toMatch(/\/imports\/[0-9a-f-]{36}\/errors\.csv$/);

      // The imported guests are in the list; the search ignores accents and is kept in the address.
      await page.getByRole("link", { name: "See the guests" }).click();
      await page.waitForURL((url) => url.pathname === guests.base);
      await guests.sees("3 guests");
      await guests.search("lefevre");
      await guests.waitForRows(["Zoé Lefèvre"]);
      expect(guests.url().searchParams.get("search")).toBe("lefevre");
      await guests.row("Zoé Lefèvre").click();
      await page.waitForURL((url) => url.pathname.startsWith(`${guests.base}/view/`));
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("zoe.lefevre@example.com");
      expect(await page.getByLabel("Company", { exact: true }).inputValue()).toBe("Café Crème");
      expect(await page.getByRole("textbox", { name: "Nuits" }).inputValue()).toBe("2");
    });
    await context.close();
  });

  it("imports an Excel workbook: its first sheet, dates as typed, said to be a workbook", async () => {
    const { server, browser, dir } = e2e;
    const { account, organizer, event } = await buildOrganizerEvent(server, { email: "xavier@example.com" });
    const api = server.http.as(await sessionTokenFor(server.db, server.config, organizer));
    const arrival = await api.post(`/api/v1/events/${account.id}/${event.id}/customfields`, {
      name: "Arrivée",
      label: "Arrivée",
      type: "date",
    });
    expect(arrival.status).toBe(201);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Invités");
    sheet.addRow(["Prénom", "Nom", "E-mail", "Arrivée"]);
    sheet.addRow(["Zoé", "Lefèvre", "zoe.xlsx@example.com", new Date(Date.UTC(2026, 11, 15))]);
    sheet.addRow(["Hugo", "Petit", "hugo.xlsx@example.com", new Date(Date.UTC(2026, 11, 16))]);
    const file = path.join(dir, "invités.xlsx");
    await workbook.xlsx.writeFile(file);

    const context = await browser.newContext();
    const page = await context.newPage();
    const guests = new GuestsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);
    await screenshotOnFailure(page, "guests-import-xlsx", async () => {
      await signInAs(page, server.baseUrl, "xavier@example.com", `${guests.base}/import`);
      await guests.chooseImportFile(file);
      await guests.button("Upload").click();
      await guests.sees("2 rows · Excel workbook, first sheet");
      await guests.sees("15/12/2026 · 16/12/2026");
      expect(await guests.targetOf("Arrivée").inputValue()).toBe("Arrivée");
      await guests.button("Start the import").click();
      await guests.summary().getByText("2 guests created", { exact: true }).waitFor();
    });
    await context.close();
    const imported = (await api.get(`/api/v1/events/${account.id}/${event.id}/users?sort=lastName`)).body.data;
    expect(imported.map((guest: { answers: Record<string, unknown> }) => guest.answers[arrival.body.id])).toEqual([
      "2026-12-15",
      "2026-12-16",
    ]);
  });
});

import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser } from "../helpers/factories.ts";
import { buildCustomField } from "../helpers/guestImport.ts";
import { GuestsPages } from "./pages/GuestsPages.ts";

const ROWS = 100_000;
/**
 * PostgreSQL when there is one (CI): the bars are PostgreSQL's, and there the progress is written
 * outside the import's transaction, so the bar moves. On SQLite the import's transaction holds the
 * only connection and the status polls wait for it: the bar goes from 0 to 100 at once.
 */
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const FIRST = ["Marie", "Jean", "Zoé", "Hugo", "Léa", "Noël"];
const LAST = ["Martin", "Lefèvre", "Dubois", "Núñez", "Petit"];

/** A spreadsheet export of 100,000 guests: semicolons, a BOM, accents, two custom-field columns. */
function spreadsheetExport(): string {
  const lines = ["\ufeffPrénom;Nom;E-mail;Société;Régime;Nuits"];
  for (let index = 0; index < ROWS; index++) {
    const first = FIRST[index % FIRST.length]!;
    const last = LAST[index % LAST.length]!;
    lines.push(
      [
        first,
        last,
        `guest.${index}@example.com`,
        `Société ${index % 97}`,
        index % 3 ? "Aucun" : "Végétarien",
        index % 4,
      ]
        .map(String)
        .join(";"),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

/** The "done when": an organizer imports 100,000 guests from a spreadsheet export in the browser. */
describe.skipIf(!shouldRunE2e())("an organizer imports 100,000 guests in the browser", () => {
  const e2e = useE2eEnvironment({ kind: ON_POSTGRES ? "postgres" : "sqlite", tempDirPrefix: "tessera-import-100k-" });

  it("uploads, checks every row, follows the progress bar to 100 % and lists all of them", async () => {
    const { server, browser, dir } = e2e;
    const account = await buildAccount(server.db);
    const organizer = await buildUser(server.db, {
      accountId: account.id,
      role: "organizer",
      email: "big@example.com",
    });
    const event = await buildEvent(server.db, account.id, { createdBy: organizer.id });
    await buildCustomField(server.db, event, {
      name: "Régime",
      type: "dropdown",
      options: [
        { id: "veg", label: "Végétarien" },
        { id: "none", label: "Aucun" },
      ],
    });
    await buildCustomField(server.db, event, { name: "Nuits", type: "number", rules: { noNegative: true } });
    const file = path.join(dir, "export-invités.csv");
    writeFileSync(file, spreadsheetExport(), "utf8");

    const context = await browser.newContext();
    const page = await context.newPage();
    const guests = new GuestsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);
    await screenshotOnFailure(page, "guests-import-100k", async () => {
      await signInAs(page, server.baseUrl, "big@example.com", `${guests.base}/import`);

      await guests.chooseImportFile(file);
      await guests.button("Upload").click();
      await guests.sees("100,000 rows · utf-8 · separator ;");
      expect(await guests.targetOf("Régime").inputValue()).toBe("Régime");
      await guests.button("Check the rows").click();
      await guests.button("Start the import").waitFor({ timeout: 60_000 });
      await guests.button("Start the import").click();

      const progress = await guests.waitForCompleteProgress();
      expect(progress.at(-1)).toBe(100);
      // The bar moved through the import rather than jumping to the end.
      if (ON_POSTGRES)
        expect(
          progress.filter((percent) => percent > 0 && percent < 100).length,
          `steps between 0 and 100 in ${progress.join(",")}`,
        ).toBeGreaterThan(0);
      const summary = guests.summary();
      await summary.getByText("100,000 guests created", { exact: true }).waitFor({ timeout: 60_000 });
      await summary.getByText("0 rows failed", { exact: true }).waitFor();

      await page.getByRole("link", { name: "See the guests" }).click();
      await guests.sees("100,000 guests");
      await guests.search("guest.99999@");
      await guests.waitForRows(["Hugo Petit"]);
    });
    await context.close();
    const [{ n }] = (await server.db("guests").where({ eventId: event.id }).count({ n: "*" })) as [{ n: number }];
    expect(Number(n)).toBe(ROWS);
  }, 240_000);
});

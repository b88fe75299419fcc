import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD } from "../helpers/factories.ts";
import { buildCustomField } from "../helpers/guestImport.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { GuestsPages } from "./pages/GuestsPages.ts";
import { SignInPages } from "./pages/SignInPages.ts";

const ROWS = 100_000;
/**
 * PostgreSQL when there is one (CI): the bars are PostgreSQL's, and there the progress is written
 * outside the import's transaction, so the bar moves. On SQLite the import's transaction holds the
 * only connection and the status polls wait for it: the bar goes from 0 to 100 at once.
 */
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const ENGLISH = { email: "Email", password: "Password", submit: "Sign in" };
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

/** The issue's "done when": an organizer imports 100,000 guests from a spreadsheet export in the browser. */
describe.skipIf(!shouldRunE2e())("an organizer imports 100,000 guests in the browser", () => {
  let server: TestServer;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer({ kind: ON_POSTGRES ? "postgres" : "sqlite" });
    browser = await launchBrowser();
    dir = mkdtempSync(path.join(os.tmpdir(), "tessera-import-100k-"));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("uploads, checks every row, follows the progress bar to 100 % and lists all of them", async () => {
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
    const signIn = new SignInPages(page, server.baseUrl);
    const guests = new GuestsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);
    await screenshotOnFailure(page, "guests-import-100k", async () => {
      await signIn.open(`/admin?next=${encodeURIComponent(`${guests.base}/import`)}`);
      await signIn.signIn(ENGLISH, "big@example.com", DEFAULT_PASSWORD);
      await page.waitForURL((url) => url.pathname === `${guests.base}/import`);

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
          progress.some((percent) => percent > 0 && percent < 100),
          progress.join(","),
        ).toBe(true);
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

import { writeFileSync } from "node:fs";
import path from "node:path";
import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { Guest } from "../../api/src/models/Guest.ts";
import { createDeskApp } from "../../desktop/src/core/app.ts";
import { createDeskCore } from "../../desktop/src/core/core.ts";
import { createImportHandlers } from "../../desktop/src/core/import/handlers.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { useDeskE2e } from "../helpers/deskE2e.ts";
import type { DeskHandler } from "../helpers/deskPage.ts";
import { buildEvent } from "../helpers/events.ts";
import { DEFAULT_PASSWORD } from "../helpers/factories.ts";
import { importingAccount } from "../helpers/guestImport.ts";

const web = resources.en.web;
const text = web.deskImport;
const CHUNK = 16 * 1024;

/**
 * The desk app's bulk import in Chromium with window.desk bound to a real desk core (issue 13, item 8): an upload
 * the app was closed in the middle of is announced at once, goes on from the server's count once signed in, then
 * the columns are mapped and the import runs to its summary, every guest imported once.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the desk app's bulk import screen on %s", (kind) => {
  const e2e = useDeskE2e({ kind, tempDirPrefix: "tessera-desk-import-" });

  it("resumes an interrupted upload, maps and imports it", async () => {
    const { server, dir } = e2e;
    const { account, user } = await importingAccount(server, "organizer");
    const event = await buildEvent(server.db, account.id, { createdBy: user.id, name: "Gala des bénévoles" });
    const filePath = path.join(dir, "bénévoles.csv");
    const lines = ["Prénom;Nom;E-mail"];
    for (let index = 0; index < 2_000; index++) lines.push(`Zoé${index};Lefèvre${index};zoe.${index}@example.org`);
    writeFileSync(filePath, lines.join("\r\n"));
    const databaseFile = path.join(dir, "desk.sqlite");
    const open = () => createDeskCore({ version: "0.1.0", platform: "linux", databaseFile, probeIntervalMs: 0 });

    // An earlier run of the app: closed after two chunks.
    const earlier = open();
    const stopped = createImportHandlers({
      core: earlier,
      chunkBytes: CHUNK,
      onProgress: (progress) => progress.received >= 2 * CHUNK && stopped.close(),
    });
    await stopped["backoffice.signIn"](server.baseUrl, user.email, DEFAULT_PASSWORD);
    const started = await stopped["import.upload"](filePath, event.accountId, event.id);
    await stopped.settled(started.id);
    earlier.close();

    // The app as main composes it, the file dialog answering the guest list.
    const desk = createDeskApp({
      version: "0.1.0",
      platform: "linux",
      databaseFile,
      probeIntervalMs: 0,
      mdns: false,
      imports: { chunkBytes: CHUNK },
    });
    const handlers: Record<string, DeskHandler> = {
      ...(desk as unknown as Record<string, DeskHandler>),
      "app.pickFile": async () => filePath,
      "app.openBackOffice": async () => undefined,
      "app.setKiosk": async () => undefined,
    };
    const { context, page, url } = await e2e.openPage(handlers);
    try {
      await screenshotOnFailure(page, `desk-import-${kind}`, async () => {
        await page.goto(url);
        await page.getByRole("button", { name: web.deskApp.start.import }).click();
        await page.getByRole("heading", { name: text.title }).waitFor();
        await page.getByText(text.resumeTitle).waitFor();
        await page.getByText(text.resumeSignIn, { exact: false }).waitFor();

        // A wrong password: the server's refusal in words; then the sign-in.
        await page.getByLabel(text.serverUrl).fill(server.baseUrl);
        await page.getByLabel(text.email).fill(user.email);
        await page.getByRole("textbox", { name: text.password }).fill("not-the-password-1");
        await page.getByRole("button", { name: text.signIn }).click();
        await page.getByRole("alert").getByText(resources.en.errors.invalid_credentials).waitFor();
        await page.getByRole("textbox", { name: text.password }).fill(DEFAULT_PASSWORD);
        await page.getByRole("button", { name: text.signIn }).click();
        await page.getByRole("button", { name: text.resume }).click();

        await page.getByRole("button", { name: web.guests.import.check }).waitFor();
        await page.getByRole("button", { name: web.guests.import.check }).click();
        await page.getByText(web.guests.import.noErrors).waitFor();
        await page.getByRole("button", { name: web.guests.import.start }).click();
        await server.deps.jobs.drain(60_000);
        await page.getByText(web.guests.import.done).waitFor();
        await page.getByText("2,000 guests created").waitFor();
      });
    } finally {
      await context.close();
      await desk.close();
    }
    expect(await Guest.query(server.db).where({ eventId: event.id }).resultSize()).toBe(2_000);
    const guest = await Guest.query(server.db).findOne({ eventId: event.id, email: "zoe.7@example.org" });
    expect(guest).toMatchObject({ firstName: "Zoé7", lastName: "Lefèvre7" });
  });
});

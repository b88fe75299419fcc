import path from "node:path";
import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { currentGuestCodeText } from "../../api/src/services/checkin-codes/codes.ts";
import { createDeskCore } from "../../desktop/src/core/core.ts";
import { closedPort, startFakePrinter } from "../../desktop/src/core/printing/fakePrinter.ts";
import { createPrintHandlers } from "../../desktop/src/core/printing/printHandlers.ts";
import { createImportHandlers } from "../../desktop/src/core/import/handlers.ts";
import { createSearchHandlers } from "../../desktop/src/core/search.ts";
import { listedUser } from "../helpers/actors.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { buildCheckin, eventBase } from "../helpers/checkins.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { useDeskE2e } from "../helpers/deskE2e.ts";
import { seriousAxeViolations, settle, type DeskHandler } from "../helpers/deskPage.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount } from "../helpers/factories.ts";
import { buildGuest } from "../helpers/guests.ts";

const web = resources.en.web;
const app = web.deskApp;
const SCREENSHOTS = "/tmp";

/**
 * The desk app's renderer in Chromium with window.desk bound to a real desk core running in the test (issue 13,
 * item 9): signed in with an access code against a real API, the server then out of reach, a guest's code typed
 * as a keyboard-wedge scanner does is admitted offline, the status bar says offline with one scan pending, the
 * search by name still answers, the badge prints on a fake printer listening on a local port; back online, the
 * scan reaches the server once. Then the kiosk: a guest finds themselves by exact name (their email asked between
 * namesakes), is admitted and printed, and only the supervisor PIN leaves the kiosk.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the desk app's renderer on %s", (kind) => {
  const e2e = useDeskE2e({ kind, tempDirPrefix: "tessera-desk-app-" });

  it("scans a guest offline, prints their badge, syncs back, and runs a locked kiosk", async () => {
    const { server, dir } = e2e;
    const { db } = server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Gala d'hiver" });
    const { http } = await listedUser(server, event, { role: "editor" });
    const checkin = await buildCheckin(db, event, {
      name: "Main door",
      displayedFields: ["firstName", "lastName", "email"],
    });
    const ada = await buildGuest(db, event, {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.org",
      status: "confirmed",
    });
    await buildGuest(db, event, {
      firstName: "Zoé",
      lastName: "Lefèvre",
      email: "zoe@example.org",
      status: "confirmed",
    });
    const hugo = await buildGuest(db, event, {
      firstName: "Hugo",
      lastName: "Martin",
      email: "hugo@example.org",
      status: "confirmed",
    });
    await buildGuest(db, event, {
      firstName: "Hugo",
      lastName: "Martin",
      email: "h.martin@example.net",
      status: "confirmed",
    });
    const adaCode = (await currentGuestCodeText(db, server.config.secret, event, ada.id, new Date()))!;
    const made = await http.post(`${eventBase(event)}/checkincodes`, { checkinId: checkin.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const accessCode = made.body.code as string;

    const core = createDeskCore({
      version: "0.1.0",
      platform: "linux",
      databaseFile: path.join(dir, "desk.sqlite"),
      probeIntervalMs: 0,
    });
    const printing = createPrintHandlers({ core });
    const importing = createImportHandlers({ core });
    const printer = await startFakePrinter("escpos");
    const kioskLocks: { isLocked: boolean; pin?: string }[] = [];
    const backOffice: string[] = [];
    const handlers: Record<string, DeskHandler> = {
      ...(core as unknown as Record<string, DeskHandler>),
      ...(createSearchHandlers({ core }) as unknown as Record<string, DeskHandler>),
      ...(printing as unknown as Record<string, DeskHandler>),
      ...(importing as unknown as Record<string, DeskHandler>),
      "app.openBackOffice": async (url) => void backOffice.push(url as string),
      "app.setKiosk": async (isLocked, pin) =>
        void kioskLocks.push({ isLocked: isLocked as boolean, pin: pin as string }),
    };

    const { context, page, url } = await e2e.openPage(handlers);
    try {
      await screenshotOnFailure(page, `desk-app-${kind}`, async () => {
        await page.goto(url);
        // Desk mode: the server's address, the access code, the desk's name and a supervisor PIN.
        await page.getByRole("heading", { name: app.start.title }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.getByLabel(app.start.serverUrl).fill(server.baseUrl);
        // A wrong code: the server's refusal, in words.
        await page.getByLabel(web.desk.signIn.code).fill("AAAAA-AAAAA");
        await page.getByLabel(web.desk.signIn.desk).fill("Door 1");
        await page.getByRole("button", { name: app.start.openDesk }).click();
        await page.getByRole("alert").getByText(resources.en.errors.access_code_invalid).waitFor();
        await settle(page);
        await page.screenshot({ path: path.join(SCREENSHOTS, `desk-app-start-${kind}.png`), fullPage: true });
        await page.getByLabel(web.desk.signIn.code).fill(accessCode);
        await page.getByLabel(web.desk.signIn.desk).fill("Door 1");
        await page.getByLabel(app.start.pin).fill("2468");
        await page.getByRole("button", { name: app.start.openDesk }).click();

        const scanner = page.getByTestId("scanner-input");
        await scanner.waitFor();
        await page.getByRole("heading", { name: "Main door" }).waitFor();
        const connection = page.getByTestId("status-connection");
        await page.locator('[data-testid="status-connection"][data-online="true"]').waitFor();
        await page
          .getByTestId("status-sync-age")
          .getByText(/^Synced /)
          .waitFor();

        // The badge printer: a fake ESC/POS printer on a local port, its state read from it.
        await page.getByRole("button", { name: app.printer.open }).click();
        const dialog = page.getByRole("dialog", { name: app.printer.title });
        await dialog.getByText(app.printer.kinds.epson, { exact: true }).click();
        await dialog.getByLabel(app.printer.host).fill(printer.connection.host);
        await dialog.getByLabel(app.printer.port).fill(String(printer.connection.port));
        await dialog.getByRole("button", { name: app.printer.save }).click();
        await dialog.getByText(app.printer.saved).waitFor();
        await dialog.locator('[data-testid="printer-state"][data-state="ready"]').waitFor();
        await settle(page);
        await page.screenshot({ path: path.join(SCREENSHOTS, `desk-app-printer-${kind}.png`), fullPage: true });
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });

        // Another desk lets Ada in meanwhile; this one does not know it (it will be a conflict).
        const otherDesk = createDeskCore({
          version: "0.1.0",
          platform: "linux",
          serverUrl: server.baseUrl,
          databaseFile: path.join(dir, "other-desk.sqlite"),
          probeIntervalMs: 0,
        });
        await otherDesk["desk.signIn"](accessCode, "Door 2");
        expect(await otherDesk["desk.check"]({ code: adaCode })).toMatchObject({ result: "ok" });
        otherDesk.close();

        // The server out of reach: the scan is verified offline and queued.
        await core["desk.setServerUrl"](`http://127.0.0.1:${await closedPort()}`);
        await scanner.focus();
        await page.keyboard.type(adaCode, { delay: 0 });
        await page.keyboard.press("Enter");
        const welcome = page.locator('[data-testid="scan-result"][data-result="ok"]');
        await welcome.getByText(web.desk.result.ok, { exact: true }).waitFor();
        await welcome.getByText("Ada Lovelace", { exact: true }).first().waitFor();
        await page.locator('[data-testid="status-connection"][data-online="false"]').waitFor();
        expect(await connection.textContent()).toBe(app.status.offline);
        await page.getByTestId("status-pending").getByText("1 scan waiting to be sent", { exact: true }).waitFor();
        await expect.poll(() => page.getByTestId("scan-announcement").textContent()).toContain("Welcome. Ada Lovelace");
        expect(await scanner.evaluate((input) => input === document.activeElement)).toBe(true);

        // The search by name answers from the local snapshot, accents and case aside.
        await page.getByLabel(web.desk.search.label).fill("LEFEVRE");
        await page.getByTestId("search-hit").getByText("Zoé Lefèvre", { exact: true }).waitFor();

        // Ada's badge, printed offline: the printer's bytes hold her name.
        await page.getByTestId("print-badge").click();
        await page.getByTestId("print-notice").getByText("Badge of Ada Lovelace sent to the printer.").waitFor();
        expect(printer.jobs).toHaveLength(1);
        expect(printer.jobs[0]!.toString("latin1")).toContain("Ada Lovelace");
        // Printed once: a second print is refused, in words (a reprint says why, with the PIN).
        await page.getByTestId("print-badge").click();
        await page
          .getByTestId("print-notice")
          .getByText(web.deskPrint.errors.alreadyPrinted, { exact: false })
          .waitFor();

        expect(await seriousAxeViolations(page)).toEqual([]);
        await settle(page);
        await page.screenshot({ path: path.join(SCREENSHOTS, `desk-app-offline-${kind}.png`), fullPage: true });

        // A reprint says why and needs the supervisor PIN.
        await page.getByRole("button", { name: app.reprint.open }).click();
        const reprint = page.getByRole("dialog", { name: "Reprint the badge of Ada Lovelace" });
        await reprint.getByLabel(app.reprint.reason).fill("Badge torn");
        await reprint.getByLabel(app.pin.label).fill("1111");
        await reprint.getByRole("button", { name: app.reprint.submit }).click();
        await reprint.getByText(app.pin.wrong).waitFor();
        expect(printer.jobs).toHaveLength(1);
        await reprint.getByLabel(app.pin.label).fill("2468");
        await reprint.getByRole("button", { name: app.reprint.submit }).click();
        await reprint.waitFor({ state: "hidden" });
        expect(printer.jobs).toHaveLength(2);
        expect(printer.jobs[1]!.toString("latin1")).toContain("Ada Lovelace");
        const log = await printing["print.log"]();
        expect(log.data[0]).toMatchObject({ guestId: ada.id, reason: "Badge torn" });

        // The pre-flight before doors open: the printer answers it is ready.
        await page.getByRole("button", { name: app.preflight.open }).click();
        const preflight = page.getByRole("dialog", { name: app.preflight.title });
        await preflight
          .locator('[data-testid="preflight-check"][data-ok="true"]')
          .filter({ hasText: app.preflight.checks.printer })
          .waitFor();
        await page.keyboard.press("Escape");
        await preflight.waitFor({ state: "hidden" });

        // Back online: the pending scan reaches the server, once, flagged (Door 2 let Ada in first): a conflict.
        await core["desk.setServerUrl"](server.baseUrl);
        await page.getByRole("button", { name: app.status.syncNow }).click();
        await page.locator('[data-testid="status-pending"][data-count="0"]').waitFor();
        await page.locator('[data-testid="status-connection"][data-online="true"]').waitFor();
        const scans = await db("checkin_scans").where({ eventId: event.id }).orderBy("desk");
        expect(
          scans.map((scan: { guestId: string; desk: string; flagged: unknown }) => [
            scan.guestId,
            scan.desk,
            Boolean(scan.flagged),
          ]),
        ).toEqual([
          [ada.id, "Door 1", true],
          [ada.id, "Door 2", false],
        ]);
        await page.getByTestId("status-conflicts").getByText("1 conflict", { exact: true }).click();
        const conflicts = page.getByRole("dialog", { name: app.conflicts.title });
        await conflicts
          .getByRole("listitem")
          .filter({ hasText: "Ada Lovelace" })
          .getByText(/came in first .+ at Door 2/)
          .waitFor();
        await settle(page);
        await page.screenshot({ path: path.join(SCREENSHOTS, `desk-app-conflicts-${kind}.png`), fullPage: true });
        await page.keyboard.press("Escape");
        await conflicts.waitFor({ state: "hidden" });

        // Kiosk mode: the same sign-in, the desk's PIN confirmed; the window is locked.
        await page.getByRole("button", { name: app.changeMode }).click();
        await page.getByText(app.start.modes.kiosk, { exact: true }).click();
        await page.getByLabel(web.desk.signIn.code).fill(accessCode);
        await page.getByLabel(web.desk.signIn.desk).fill("Kiosk 1");
        await page.getByLabel(app.start.pin).fill("2468");
        await page.getByRole("button", { name: app.start.openDesk }).click();
        await page.getByRole("heading", { name: app.kiosk.welcome }).waitFor();
        await page.getByTestId("kiosk-scanner").waitFor();
        expect(kioskLocks.at(-1)).toEqual({ isLocked: true, pin: undefined });
        // A guest reads the kiosk in their language.
        await page.getByRole("button", { name: "Français" }).click();
        await page.getByRole("heading", { name: resources.fr.web.deskApp.kiosk.welcome }).waitFor();
        await page.getByRole("button", { name: "English" }).click();
        await page.getByRole("heading", { name: app.kiosk.welcome }).waitFor();

        // Found by exact name only: a namesake makes the kiosk ask for the email, and no one else is shown.
        await page.getByRole("button", { name: app.kiosk.byName }).click();
        await page.getByLabel(app.kiosk.fullName).fill("hugo martin");
        await page.getByRole("button", { name: app.kiosk.find }).click();
        await page.getByText(app.kiosk.emailNeeded).waitFor();
        expect(await page.getByText("h.martin@example.net").count()).toBe(0);
        await page.getByLabel(app.kiosk.email).fill("hugo@example.org");
        await page.getByRole("button", { name: app.kiosk.find }).click();
        const kioskAnswer = page.locator('[data-testid="kiosk-answer"][data-result="ok"]');
        await kioskAnswer.getByText("Hugo Martin", { exact: true }).waitFor();
        await page.locator('[data-testid="kiosk-print"][data-print="printed"]').waitFor();
        expect(printer.jobs).toHaveLength(3);
        expect(printer.jobs[2]!.toString("latin1")).toContain("Hugo Martin");
        expect(await seriousAxeViolations(page)).toEqual([]);
        await settle(page);
        await page.screenshot({ path: path.join(SCREENSHOTS, `desk-app-kiosk-${kind}.png`), fullPage: true });
        await page.getByTestId("kiosk-next").click();
        await page.getByTestId("kiosk-scanner").waitFor();

        // A code scanned twice: refused, the guest sent to the staff, no badge printed again.
        await page.keyboard.type(adaCode, { delay: 0 });
        await page.keyboard.press("Enter");
        const refused = page.locator('[data-testid="kiosk-answer"][data-result="already_checked_in"]');
        await refused.getByText(web.desk.result.already_checked_in, { exact: true }).waitFor();
        await refused.getByText(app.kiosk.seeStaff).waitFor();
        expect(printer.jobs).toHaveLength(3);
        await page.getByTestId("kiosk-next").click();
        await page.getByTestId("kiosk-scanner").waitFor();

        // Leaving needs the supervisor PIN.
        await page.getByRole("button", { name: app.kiosk.staff }).click();
        const pinDialog = page.getByRole("dialog", { name: app.kiosk.leaveTitle });
        await pinDialog.getByLabel(app.pin.label).fill("0000");
        await pinDialog.getByRole("button", { name: app.pin.submit }).click();
        await pinDialog.getByText(app.pin.wrong).waitFor();
        await pinDialog.getByLabel(app.pin.label).fill("2468");
        await pinDialog.getByRole("button", { name: app.pin.submit }).click();
        await page.getByRole("heading", { name: app.start.title }).waitFor();
        // Main unlocks the window with the PIN (it checks it again).
        expect(kioskLocks.at(-1)).toEqual({ isLocked: false, pin: "2468" });

        // The bulk import opens from the start screen, and leads back to it.
        await page.getByRole("button", { name: app.start.import }).click();
        await page.getByRole("heading", { name: web.deskImport.title }).waitFor();
        await page.getByRole("button", { name: app.back }).click();
        await page.getByRole("heading", { name: app.start.title }).waitFor();

        // Back office: the window is to open the server's own /admin (main does it).
        await page.getByText(app.start.modes.backOffice, { exact: true }).click();
        await page.getByRole("button", { name: app.start.openBackOffice }).click();
        await expect.poll(() => backOffice).toEqual([server.baseUrl]);
        const hugoScans = await db("checkin_scans").where({ eventId: event.id, guestId: hugo.id });
        expect(hugoScans).toHaveLength(1);
      });
    } finally {
      await context.close();
      await printing.idle();
      importing.close();
      core.close();
      await printer.close();
    }
  });
});

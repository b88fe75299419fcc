import path from "node:path";
import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { currentGuestCodeText } from "../../api/src/services/checkin-codes/codes.ts";
import { createDeskApp, DESK_APP_CHANNELS, type DeskApp } from "../../desktop/src/core/app.ts";
import type { PrimaryStartResult } from "../../desktop/src/core/primary/handlers.ts";
import { closedPort } from "../../desktop/src/core/printing/fakePrinter.ts";
import { listedUser } from "../helpers/actors.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { buildCheckin, eventBase } from "../helpers/checkins.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { useDeskE2e } from "../helpers/deskE2e.ts";
import { dialogShown, seriousAxeViolations, settle, type DeskHandler } from "../helpers/deskPage.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount } from "../helpers/factories.ts";
import { buildGuest } from "../helpers/guests.ts";

const web = resources.en.web;
const app = web.deskApp;
const text = web.deskPrimary;
const SCREENSHOTS = "/tmp";

/**
 * The venue network's screens in Chromium (issue 13, item 5), window.desk bound to a desk app as main composes it,
 * with two more desk apps of the same session in the test, against a real API. The page's desk pairs with the
 * primary by its typed address and code (a wrong code, and the API's address, refused in words); with the server
 * out of reach, a guest the primary admitted is refused on the page, and the status bar says peer, reachable;
 * the primary stopped, the page answers alone and counts the scan to reconcile. Then the page's desk becomes the
 * primary itself: its code shown large, a third desk pairs with it, and it stops after a confirmation.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the desk app's venue network on %s", (kind) => {
  const e2e = useDeskE2e({ kind, tempDirPrefix: "tessera-desk-primary-" });

  it("pairs with a primary, is refused a guest it admitted while the server is down, then serves as the primary", async () => {
    const { server, dir } = e2e;
    const { db } = server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Festival des lumières" });
    const { http } = await listedUser(server, event, { role: "editor" });
    const checkin = await buildCheckin(db, event, { name: "Main door", displayedFields: ["firstName", "lastName"] });
    const made = await http.post(`${eventBase(event)}/checkincodes`, { checkinId: checkin.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const accessCode = made.body.code as string;
    const ada = await buildGuest(db, event, { firstName: "Ada", lastName: "Lovelace", status: "confirmed" });
    const zoe = await buildGuest(db, event, { firstName: "Zoé", lastName: "Lefèvre", status: "confirmed" });
    const codeOf = async (guestId: string) =>
      (await currentGuestCodeText(db, server.config.secret, event, guestId, new Date()))!;
    const [adaCode, zoeCode] = [await codeOf(ada.id), await codeOf(zoe.id)];

    const deskApp = (name: string, serverUrl?: string) =>
      createDeskApp({
        version: "0.1.0",
        platform: "linux",
        ...(serverUrl ? { serverUrl } : {}),
        databaseFile: path.join(dir, `${name}.sqlite`),
        probeIntervalMs: 0,
        primaryRetryMs: 0,
        mdns: false,
      });
    // Door A is the venue's primary; Door C pairs with the page's desk later on.
    const doorA = deskApp("door-a", server.baseUrl);
    const doorC = deskApp("door-c", server.baseUrl);
    const pageDesk = deskApp("door-b");
    const desks: DeskApp[] = [doorA, doorC, pageDesk];
    for (const [desk, name] of [
      [doorA, "Door A"],
      [doorC, "Door C"],
    ] as const) {
      await desk["desk.signIn"](accessCode, name);
      await desk["desk.refresh"]();
    }
    const primaryA = await doorA["primary.start"]({ port: 0 });
    const addressA = `http://127.0.0.1:${primaryA.port}`;
    const wrongCode = primaryA.pairingCode === "000000" ? "000001" : "000000";

    // The page's desk as main composes it; its primary listens on a free port rather than the default one.
    let pageStarted: PrimaryStartResult | null = null;
    const handlers: Record<string, DeskHandler> = {
      ...(pageDesk as unknown as Record<string, DeskHandler>),
      "primary.start": async () => (pageStarted = await pageDesk["primary.start"]({ port: 0 })),
      "app.openBackOffice": async () => undefined,
      "app.setKiosk": async () => undefined,
    };
    for (const channel of DESK_APP_CHANNELS) expect(handlers[channel], channel).toBeTypeOf("function");

    const { context, page, url } = await e2e.openPage(handlers);
    try {
      await screenshotOnFailure(page, `desk-primary-${kind}`, async () => {
        await page.goto(url);
        await page.getByRole("heading", { name: app.start.title }).waitFor();
        await page.getByLabel(app.start.serverUrl).fill(server.baseUrl);
        await page.getByLabel(web.desk.signIn.code).fill(accessCode);
        await page.getByLabel(web.desk.signIn.desk).fill("Door B");
        await page.getByLabel(app.start.pin).fill("2468");
        await page.getByRole("button", { name: app.start.openDesk }).click();
        await page.getByTestId("scanner-input").waitFor();
        const role = page.getByRole("status", { name: text.role.label });
        await page.locator('[data-testid="venue-role"][data-role="none"]').waitFor({ state: "attached" });
        expect(await role.textContent()).toBe("");

        // Pairing by the primary's typed address: a wrong code, then the API's own address, refused in words.
        await page.getByRole("button", { name: text.open }).click();
        const dialog = page.getByRole("dialog", { name: text.title });
        // No multicast in the test: the search finds no primary and says to type its address.
        await dialog.getByRole("button", { name: text.connect.find }).click();
        await dialog.getByText(text.connect.noneFound).waitFor();
        await dialog.getByLabel(text.connect.address).fill(addressA);
        await dialog.getByLabel(text.connect.code).fill(wrongCode);
        await dialog.getByRole("button", { name: text.connect.submit }).click();
        await dialog.getByRole("alert").getByText(text.refusals.wrong_pairing_code).waitFor();
        await dialogShown(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `desk-primary-refused-${kind}.png`), fullPage: true });
        await dialog.getByLabel(text.connect.address).fill(server.baseUrl);
        await dialog.getByLabel(text.connect.code).fill(primaryA.pairingCode);
        await dialog.getByRole("button", { name: text.connect.submit }).click();
        await dialog.getByRole("alert").getByText(text.refusals.not_a_primary).waitFor();
        await dialog.getByLabel(text.connect.address).fill(addressA);
        await dialog.getByRole("button", { name: text.connect.submit }).click();
        await dialog.getByText(`Connected to the primary desk at ${addressA}.`).waitFor();
        await dialog.getByRole("button", { name: text.peer.disconnect }).waitFor();
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        await role.getByText(`Peer of ${addressA} · reachable`, { exact: true }).waitFor();
        expect(await doorA["primary.status"]()).toMatchObject({ role: "primary", peers: 1 });

        // The internet goes down: Ada, admitted at the primary, is refused on the page.
        const noServer = `http://127.0.0.1:${await closedPort()}`;
        for (const desk of [doorA, pageDesk]) await desk["desk.setServerUrl"](noServer);
        expect(await doorA["desk.check"]({ code: adaCode })).toMatchObject({ result: "ok", desk: "Door A" });
        const scanner = page.getByTestId("scanner-input");
        await scanner.focus();
        await page.keyboard.type(adaCode, { delay: 0 });
        await page.keyboard.press("Enter");
        const refused = page.locator('[data-testid="scan-result"][data-result="already_checked_in"]');
        await refused.getByText(web.desk.result.already_checked_in, { exact: true }).waitFor();
        await refused.getByText("Ada Lovelace", { exact: true }).first().waitFor();
        await page.locator('[data-testid="status-connection"][data-online="false"]').waitFor();
        await role.getByText(`Peer of ${addressA} · reachable`, { exact: true }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await settle(page);
        await page.screenshot({ path: path.join(SCREENSHOTS, `desk-primary-peer-${kind}.png`), fullPage: true });

        // The primary goes down too: the page answers alone and counts the scan the primary has not seen.
        await doorA["primary.stop"]();
        await scanner.focus();
        await page.keyboard.type(zoeCode, { delay: 0 });
        await page.keyboard.press("Enter");
        await page
          .locator('[data-testid="scan-result"][data-result="ok"]')
          .getByText("Zoé Lefèvre", { exact: true })
          .first()
          .waitFor();
        await role.getByText(`Peer of ${addressA} · unreachable · 1 scan to reconcile`, { exact: true }).waitFor();

        // The page's desk leaves the primary and becomes the venue's primary itself.
        await page.getByRole("button", { name: text.open }).click();
        await dialog.getByRole("button", { name: text.peer.disconnect }).click();
        await dialog.getByRole("button", { name: text.become.start }).click();
        const code = dialog.getByTestId("pairing-code");
        await code.waitFor();
        const shown = await pageDesk["primary.status"]();
        expect(shown).toMatchObject({ role: "primary", peers: 0 });
        expect(await code.textContent()).toBe(shown.pairingCode);
        expect(shown.pairingCode).toMatch(/^\d{6}$/);
        for (const address of pageStarted!.addresses)
          await dialog.getByTestId("primary-address").getByText(address, { exact: true }).waitFor();
        // Door C pairs with the code the page shows; the page counts it.
        const pairedC = await doorC["primary.connect"](`http://127.0.0.1:${pageStarted!.port}`, shown.pairingCode!);
        expect(pairedC.ok).toBe(true);
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        await role.getByText("Primary desk · 1 desk paired", { exact: true }).waitFor();
        await page.getByRole("button", { name: text.open }).click();
        await dialog.locator('[data-testid="primary-peers"][data-count="1"]').waitFor();
        await dialogShown(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `desk-primary-serving-${kind}.png`), fullPage: true });

        // Stopping asks first; cancelled, the desk is still the primary; confirmed, it is not.
        await dialog.getByRole("button", { name: text.primary.stop }).click();
        await dialog.getByText(text.primary.stopWarning).waitFor();
        await dialog.getByRole("button", { name: text.primary.cancel }).click();
        expect((await pageDesk["primary.status"]()).role).toBe("primary");
        await dialog.getByRole("button", { name: text.primary.stop }).click();
        await dialog.getByRole("button", { name: text.primary.stopConfirm }).click();
        await dialog.getByRole("button", { name: text.become.start }).waitFor();
        expect((await pageDesk["primary.status"]()).role).toBe("none");
        await page.keyboard.press("Escape");
        await page.locator('[data-testid="venue-role"][data-role="none"]').waitFor({ state: "attached" });
      });
    } finally {
      await context.close();
      for (const desk of desks) await desk.close();
    }
  });
});

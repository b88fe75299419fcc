import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { sessionTokenFor } from "../helpers/factories.ts";
import { buildGuest } from "../helpers/guests.ts";
import { CheckinSessionPages, DeskPages } from "./pages/CheckinPages.ts";
import { screenshotFor } from "./pages/screenshots.ts";

const web = resources.en.web;

/**
 * An organizer creates a check-in session whose rule lets in the guests of one company, and makes an access
 * code; a desk (another browser, no organizer session, a phone's width) signs in with the code and scans a
 * confirmed guest's signed code typed into its input as a keyboard-wedge scanner does: welcome; the same code
 * again: already checked in, at that desk; a guest the rule leaves out: refused, with the rule in words.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("a check-in desk in the browser on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("signs in with an access code and scans guests' codes", async () => {
    const { server, browser } = e2e;
    const { account, organizer, event } = await buildOrganizerEvent(server, {
      email: "orla@example.com",
      firstName: "Orla",
      lastName: "Marchand",
    });
    const zoe = await buildGuest(server.db, event, {
      firstName: "Zoé",
      lastName: "Lefèvre",
      company: "Café Crème",
      status: "confirmed",
    });
    const hugo = await buildGuest(server.db, event, {
      firstName: "Hugo",
      lastName: "Martin",
      company: "Boulangerie Martin",
      status: "confirmed",
    });
    const api = server.http.as(await sessionTokenFor(server.db, server.config, organizer));
    const codeOf = async (guestId: string) => {
      const answer = await api.get(`/api/v1/events/${account.id}/${event.id}/users/${guestId}/entry-code`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.entryCode.code as string;
    };
    const [zoeCode, hugoCode] = [await codeOf(zoe.id), await codeOf(hugo.id)];

    const organizerContext = await browser.newContext();
    const page = await organizerContext.newPage();
    const sessions = new CheckinSessionPages(page, `/manage/events/${event.id}/checkins`);
    let access = { code: "", deskUrl: "" };
    await screenshotOnFailure(page, `checkin-desk-organizer-${kind}`, async () => {
      await signInAs(page, server.baseUrl, "orla@example.com", sessions.base);
      await page.getByText(web.checkins.empty, { exact: true }).waitFor();
      await page.getByRole("link", { name: web.checkins.create, exact: true }).click();
      await page.getByLabel(web.checkins.editor.name, { exact: false }).fill("Main door");
      await sessions.addCondition(web.conditions.attributes.company, web.ruleEditor.operators.contains, "Café");
      await sessions.ruleInWords().getByText("Company contains “Café”", { exact: true }).waitFor();
      await sessions.button(web.checkins.editor.createSubmit).click();
      await page.waitForURL((url) => /\/checkins\/[0-9a-f-]{36}$/.test(url.pathname));
      await page.getByTestId("access-codes").waitFor();
      access = await sessions.makeAccessCode();
      expect(access.code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      expect(access.deskUrl).toBe(`${server.baseUrl}/desk`);
      await page
        .getByTestId("last-code")
        .getByText(`ending in ${access.code.slice(-2)}`, { exact: false })
        .waitFor();

      // The list says the rule in words.
      await page.goto(new URL(sessions.base, server.baseUrl).toString());
      await sessions.row("Main door").getByText("Company contains “Café”", { exact: true }).waitFor();
      await screenshotFor(page, `checkin-sessions-${kind}`);
    });

    const deskContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const deskPage = await deskContext.newPage();
    const desk = new DeskPages(deskPage);
    await screenshotOnFailure(deskPage, `checkin-desk-${kind}`, async () => {
      await deskPage.goto(access.deskUrl);
      await desk.signIn(access.code.toLowerCase(), "Door 1");
      expect(await desk.isScannerFocused()).toBe(true);
      await screenshotFor(deskPage, `checkin-desk-idle-${kind}`);

      await desk.scanWithKeyboard(zoeCode);
      const welcome = await desk.waitForResult("ok");
      await welcome.getByText(web.desk.result.ok, { exact: true }).waitFor();
      await welcome.getByText("Zoé Lefèvre", { exact: true }).first().waitFor();
      await welcome.getByText("Café Crème", { exact: true }).waitFor();
      expect(await desk.announcement()).toContain("Welcome. Zoé Lefèvre");
      expect(await desk.isScannerFocused()).toBe(true);
      expect(await desk.scanner().inputValue()).toBe("");
      await screenshotFor(deskPage, `checkin-desk-ok-${kind}`);

      await desk.scanWithKeyboard(`  ${zoeCode}  `);
      const already = await desk.waitForResult("already_checked_in");
      await already.getByText(web.desk.result.already_checked_in, { exact: true }).waitFor();
      expect(await already.getByTestId("scan-previous").textContent()).toMatch(/^Came in .+ at Door 1/);
      expect(await desk.isScannerFocused()).toBe(true);
      await screenshotFor(deskPage, `checkin-desk-already-${kind}`);

      await desk.scanWithKeyboard(hugoCode);
      const refused = await desk.waitForResult("not_allowed");
      await refused.getByText(web.desk.result.not_allowed, { exact: true }).waitFor();
      expect(await refused.getByTestId("scan-rule").textContent()).toBe(
        "Not allowed by the rule: Company contains “Café”",
      );
      await screenshotFor(deskPage, `checkin-desk-refused-${kind}`);
    });

    // Every scan was recorded once, at that desk.
    const scans = await server.db("checkin_scans").where({ eventId: event.id }).orderBy("receivedAt");
    expect(scans.map((scan: { result: string; desk: string }) => [scan.result, scan.desk])).toEqual([
      ["ok", "Door 1"],
      ["already_checked_in", "Door 1"],
      ["not_allowed", "Door 1"],
    ]);
    await deskContext.close();
    await organizerContext.close();
  });
});

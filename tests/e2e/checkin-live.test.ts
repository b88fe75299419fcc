import { randomUUID } from "node:crypto";
import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { sessionTokenFor } from "../helpers/factories.ts";
import { buildGuest } from "../helpers/guests.ts";

const web = resources.en.web;

/**
 * An organizer opens the live board of an event with a check-in session; a guest is checked in through the API
 * (as a desk in the back office does); the board shows the guest among the last scans, without a reload, and
 * counts the arrival; then a second scan of the guest shows "Already checked in".
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the live board on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("shows a scan made elsewhere as it is made", async () => {
    const { server, browser } = e2e;
    const { account, organizer, event } = await buildOrganizerEvent(server, {
      email: "lina@example.com",
      firstName: "Lina",
      lastName: "Moreau",
    });
    const zoe = await buildGuest(server.db, event, { firstName: "Zoé", lastName: "Lefèvre", status: "confirmed" });
    const api = server.http.as(await sessionTokenFor(server.db, server.config, organizer));
    const base = `/api/v1/events/${account.id}/${event.id}`;
    const session = await api.post(`${base}/checkins`, { name: "Main door", type: "online", conditions: null });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const checkinId = session.body.id as string;
    const scan = async () => {
      const answer = await api.post(`${base}/checkins/${checkinId}/check`, {
        scanId: randomUUID(),
        guestId: zoe.id,
        desk: "North desk",
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };

    const context = await browser.newContext();
    const page = await context.newPage();
    await screenshotOnFailure(page, `checkin-live-${kind}`, async () => {
      await signInAs(page, server.baseUrl, "lina@example.com", `/manage/events/${event.id}/checkins`);
      await page.getByRole("link", { name: web.checkinLive.open, exact: true }).click();
      await page.waitForURL((url) => url.pathname.endsWith("/checkins/live"));
      const board = page.getByTestId("live-board");
      await board.getByText(web.checkinLive.lastScans.none, { exact: true }).waitFor();
      await page.locator('[data-testid="live-connection"][data-connection="live"]').waitFor();
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: web.checkinLive.connection.live }).count())
        .toBe(1);

      await scan();
      const row = page.getByTestId("live-scan").filter({ hasText: "Zoé Lefèvre" });
      await row.getByText(web.desk.result.ok, { exact: true }).waitFor();
      await row.getByText("North desk", { exact: true }).waitFor();
      await page.getByTestId("live-arrivals").getByText("1 arrival", { exact: true }).waitFor();
      await page.getByTestId("live-present").getByText("1", { exact: true }).waitFor({ timeout: 15_000 });

      // One session shown: the filter keeps it in the address; a second scan says already checked in.
      await page.getByLabel(web.checkinLive.sessionFilter).first().click();
      await page.getByRole("option", { name: "Main door", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("session") === checkinId);
      await page.getByTestId("live-scan").filter({ hasText: "Zoé Lefèvre" }).first().waitFor();
      await scan();
      await page
        .getByTestId("live-scan")
        .first()
        .getByText(web.desk.result.already_checked_in, { exact: true })
        .waitFor();
      expect(await page.getByTestId("live-scan").count()).toBe(2);
    });
    await context.close();
  });
});

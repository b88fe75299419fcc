import { randomUUID } from "node:crypto";
import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { sessionTokenFor } from "../helpers/factories.ts";
import { buildGuest } from "../helpers/guests.ts";
import { screenshotFor } from "./pages/screenshots.ts";

const web = resources.en.web;

/**
 * An organizer opens the check-in part of an event's Statistics after two sessions' desks uploaded their scans
 * (at two desks, a refusal and an entry forced offline among them): the figures of every session added up, the
 * arrivals over time, a row a session; picking one session keeps it in the address and shows its figures only.
 * `E2E_SHOTS=/tmp/shots` keeps a screenshot of each state.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the check-in statistics on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("shows who came, when, at which desk, and the no-shows, of every session or of one", async () => {
    const { server, browser } = e2e;
    const { account, organizer, event } = await buildOrganizerEvent(
      server,
      { email: "nora@example.com", firstName: "Nora", lastName: "Petit" },
      { timezone: "Europe/Paris" },
    );
    const guests = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        buildGuest(server.db, event, { firstName: `Guest ${index + 1}`, status: "confirmed" }),
      ),
    );
    const pending = await buildGuest(server.db, event, { firstName: "Paula", status: "pending_approval" });
    const api = server.http.as(await sessionTokenFor(server.db, server.config, organizer));
    const base = `/api/v1/events/${account.id}/${event.id}`;
    const session = async (name: string) => {
      const made = await api.post(`${base}/checkins`, { name, type: "offline", options: { exitScans: true } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.id as string;
    };
    const upload = async (checkinId: string, scans: Record<string, unknown>[]) => {
      const answer = await api.post(`${base}/checkins/${checkinId}/checks`, {
        scans: scans.map((scan) => ({ scanId: randomUUID(), ...scan })),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const at = (minutes: number) => new Date(Date.UTC(2026, 5, 12, 7, minutes)).toISOString();
    const mainDoor = await session("Main door");
    const workshop = await session("Workshop");
    await upload(mainDoor, [
      ...guests.slice(0, 8).map((guest, index) => ({
        guestId: guest.id,
        desk: index % 3 === 0 ? "South desk" : "North desk",
        scannedAt: at(index * 7),
      })),
      { guestId: guests[0]!.id, desk: "North desk", scannedAt: at(20), localResult: "already_checked_in" },
      { guestId: randomUUID(), desk: "South desk", scannedAt: at(22), localResult: "unknown" },
      // The desk let in a guest who is not confirmed: an entry forced offline.
      { guestId: pending.id, desk: "South desk", scannedAt: at(31) },
      { guestId: guests[1]!.id, desk: "North desk", scannedAt: at(40), direction: "out" },
    ]);
    await upload(
      workshop,
      guests.slice(8, 11).map((guest, index) => ({ guestId: guest.id, desk: "Room desk", scannedAt: at(50 + index) })),
    );

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await screenshotOnFailure(page, `checkin-statistics-${kind}`, async () => {
      await signInAs(page, server.baseUrl, "nora@example.com", `/manage/events/${event.id}/statistics`);
      await page.getByRole("tab", { name: web.statistics.tabs.checkin, exact: true }).click();
      await page.waitForURL((url) => url.pathname.endsWith("/statistics/check-in"));
      const total = (key: string) => page.getByTestId(`checkin-total-${key}`);
      // Main door: 8 guests and Paula forced in, 4 no-shows of its 12; Workshop: 3 in, 9 no-shows.
      await total("admitted").getByText("12", { exact: true }).waitFor();
      await total("noShows").getByText("13", { exact: true }).waitFor();
      await total("refused").getByText("2", { exact: true }).waitFor();
      await total("forced").getByText("1", { exact: true }).waitFor();
      await page
        .getByTestId("checkin-arrivals")
        .getByText(/^12 arrivals · every 5 minutes · /)
        .waitFor();
      await expect.poll(() => page.getByTestId("checkin-session-row").count()).toBe(2);
      await page.getByRole("table", { name: web.statistics.checkin.arrivals.title }).waitFor({ state: "attached" });
      await page.getByTestId("checkin-desks").locator(".recharts-surface").waitFor();
      await screenshotFor(page, `checkin-statistics-every-session-${kind}`);

      await page.getByLabel(web.statistics.checkin.session).first().click();
      await page.getByRole("option", { name: "Main door", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("session") === mainDoor);
      await total("noShows").getByText("4", { exact: true }).waitFor();
      await total("admitted").getByText("9", { exact: true }).waitFor();
      await page
        .getByTestId("checkin-arrivals")
        .getByText(/^9 arrivals · /)
        .waitFor();
      await expect.poll(() => page.getByTestId("checkin-session-row").count()).toBe(1);
      await screenshotFor(page, `checkin-statistics-main-door-${kind}`);
    });
    await context.close();
  });
});

import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { sessionTokenFor } from "../helpers/factories.ts";
import { buildGuest, buildGuests } from "../helpers/guests.ts";
import { PDF } from "../helpers/zipFixtures.ts";
import { GuestsPages } from "./pages/GuestsPages.ts";

describe.skipIf(!shouldRunE2e())("an organizer works on many guests, companions and file answers", () => {
  const e2e = useE2eEnvironment();

  it("selects all matching guests and sets a field on them, adds a companion, uploads a file answer", async () => {
    const { server, browser } = e2e;
    const { account, organizer, event } = await buildOrganizerEvent(
      server,
      {
        email: "orla@example.com",
        firstName: "Orla",
        lastName: "Marchand",
      },
      { maxCompanions: 2 },
    );
    const api = server.http.as(await sessionTokenFor(server.db, server.config, organizer));
    const base = `/api/v1/events/${account.id}/${event.id}`;
    const table = await api.post(`${base}/customfields`, { name: "Table", label: "Table", type: "short_text" });
    const cv = await api.post(`${base}/customfields`, { name: "CV", label: "CV", type: "file" });
    expect([table.status, cv.status]).toEqual([201, 201]);
    // 130 guests of Acme (more than one page of the list), 20 of another company.
    await buildGuests(server.db, event, 150, (i) => ({
      firstName: "Guest",
      lastName: `N${String(i).padStart(3, "0")}`,
      company: i < 130 ? "Acme" : "Globex",
    }));
    const host = await buildGuest(server.db, event, { firstName: "Hélène", lastName: "Hôte", company: "Host" });

    const context = await browser.newContext();
    const page = await context.newPage();
    const guests = new GuestsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);

    await screenshotOnFailure(page, "guests-bulk", async () => {
      await signInAs(page, server.baseUrl, "orla@example.com", guests.base);
      await guests.sees("151 guests");

      // Select all 130 matching guests (only the first page is loaded), then set a field on them.
      await guests.search("acme");
      await guests.sees("130 guests");
      await page.getByRole("checkbox", { name: "Select the loaded guests" }).check();
      const banner = page.getByTestId("select-all-matching");
      await banner.getByText(/loaded guests are selected/).waitFor();
      await banner.getByRole("button", { name: "Select all 130 matching guests" }).click();
      await guests.sees("All 130 matching guests are selected.");
      await guests.sees("130 selected");
      await guests.button("Set a field").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Custom field", { exact: true }).first().click();
      await page.getByRole("option", { name: "Table", exact: true }).click();
      await dialog.getByLabel("Table", { exact: true }).fill("T7");
      await guests.button("Apply to 130 guests", dialog).click();
      await dialog.getByText("130 guests updated.").waitFor();
      await guests.button("Close", dialog).click();
      const filters = encodeURIComponent(JSON.stringify([{ field: table.body.id, op: "eq", value: "T7" }]));
      const tagged = await api.get(`${base}/users?filters=${filters}&perPage=500`);
      expect(tagged.body.pagination.total).toBe(130);
      expect(new Set(tagged.body.data.map((guest: { company: string }) => guest.company))).toEqual(new Set(["Acme"]));

      // A date range on the created date, in the filter bar; then the view saved as shared with the team.
      const day = (offset: number) => {
        const date = new Date(Date.now() + offset * 86_400_000);
        return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
      };
      await guests.button("Filters").click();
      await page.getByTestId("filter-createdFrom").fill(day(1));
      await guests.sees("Nothing matches this search.");
      await page.getByTestId("filter-createdFrom").fill(day(-1));
      await page.getByTestId("filter-createdTo").fill(day(1));
      await guests.sees("130 guests");
      await page.keyboard.press("Escape");
      await guests.sees(/^Created between: /);
      expect(guests.url().searchParams.get("createdFrom")).toBeTruthy();
      await guests.button("Save this view").click();
      await page.getByLabel("Name of the view").fill("Acme récents");
      await page.getByRole("checkbox", { name: "Share with the team" }).check();
      await guests.button("Save", page.getByRole("dialog")).click();
      await page.getByRole("button", { name: "Acme récents, shared with the team" }).waitFor();
      const views = (await api.get(`${base}/guestviews`)).body.data;
      expect(views).toEqual([
        expect.objectContaining({
          name: "Acme récents",
          isShared: true,
          query: expect.objectContaining({ search: "acme", createdFrom: expect.any(String) }),
        }),
      ]);

      // A companion added from the guest's page, within the event's maximum.
      await guests.open(`/view/${host.id}`);
      const companions = page.getByTestId("guest-companions");
      await companions.getByText("No companion registered under this guest.").waitFor();
      await companions.getByLabel("Companion's first name", { exact: true }).fill("Camille");
      await companions.getByLabel("Companion's last name", { exact: true }).fill("Compagnon");
      await guests.button("Add the companion", companions).click();
      await companions.getByText("Camille Compagnon was added as a companion.").waitFor();
      // The host's count of companions follows without a reload.
      await page.getByText("1 companion registered.", { exact: true }).waitFor();
      const companionLink = companions.getByRole("link", { name: "Camille Compagnon" });
      await companionLink.waitFor();
      const listed = await api.get(`${base}/users?godfatherId=${host.id}`);
      expect(listed.body.data.map((guest: { fullName: string }) => guest.fullName)).toEqual(["Camille Compagnon"]);
      await companionLink.click();
      await page.waitForURL((url) => url.pathname === `${guests.base}/view/${listed.body.data[0].id}`);
      // The companion's page links to its godfather once, in the card that sets it.
      await page.getByTestId("guest-godfather").getByText("Hélène Hôte").waitFor();
      expect(await page.getByRole("link", { name: "Hélène Hôte" }).count()).toBe(1);
      await page.getByTestId("guest-godfather").click();
      await page.waitForURL((url) => url.pathname === `${guests.base}/view/${host.id}`);
      // The host's page is drawn (not the companion's any more) before its file is uploaded.
      await page.getByRole("heading", { name: "Hélène Hôte" }).waitFor();
      await page.getByTestId("guest-companions").getByRole("link", { name: "Camille Compagnon" }).waitFor();

      // A file answer uploaded from the guest's page, then offered as a download link.
      await page
        .getByTestId(`file-answer-${cv.body.id}`)
        .locator('input[type="file"]')
        .setInputFiles({ name: "cv-helene.pdf", mimeType: "application/pdf", buffer: PDF });
      const link = page.getByRole("link", { name: "cv-helene.pdf" });
      await link.waitFor();
      const stored = (await api.get(`${base}/users/${host.id}`)).body.answers[cv.body.id];
      expect(stored).toMatchObject({ name: "cv-helene.pdf", size: PDF.length });
      const downloaded = await page.request.get(new URL((await link.getAttribute("href"))!, server.baseUrl).toString());
      expect(downloaded.status()).toBe(200);
      expect(downloaded.headers()["content-disposition"]).toContain("attachment");
      expect(Buffer.from(await downloaded.body()).equals(PDF)).toBe(true);
    });
    await context.close();
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { derivedGuestColumns } from "../../api/src/services/guests/prepare.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { sessionTokenFor } from "../helpers/factories.ts";
import { GuestsPages } from "./pages/GuestsPages.ts";

const GUESTS = 150;

describe.skipIf(!shouldRunE2e())("an organizer works the guest list", () => {
  const e2e = useE2eEnvironment();

  it("scrolls past the first page, filters, saves a view, chooses columns, adds with the shared rules, deletes and exports", async () => {
    const { server, browser } = e2e;
    const { account, organizer, event } = await buildOrganizerEvent(server, {
      email: "orla@example.com",
      firstName: "Orla",
      lastName: "Marchand",
    });
    const api = server.http.as(await sessionTokenFor(server.db, server.config, organizer));
    const nights = await api.post(`/api/v1/events/${account.id}/${event.id}/customfields`, {
      name: "Nuits",
      label: "Nuits",
      type: "number",
      rules: { noNegative: true },
    });
    expect(nights.status).toBe(201);
    const at = new Date().toISOString();
    await server.db("guests").insert(
      Array.from({ length: GUESTS }, (_, i) => {
        const identity = {
          firstName: "Guest",
          lastName: `N${String(i).padStart(3, "0")}`,
          email: `guest${i}@example.com`,
          company: "Acme",
        };
        return {
          id: randomUUID(),
          accountId: account.id,
          eventId: event.id,
          ...identity,
          ...derivedGuestColumns(identity),
          status: i % 3 === 0 ? "confirmed" : "unanswered",
          mailStatus: "none",
          createdSource: "import",
          companionsExpected: 0,
          answers: JSON.stringify({ [nights.body.id]: i % 4 }),
          createdAt: at,
          updatedAt: at,
        };
      }),
    );

    const context = await browser.newContext();
    const page = await context.newPage();
    const guests = new GuestsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);

    await screenshotOnFailure(page, "guests-list", async () => {
      await signInAs(page, server.baseUrl, "orla@example.com", guests.base);
      await guests.sees("150 guests");

      // Only the first page is fetched; scrolling to the bottom fetches the second.
      await guests.row("Guest N000").waitFor();
      expect(await guests.row("Guest N149").count()).toBe(0);
      await page.getByRole("table").evaluate((table) => {
        table.scrollTop = table.scrollHeight;
      });
      await guests.row("Guest N149").waitFor();

      // A filter chip, kept in the address; then saved as a view.
      await guests.button("Filters").click();
      await guests.filterList("status").click({ force: true });
      await page.getByRole("option", { name: "Confirmed", exact: true }).click();
      await page.keyboard.press("Escape");
      await guests.sees("Status: Confirmed");
      await guests.sees("50 guests");
      // A filter added to "All" is no longer "All": no preset looks selected, the bar says the view is modified.
      expect(await page.getByRole("radio", { name: "All", exact: true }).isChecked()).toBe(false);
      await page.getByTestId("view-modified").getByText("Modified view").waitFor();
      // At 1280 px the columns fit inside the table, headers and rows alike.
      const tableBox = (await page.getByRole("table").boundingBox())!;
      for (const cell of [page.getByRole("columnheader").last(), guests.row("Guest N000").getByRole("cell").last()]) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(tableBox.x + tableBox.width);
      }
      expect(guests.url().searchParams.get("status")).toBe("confirmed");
      await guests.button("Save this view").click();
      await page.getByLabel("Name of the view").fill("Confirmés");
      await guests.button("Save", page.getByRole("dialog")).click();
      await guests.button("Confirmés").waitFor();
      await guests.button("Clear the filters").click();
      await guests.sees("150 guests");
      await guests.button("Confirmés").click();
      await guests.sees("50 guests");
      // Deleting asks first; cancelled, the view stays.
      await guests.button("Delete the view Confirmés").click();
      const confirm = page.getByRole("dialog", { name: "Delete this view?" });
      await confirm.getByText("The view “Confirmés” will be deleted.", { exact: false }).waitFor();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      await guests.button("Confirmés").waitFor();
      await guests.button("Delete the view Confirmés").click();
      await page.getByRole("dialog", { name: "Delete this view?" }).getByRole("button", { name: "Delete" }).click();
      await page.getByRole("button", { name: "Confirmés", exact: true }).waitFor({ state: "detached" });

      // A custom field column, kept for this event on this browser.
      await guests.button("Columns").click();
      await page.getByRole("checkbox", { name: "Nuits", exact: true }).check();
      await page.keyboard.press("Escape");
      await page.getByRole("columnheader", { name: "Nuits" }).waitFor();
      await page.reload();
      await page.getByRole("columnheader", { name: "Nuits" }).waitFor();

      // Adding a guest: the custom field is checked by the same rules as the API.
      await guests.button("Add a guest").click();
      await page.getByLabel("First name", { exact: true }).fill("Zoé");
      await page.getByLabel("Last name", { exact: true }).fill("Lefèvre");
      await page.getByLabel("Email", { exact: true }).fill("zoe@example.com");
      await page.getByRole("textbox", { name: "Nuits" }).fill("-2");
      await page.getByLabel("Companions expected").fill("-1");
      await guests.button("Add the guest").click();
      expect(await page.getByText("The number can't be negative.").count()).toBe(2);
      await page.getByRole("textbox", { name: "Nuits" }).fill("3");
      await page.getByLabel("Companions expected").fill("1");
      await guests.button("Add the guest").click();
      await guests.sees("The guest has been saved.");
      await page.waitForURL((url) => url.pathname.startsWith(`${guests.base}/view/`));

      // Two guests selected and deleted.
      await page.getByRole("link", { name: "Back to the guests" }).click();
      await guests.sees("151 guests");
      await guests.search("lefevre");
      await guests.waitForRows(["Zoé Lefèvre"]);
      await guests.search("N14");
      await guests.waitForRows(Array.from({ length: 10 }, (_, i) => `Guest N14${i}`));
      await page.getByRole("checkbox", { name: "Select Guest N140" }).check();
      await page.getByRole("checkbox", { name: "Select Guest N141" }).check();
      await guests.sees("2 selected");
      await guests.button("Delete the selection").click();
      await guests.button("Delete", page.getByRole("dialog")).click();
      await guests.waitForRows(Array.from({ length: 8 }, (_, i) => `Guest N14${i + 2}`));
      expect((await api.get(`/api/v1/events/${account.id}/${event.id}/users?search=n14`)).body.pagination.total).toBe(
        8,
      );

      // The export of the current view, with the chosen columns.
      await guests.button("Export").click();
      const href = await page.getByRole("menuitem", { name: "CSV of this view" }).getAttribute("href");
      const exported = await page.request.get(new URL(href!, server.baseUrl).toString());
      expect(exported.status()).toBe(200);
      const csv = await exported.text();
      expect(csv).toContain("Guest");
      expect(csv).toContain("N142");
      expect(csv).not.toContain("N140");
      expect(csv).not.toContain("N001");
    });
    await context.close();
  });
});

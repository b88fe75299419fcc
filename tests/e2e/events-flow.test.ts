import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { Event } from "../../api/src/models/Event.ts";
import { buildAccount, buildUser } from "../helpers/factories.ts";
import { buildGuest } from "../helpers/guests.ts";
import { EventsPages } from "./pages/EventsPages.ts";

const ORIGINAL = "Harbour Summit 2027";
const COPY = "Harbour Summit Encore";

describe.skipIf(!shouldRunE2e())("an organizer creates, duplicates, archives and finds events", () => {
  const e2e = useE2eEnvironment();

  it("creates with a live slug check, duplicates, archives the copy, filters and searches", async () => {
    const { server, browser } = e2e;
    const account = await buildAccount(server.db, { name: "Harbour Events" });
    await buildUser(server.db, {
      accountId: account.id,
      role: "organizer",
      email: "ona@example.com",
      firstName: "Ona",
      lastName: "Reyes",
    });

    const context = await browser.newContext();
    const page = await context.newPage();
    const events = new EventsPages(page, server.baseUrl);

    await screenshotOnFailure(page, "events-flow", async () => {
      await signInAs(page, server.baseUrl, "ona@example.com", "/manage/events");
      await events.sees("No events yet. Create your first event to get started.");

      // Create: the slug follows the name, with the public address previewed live.
      await events.button("Create an event").click();
      const dialog = events.dialog();
      await events.field("Name", dialog).fill(ORIGINAL);
      expect(await events.field("Public address (URL)", dialog).inputValue()).toBe("harbour-summit-2027");
      expect(await events.slugPreview().innerText()).toBe(
        `Guests will find the event at ${server.baseUrl}/harbour-summit-2027`,
      );
      // A reserved slug and a malformed one are refused as they are typed.
      await events.field("Public address (URL)", dialog).fill("admin");
      await dialog.getByText("This URL is reserved.").waitFor();
      await events.field("Public address (URL)", dialog).fill("harbour summit");
      await dialog.getByText("The URL must have 3 to 50 characters: lowercase letters, digits and dashes.").waitFor();
      await events.field("Public address (URL)", dialog).fill("harbour-summit-2027");
      // Typing the slug stops the name from driving it.
      await events.field("Name", dialog).fill(`${ORIGINAL} `);
      expect(await events.field("Public address (URL)", dialog).inputValue()).toBe("harbour-summit-2027");
      await events.field("Name", dialog).fill(ORIGINAL);
      await events.field("Start", dialog).fill("2027-06-10T09:00");
      await events.field("End", dialog).fill("2027-06-11T18:00");
      await events.button("Create the event").click();
      await events.waitForPath(/^\/manage\/events\/[0-9a-f-]{36}\/settings\/description$/);
      await page.getByRole("heading", { name: ORIGINAL }).waitFor();
      await page.getByRole("tab", { name: "Guests" }).waitFor();

      // Back to the list, where the card counts the event's guests (and its capacity once set).
      const created = await Event.query(server.db).findOne({ slug: "harbour-summit-2027" }).throwIfNotFound();
      for (const status of ["confirmed", "unanswered", "refused"] as const)
        await buildGuest(server.db, created, { status });
      await Event.query(server.db).patch({ maxAttendees: 250 }).where({ id: created.id });
      await page.getByRole("link", { name: "All events" }).click();
      await events.waitForListed([ORIGINAL]);
      expect(await events.card(ORIGINAL).getByTestId("event-guest-counts").innerText()).toBe(
        "3 guests · 1 of 250 confirmed",
      );

      // Duplicate, first with a slug that is taken (the API refuses it).
      await events.act(ORIGINAL, "Duplicate");
      const duplicate = events.dialog();
      expect(await events.field("Name", duplicate).inputValue()).toBe(`${ORIGINAL} (copy)`);
      await events.field("Name", duplicate).fill(COPY);
      expect(await events.field("Public address (URL)", duplicate).inputValue()).toBe("harbour-summit-encore");
      await events.field("Public address (URL)", duplicate).fill("harbour-summit-2027");
      await duplicate.getByRole("button", { name: "Duplicate", exact: true }).click();
      await duplicate.getByText("This URL is already used by another event.").waitFor();
      await events.field("Public address (URL)", duplicate).fill("harbour-summit-encore");
      await duplicate.getByRole("button", { name: "Duplicate", exact: true }).click();
      await events.sees(`${COPY} has been created as a copy.`);
      await events.waitForListed([ORIGINAL, COPY]);

      // Archive the copy: it leaves the "all" list.
      await events.act(COPY, "Archive");
      await events.sees(`${COPY} has been archived.`);
      await events.waitForListed([ORIGINAL]);

      // The archived filter shows the copy only, and says so in the address.
      await events.filter("Archived");
      await events.waitForListed([COPY]);
      expect(events.url().searchParams.get("filter")).toBe("archived");
      await events.card(COPY).getByText("Archived", { exact: true }).waitFor();

      // "All" is every event that is not archived.
      await events.filter("All");
      await events.waitForListed([ORIGINAL]);
      expect(events.url().searchParams.get("filter")).toBeNull();

      // Search by name (debounced, shared through the address).
      await events.search("encore");
      await events.sees("Nothing matches this search.");
      expect(events.url().searchParams.get("search")).toBe("encore");
      await events.filter("Archived");
      await events.waitForListed([COPY]);
      await events.search("summit 2027");
      await events.sees("Nothing matches this search.");
      await events.filter("All");
      await events.waitForListed([ORIGINAL]);

      // The address alone reproduces the view.
      await page.goto(new URL("/manage/events?filter=archived&search=harbour", server.baseUrl).toString());
      await events.waitForListed([COPY]);

      // On a phone the status badges are whole: the name is what gets shortened.
      await page.setViewportSize({ width: 360, height: 740 });
      for (const badge of await events.card(COPY).locator(".mantine-Badge-label").all()) {
        const cut = await badge.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
        expect(cut, await badge.innerText()).toBe(false);
      }
    });
    await context.close();
  });
});

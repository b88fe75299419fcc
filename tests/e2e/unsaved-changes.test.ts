import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount, buildUser } from "../helpers/factories.ts";
import { EventsPages } from "./pages/EventsPages.ts";

describe.skipIf(!shouldRunE2e())("unsaved settings and stale messages", () => {
  const e2e = useE2eEnvironment();

  it("asks before a tab switch drops unsaved settings, and drops a message once its fields change", async () => {
    const { server, browser } = e2e;
    const account = await buildAccount(server.db, { name: "Quay Events" });
    await buildUser(server.db, { accountId: account.id, role: "overseer", email: "quinn@example.com" });
    const event = await buildEvent(server.db, account.id, { name: "Quay Forum" });
    const context = await browser.newContext();
    const page = await context.newPage();
    const events = new EventsPages(page, server.baseUrl);
    const settings = `/manage/events/${event.id}/settings`;

    await screenshotOnFailure(page, "unsaved-changes", async () => {
      await signInAs(page, server.baseUrl, "quinn@example.com", `${settings}/description`);
      const name = events.field("Name");
      await name.fill("Quay Forum 2027");

      // Another tab: asked first; staying keeps the typed name.
      await page.getByRole("tab", { name: "Dates", exact: true }).click();
      const question = page.getByRole("dialog", { name: "Unsaved changes" });
      await question.getByText("Your changes on this page have not been saved. Leave without saving them?").waitFor();
      await question.getByRole("button", { name: "Stay on the page" }).click();
      await question.waitFor({ state: "detached" });
      expect(new URL(page.url()).pathname).toBe(`${settings}/description`);
      expect(await name.inputValue()).toBe("Quay Forum 2027");

      // Leaving drops them, as asked.
      await page.getByRole("tab", { name: "Dates", exact: true }).click();
      await question.getByRole("button", { name: "Leave without saving" }).click();
      await events.waitForPath(`${settings}/dates`);
      await page.getByRole("tab", { name: "Description", exact: true }).click();
      await events.waitForPath(`${settings}/description`);
      expect(await events.field("Name").inputValue()).toBe("Quay Forum");

      // Saved changes go without a question.
      await events.field("Name").fill("Quay Forum 2028");
      await events.button("Save").click();
      await events.sees("The changes have been saved.");
      await page.getByRole("tab", { name: "Venue", exact: true }).click();
      await events.waitForPath(`${settings}/venue`);
      expect(await page.getByRole("dialog", { name: "Unsaved changes" }).count()).toBe(0);

      // A refusal above a form goes once the fields it was about change.
      await page.getByRole("link", { name: "All events" }).click();
      await events.button("Create an event").click();
      const dialog = events.dialog();
      await dialog.getByRole("button", { name: "Create the event" }).click();
      const incomplete = dialog.getByText("Please complete all fields.");
      await incomplete.waitFor();
      await events.field("Name", dialog).fill("Quay Expo");
      await incomplete.waitFor({ state: "detached" });
    });
    await context.close();
  });
});

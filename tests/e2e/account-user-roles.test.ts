import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildAccount, buildUser } from "../helpers/factories.ts";
import { SignInPages } from "./pages/SignInPages.ts";

describe.skipIf(!shouldRunE2e())("an overseer changes a role and removes a user; an editor only reads the list", () => {
  const e2e = useE2eEnvironment();

  it("shows each action only where the abilities allow it", async () => {
    const { server, browser } = e2e;
    const account = await buildAccount(server.db, { name: "Lakeside Expo" });
    await buildUser(server.db, {
      accountId: account.id,
      role: "overseer",
      email: "olga@example.com",
      firstName: "Olga",
    });
    await buildUser(server.db, {
      accountId: account.id,
      role: "editor",
      email: "eli@example.com",
      firstName: "Eli",
      lastName: "Moss",
    });
    await buildUser(server.db, {
      accountId: account.id,
      role: "reader",
      email: "rene@example.com",
      firstName: "René",
      lastName: "Dupuis",
    });

    const overseerContext = await browser.newContext();
    const page = await overseerContext.newPage();
    const signIn = new SignInPages(page, server.baseUrl);
    await screenshotOnFailure(page, "roles-overseer", async () => {
      await signInAs(page, server.baseUrl, "olga@example.com", "/manage/users");

      // No role select and no remove button on the overseer's own row.
      const ownRow = page.getByRole("row").filter({ hasText: "olga@example.com" });
      await ownRow.waitFor();
      expect(await ownRow.getByRole("button", { name: "Remove" }).count()).toBe(0);

      // Eli becomes an organizer.
      await page.getByRole("combobox", { name: "Role of Eli Moss" }).click();
      await page.getByRole("option", { name: "Organizer" }).click();
      await page.getByText("The role of Eli Moss has been changed.").waitFor();

      // René is removed after confirmation.
      const reneRow = page.getByRole("row").filter({ hasText: "rene@example.com" });
      await reneRow.getByRole("button", { name: "Remove" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
      await reneRow.waitFor({ state: "detached" });

      await page.getByRole("button", { name: "Log out" }).click();
      await signIn.waitForPath("/en/admin");
    });
    await overseerContext.close();

    const editorContext = await browser.newContext();
    const editorPage = await editorContext.newPage();
    await screenshotOnFailure(editorPage, "roles-editor", async () => {
      await signInAs(editorPage, server.baseUrl, "eli@example.com", "/manage/users");
      await editorPage.getByRole("row").filter({ hasText: "olga@example.com" }).waitFor();
      // Eli is an organizer now: still no user management.
      expect(await editorPage.getByRole("button", { name: "Invite a user" }).count()).toBe(0);
      expect(await editorPage.getByRole("button", { name: "Remove" }).count()).toBe(0);
      await editorPage.getByRole("row").filter({ hasText: "eli@example.com" }).getByText("Organizer").waitFor();
    });
    await editorContext.close();
  });
});

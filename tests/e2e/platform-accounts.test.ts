import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { SIGN_IN_LABELS, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD } from "../helpers/factories.ts";
import { SignInPages } from "./pages/SignInPages.ts";

describe.skipIf(!shouldRunE2e())("a platform administrator sets up an account and its first user", () => {
  const e2e = useE2eEnvironment();

  it("creates an account, changes its limits, invites its overseer and finds them among the administrators", async () => {
    const { server, browser } = e2e;
    await buildAccount(server.db, { name: "Existing Customer" });
    await buildUser(server.db, {
      accountId: null,
      role: "administrator",
      email: "root@example.com",
      firstName: "Paula",
      lastName: "Platform",
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const signIn = new SignInPages(page, server.baseUrl);

    await screenshotOnFailure(page, "platform-accounts", async () => {
      await signIn.open("/admin");
      await signIn.signIn(SIGN_IN_LABELS.en, "root@example.com", DEFAULT_PASSWORD);
      await signIn.waitForPath("/manage/platform/accounts");
      await page.getByRole("row").filter({ hasText: "Existing Customer" }).waitFor();

      // Create an account with a limit of two organizers.
      await signIn.button("Create an account").click();
      let dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name", { exact: true }).fill("Harbour Conference");
      await dialog.getByLabel("Max organizers", { exact: true }).fill("2");
      await dialog.getByRole("button", { name: "Create an account" }).click();
      await page.getByText("The account Harbour Conference has been saved.").waitFor();
      const row = page.getByRole("row").filter({ hasText: "Harbour Conference" });
      expect(await row.getByRole("cell").nth(1).innerText()).toBe("2");

      // Turn two-factor sign-in on.
      await row.getByRole("button", { name: "Edit" }).click();
      dialog = page.getByRole("dialog");
      await dialog.getByLabel("Two-factor sign-in").check({ force: true });
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await row.getByRole("cell").nth(5).innerText()).toBe("Yes");

      // Invite the account's overseer from its users page.
      await row.getByRole("link", { name: "Users" }).click();
      await page.getByRole("heading", { name: "Users of Harbour Conference" }).waitFor();
      await signIn.button("Invite a user").click();
      dialog = page.getByRole("dialog");
      await dialog.getByLabel("Email", { exact: true }).fill("hana@example.com");
      await dialog.getByLabel("First name", { exact: true }).fill("Hana");
      await dialog.getByLabel("Last name", { exact: true }).fill("Berg");
      await dialog.getByRole("combobox", { name: "Role" }).click();
      await page.getByRole("option", { name: "Overseer" }).click();
      await dialog.getByRole("button", { name: "Send the invitation" }).click();
      await page.getByRole("row").filter({ hasText: "hana@example.com" }).waitFor();
      await server.mailbox.waitFor("hana@example.com", { timeoutMs: 15_000 });

      // Every user of the platform: search, then the user's accounts.
      await page.getByRole("link", { name: "Administrators" }).click();
      await page.getByRole("heading", { name: "Administrators", exact: true }).waitFor();
      await page.getByPlaceholder("Search by name or email").fill("hana");
      const hana = page.getByRole("row").filter({ hasText: "hana@example.com" });
      await hana.waitFor();
      await page.getByRole("row").filter({ hasText: "root@example.com" }).waitFor({ state: "detached" });
      await hana.getByRole("button", { name: "Accounts" }).click();
      await page.getByRole("dialog").getByRole("link", { name: "Harbour Conference" }).waitFor();
    });
    await context.close();
  });
});

import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildAccount, buildUser } from "../helpers/factories.ts";
import { screenshotFor } from "./pages/screenshots.ts";

/**
 * An overseer gives the account its own Stripe test keys in the account settings (issue 14 item 5): the
 * publishable key comes back, the secrets only as "set" with their last four characters, never in the page; the
 * webhook endpoint to give Stripe is shown; the keys of a mode can be removed. A French overseer reads it in
 * French.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the account's Stripe keys on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("sets the test keys, shows the secrets as set without them, and removes them", async () => {
    const { server, browser } = e2e;
    const account = await buildAccount(server.db, { name: "Harbour Fest" });
    await buildUser(server.db, { accountId: account.id, role: "overseer", email: `olga-${kind}@example.com` });
    const context = await browser.newContext();
    const page = await context.newPage();
    const stripePanel = () => page.locator("form").filter({ hasText: "Card payments (Stripe)" });
    await screenshotOnFailure(page, `account-stripe-keys-${kind}`, async () => {
      await signInAs(page, server.baseUrl, `olga-${kind}@example.com`, "/manage/account");
      const panel = page.locator("form").filter({ hasText: "Card payments (Stripe)" });
      await panel.waitFor();
      expect(await panel.getByTestId("stripe-webhook-url").textContent()).toBe(
        `${server.baseUrl}/api/v1/payments/stripe/webhook/${account.id}`,
      );
      const test = panel.getByRole("group", { name: "Test mode" });
      await test.getByLabel("Publishable key").fill("pk_test_harbour123");
      await test.getByLabel("Secret key").fill("sk_test_harbour_secret_9876");
      await test.getByLabel("Webhook signing secret").fill("whsec_harbour_4321");
      await panel.getByRole("button", { name: "Save" }).click();
      await page.getByText("The changes have been saved.").waitFor();

      await page.reload();
      const reloaded = page.getByRole("group", { name: "Test mode" });
      await reloaded.getByText("Set (ends with 9876). Type a new one to replace it.").waitFor();
      await reloaded.getByText("Set (ends with 4321). Type a new one to replace it.").waitFor();
      expect(await reloaded.getByLabel("Publishable key").inputValue()).toBe("pk_test_harbour123");
      expect(await reloaded.getByLabel("Secret key").inputValue()).toBe("");
      expect(await page.content()).not.toContain("sk_test_harbour_secret_9876");
      await screenshotFor(page, `account-stripe-keys-${kind}`);

      // A live key in the test fields is refused by the API, under its field.
      await reloaded.getByLabel("Publishable key").fill("pk_live_wrongmode");
      await stripePanel().getByRole("button", { name: "Save" }).click();
      await page.getByRole("alert").or(reloaded.locator(".mantine-InputWrapper-error")).first().waitFor();

      await page.reload();
      await page.getByRole("group", { name: "Test mode" }).getByRole("button", { name: "Remove these keys" }).click();
      const confirm = page.getByRole("dialog", { name: "Remove the keys (Test mode)?" });
      await confirm.getByRole("button", { name: "Remove these keys" }).click();
      await page.getByText("The keys have been removed.").waitFor();
      await page.getByRole("group", { name: "Test mode" }).getByText("Not set.").first().waitFor();
    });
    const stored = await server.db("accountStripeKeys").where({ accountId: account.id, mode: "test" }).first();
    expect(stored?.secretKeyEncrypted ?? null).toBeNull();
    await context.close();
  });
});

import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildAccount, buildUser } from "../helpers/factories.ts";
import { linksIn } from "../helpers/smtp.ts";
import { screenshotFor } from "./pages/screenshots.ts";

/**
 * An overseer adds a sender email (spec §3 sender email): it is pending, a mail with a link reaches the address
 * (the test SMTP sink), the link's page asks before verifying, and back on the Senders screen the address is
 * verified. Adding it again is refused at the field with the spec's message.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("adding a sender on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("adds a sender, verifies it from the mailed link, and refuses it twice", async () => {
    const { server, browser } = e2e;
    const account = await buildAccount(server.db, { name: "Harbour Fest" });
    await buildUser(server.db, { accountId: account.id, role: "overseer", email: `olga-${kind}@example.com` });
    const context = await browser.newContext();
    const page = await context.newPage();
    const address = `events-${kind}@harbour.example`;
    await screenshotOnFailure(page, `senders-${kind}`, async () => {
      await signInAs(page, server.baseUrl, `olga-${kind}@example.com`, "/manage/senders");
      await page.getByText("No sender yet: add the address your campaigns are sent from.").waitFor();
      await page.getByRole("button", { name: "Add a sender", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Add a sender" });
      await dialog.getByRole("textbox", { name: "Email" }).fill(address);
      await dialog.getByRole("textbox", { name: "Name" }).fill("Harbour events");
      await dialog.getByRole("button", { name: "Add and send the link" }).click();
      await page.getByText(`A link has been sent to ${address}: open it to verify the address.`).waitFor();
      const row = page.getByTestId("sender-row").filter({ hasText: address });
      await row.getByText("Pending", { exact: true }).waitFor();

      // The mail, and its link opened in the browser: the page asks first.
      const mail = await server.mailbox.waitFor(address, { timeoutMs: 10_000 });
      expect(mail.subject).toBe(`Confirm ${address} as a sender for Harbour Fest`);
      const link = linksIn(mail).find((candidate) => candidate.includes("/senders/verify/"))!;
      const visitor = await context.newPage();
      await visitor.goto(link);
      await visitor.getByRole("heading", { name: "Confirm this sender address" }).waitFor();
      await visitor.getByText(`Harbour Fest wants to send its email campaigns from ${address}.`).waitFor();
      await visitor.getByRole("button", { name: "Confirm this address" }).click();
      await visitor.getByRole("heading", { name: "The address is verified" }).waitFor();
      await screenshotFor(visitor, `senders-verified-${kind}`);
      await visitor.close();

      await page.reload();
      await page
        .getByTestId("sender-row")
        .filter({ hasText: address })
        .getByText("Verified", { exact: true })
        .waitFor();
      await screenshotFor(page, `senders-${kind}`);

      // The same address again ('sender email already exists'), under the field.
      await page.getByRole("button", { name: "Add a sender", exact: true }).click();
      await dialog.getByRole("textbox", { name: "Email" }).fill(address.toUpperCase());
      await dialog.getByRole("button", { name: "Add and send the link" }).click();
      await dialog.getByText("This sender email already exists.").waitFor();
    });
    expect(await server.db("senderEmails").where({ accountId: account.id })).toHaveLength(1);
    await context.close();
  });
});

import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { SIGN_IN_LABELS, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildAccount, buildUser } from "../helpers/factories.ts";
import { linksIn } from "../helpers/smtp.ts";
import { SignInPages } from "./pages/SignInPages.ts";

describe.skipIf(!shouldRunE2e())("an overseer invites a colleague, who registers from the emailed link", () => {
  const e2e = useE2eEnvironment();

  it("creates the user, emails the invitation, and the invitee signs in with the password they chose", async () => {
    const { server, browser } = e2e;
    const account = await buildAccount(server.db, { name: "Riverside Festival" });
    const overseerEmail = "olivia@example.com";
    await buildUser(server.db, {
      accountId: account.id,
      role: "overseer",
      email: overseerEmail,
      firstName: "Olivia",
      lastName: "Stone",
    });
    const inviteeEmail = "sam.taylor@example.com";

    const overseerContext = await browser.newContext();
    const overseerPage = await overseerContext.newPage();
    const overseer = new SignInPages(overseerPage, server.baseUrl);
    await screenshotOnFailure(overseerPage, "invite-overseer", async () => {
      await signInAs(overseerPage, server.baseUrl, overseerEmail, "/manage/users");
      await overseerPage.getByRole("heading", { name: "Users", exact: true }).waitFor();

      await overseer.button("Invite a user").click();
      const dialog = overseerPage.getByRole("dialog");
      await dialog.getByRole("button", { name: "Send the invitation" }).click();
      await dialog.getByText("Please complete all fields.").waitFor();
      await dialog.getByLabel("Email", { exact: true }).fill(inviteeEmail);
      await dialog.getByLabel("First name", { exact: true }).fill("Sam");
      await dialog.getByLabel("Last name", { exact: true }).fill("Taylor");
      await dialog.getByRole("button", { name: "Send the invitation" }).click();
      await overseerPage.getByText(`An invitation has been emailed to ${inviteeEmail}.`).waitFor();
      const row = overseerPage.getByRole("row").filter({ hasText: inviteeEmail });
      await row.getByText("Invitation pending").waitFor();
    });

    const mail = await server.mailbox.waitFor(inviteeEmail, { timeoutMs: 15_000 });
    const registerLink = linksIn(mail).find((link) => link.includes("/admin/register-admin?token="));
    expect(registerLink, `a registration link in: ${mail.text ?? ""}`).toBeDefined();

    const inviteeContext = await browser.newContext();
    const inviteePage = await inviteeContext.newPage();
    const invitee = new SignInPages(inviteePage, server.baseUrl);
    await screenshotOnFailure(inviteePage, "invite-invitee", async () => {
      await invitee.openEmailedLink(registerLink!);
      await inviteePage.getByRole("heading", { name: "Complete your registration" }).waitFor();
      expect(await invitee.field("Email").inputValue()).toBe(inviteeEmail);
      expect(await invitee.field("First name").inputValue()).toBe("Sam");
      await invitee.field("New password").fill("weak");
      await inviteePage.getByText("The password must have at least 12 characters", { exact: false }).first().waitFor();
      // A password the rule accepts but breach lists hold: the server's reason is shown.
      await invitee.field("New password").fill("Riverside-2025!");
      await invitee.field("Confirm the password").fill("Riverside-2025!");
      await invitee.button("Create my access").click();
      await inviteePage.getByText("This password is among the most often leaked", { exact: false }).first().waitFor();
      const password = "Quay-Lantern-2025!";
      await invitee.field("New password").fill(password);
      await invitee.field("Confirm the password").fill(password);
      await invitee.button("Create my access").click();
      await invitee.waitForPath(/\/admin\/register-success$/);

      await invitee.link("Sign in").click();
      await invitee.signIn(SIGN_IN_LABELS.en, inviteeEmail, password);
      await invitee.waitForPath(/^\/manage\//);
      await inviteePage.getByText("Riverside Festival").first().waitFor();
    });

    // Back on the overseer's list, the invitee is registered now.
    await screenshotOnFailure(overseerPage, "invite-overseer-after", async () => {
      await overseerPage.reload();
      const row = overseerPage.getByRole("row").filter({ hasText: inviteeEmail });
      await row.waitFor();
      expect(await row.getByText("Invitation pending").count()).toBe(0);
    });
    await overseerContext.close();
    await inviteeContext.close();
  });
});

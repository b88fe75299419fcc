import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { SIGN_IN_LABELS, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD } from "../helpers/factories.ts";
import { SignInPages } from "./pages/SignInPages.ts";

const SPANISH = SIGN_IN_LABELS.es;

describe.skipIf(!shouldRunE2e())("two-factor sign-in in Spanish: the emailed code completes the sign-in", () => {
  const e2e = useE2eEnvironment();

  it("asks for the code, refuses a wrong one, accepts the emailed one", async () => {
    const { server, browser } = e2e;
    const account = await buildAccount(server.db, { name: "Feria del libro", twoFactorEnabled: true });
    const email = "lucia@example.com";
    await buildUser(server.db, { accountId: account.id, role: "organizer", email, language: "es" });
    const context = await browser.newContext();
    const page = await context.newPage();
    const signIn = new SignInPages(page, server.baseUrl);

    await screenshotOnFailure(page, "two-factor", async () => {
      await signIn.open("/es/admin");
      await signIn.signIn(SPANISH, email, DEFAULT_PASSWORD);
      await signIn.waitForPath("/es/admin/sending-token");
      const mail = await server.mailbox.waitFor(email, { timeoutMs: 15_000 });
      const code = /\b(\d{6})\b/.exec(mail.text ?? "")?.[1];
      expect(code, `a 6-digit code in: ${mail.text ?? ""}`).toBeDefined();
      await page.getByText(`Hemos enviado un código de 6 cifras a ${email}`, { exact: false }).waitFor();

      const wrongCode = code === "000000" ? "111111" : "000000";
      await page.getByRole("textbox").first().click();
      await page.keyboard.type(wrongCode);
      await signIn.button(SPANISH.submit).click();
      await signIn.alertSaying("Este código no es válido o ha caducado.");

      await page.getByRole("textbox").first().click();
      await page.keyboard.type(code!);
      await signIn.button(SPANISH.submit).click();
      await signIn.waitForPath(/^\/manage\//);
      await page.getByRole("heading", { name: "Eventos", exact: true }).waitFor();
    });
    await context.close();
  });
});

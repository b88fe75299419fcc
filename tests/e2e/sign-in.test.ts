import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { SIGN_IN_LABELS, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD } from "../helpers/factories.ts";
import { linksIn } from "../helpers/smtp.ts";
import { SignInPages } from "./pages/SignInPages.ts";

const FRENCH = SIGN_IN_LABELS.fr;

describe.skipIf(!shouldRunE2e())(
  "sign-in app in French: wrong password, forgotten password, new password, back-office",
  () => {
    const e2e = useE2eEnvironment();
    let context: BrowserContext;

    beforeAll(async () => {
      context = await e2e.browser.newContext({ locale: "fr-FR" });
    });

    afterAll(async () => {
      await context?.close();
    });

    it("signs in again with a password reset through the emailed link", async () => {
      const { server } = e2e;
      const account = await buildAccount(server.db, { name: "Salon du livre" });
      const email = "camille.martin@example.com";
      await buildUser(server.db, {
        accountId: account.id,
        role: "organizer",
        email,
        language: "fr",
        firstName: "Camille",
        lastName: "Martin",
      });
      const page = await context.newPage();
      const signIn = new SignInPages(page, server.baseUrl);

      await screenshotOnFailure(page, "sign-in", async () => {
        await signIn.open("/fr/admin");
        expect(await page.getAttribute("html", "lang")).toBe("fr");

        // Nothing typed: the banner asks for every field.
        await signIn.button(FRENCH.submit).click();
        expect(await signIn.alertSaying("Veuillez remplir tous les champs.")).toBe("Veuillez remplir tous les champs.");

        // A wrong password: the API's message, in French.
        await signIn.signIn(FRENCH, email, "Pas-le-bon-mot2passe");
        expect(await signIn.alertSaying("Email ou mot de passe invalide.")).toBe("Email ou mot de passe invalide.");

        // Forgotten password: the link keeps the language prefix.
        await signIn.link("Mot de passe oublié ?").click();
        await signIn.waitForPath("/fr/admin/forgot-password");
        // The address changes before the screen does: the sign-in form's Email field is still there until then.
        await page.getByRole("heading", { name: "Mot de passe oublié ?" }).waitFor();
        await signIn.field(FRENCH.email).fill(email);
        await signIn.button("Envoyer le lien").click();
        await signIn.waitForPath("/fr/admin/forgot-password-success");

        const mail = await server.mailbox.waitFor(email, { timeoutMs: 15_000 });
        const resetLink = linksIn(mail).find((link) => link.includes("/admin/reset-password?token="));
        expect(resetLink, `a reset link in: ${mail.text ?? ""}`).toBeDefined();
        // A made-up token says so at once, instead of a form that would fail after typing.
        await signIn.open("/fr/admin/reset-password?token=made-up-token-1234567890");
        await page.getByRole("heading", { name: "Ce lien ne peut pas être utilisé" }).waitFor();
        await page.getByText("Ce lien est invalide ou a expiré.").waitFor();
        expect(await page.getByLabel("Nouveau mot de passe").count()).toBe(0);

        await signIn.openEmailedLink(resetLink!);
        await signIn.waitForPath("/fr/admin/reset-password");
        await page.getByText(`Pour ${email}`).waitFor();

        // The confirmation is checked as it is typed.
        const newPassword = "Nouveau-Passe-2024";
        await signIn.field("Nouveau mot de passe").fill(newPassword);
        await signIn.field("Confirmez le mot de passe").fill("Nouveau-Passe-2025");
        await page.getByText("Les mots de passe ne correspondent pas", { exact: true }).waitFor();
        await signIn.field("Confirmez le mot de passe").fill(newPassword);
        await page.getByText("Les mots de passe ne correspondent pas", { exact: true }).waitFor({ state: "detached" });
        await signIn.button("Enregistrer le mot de passe").click();
        await signIn.waitForPath("/fr/admin/reset-password-success");

        // Back to the sign-in page, then into the back-office with the new password.
        await signIn.link(FRENCH.submit).click();
        await signIn.waitForPath("/fr/admin");
        await signIn.signIn(FRENCH, email, newPassword);
        await signIn.waitForPath(/^\/manage\//);
        await page.getByRole("heading", { name: "Événements", exact: true }).waitFor();
        await page.getByText("Salon du livre").first().waitFor();
        expect(await page.getAttribute("html", "lang")).toBe("fr");
      });
    });

    it("asks which account to open when one password opens two of them", async () => {
      const { server } = e2e;
      const email = "lea.bernard@example.com";
      for (const name of ["Festival des lumières", "Biennale du design"]) {
        const account = await buildAccount(server.db, { name });
        await buildUser(server.db, { accountId: account.id, role: "organizer", email, language: "fr" });
      }
      const page = await context.newPage();
      const signIn = new SignInPages(page, server.baseUrl);

      await screenshotOnFailure(page, "sign-in-account-choice", async () => {
        await signIn.open("/fr/admin");
        await signIn.signIn(FRENCH, email, DEFAULT_PASSWORD);
        await signIn.alertSaying("choisissez celui à ouvrir");
        const choice = page.getByRole("radiogroup", { name: "Compte" });
        await choice.getByRole("radio", { name: "Festival des lumières" }).waitFor();
        await choice.getByRole("radio", { name: "Biennale du design" }).check();
        await signIn.button(FRENCH.submit).click();
        await signIn.waitForPath(/^\/manage\//);
        await page.getByText("Biennale du design").first().waitFor();
        expect(await page.getByText("Festival des lumières").count()).toBe(0);
      });
    });
  },
);

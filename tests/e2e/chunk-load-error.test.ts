import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { useE2eEnvironment } from "../helpers/e2e.ts";

describe.skipIf(!shouldRunE2e())("a back-office chunk that cannot be loaded", () => {
  const e2e = useE2eEnvironment();

  it("shows the chunk load error with a button that reloads the page", async () => {
    const { server, browser } = e2e;
    const context = await browser.newContext();
    const page = await context.newPage();
    // The sign-in app loads; the lazily loaded back-office does not (a deploy removed it, the network dropped).
    await page.route(/\/assets\/ManageApp-[^/]+\.js$/, (route) => route.abort("connectionreset"));
    await screenshotOnFailure(page, "chunk-load-error", async () => {
      await page.goto(`${server.baseUrl}/manage`);
      await page
        .getByText("Part of the application could not be loaded. Check your connection and reload the page.")
        .waitFor();
      await page.unroute(/\/assets\/ManageApp-[^/]+\.js$/);
      await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Refresh the page" }).click()]);
      // After the reload the chunk loads: an anonymous visitor is sent to sign in.
      await page.waitForURL((url) => url.pathname.endsWith("/admin"));
    });
    await context.close();
  });
  it("downloads only the page's language, and says in it when that language cannot be loaded", async () => {
    const { server, browser } = e2e;
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    const catalogue = /\/assets\/(en|fr|es)-[^/]+\.js$/;
    const requested: string[] = [];
    page.on("request", (request) => {
      const language = catalogue.exec(request.url())?.[1];
      if (language) requested.push(language);
    });
    await page.route(catalogue, (route) => route.abort("connectionreset"));
    await screenshotOnFailure(page, "catalogue-load-error", async () => {
      await page.goto(`${server.baseUrl}/fr/admin`);
      // The error messages travel with the app: the page still speaks French.
      await page
        .getByText(
          "Une partie de l'application n'a pas pu être chargée. Vérifiez votre connexion et rechargez la page.",
        )
        .waitFor();
      await page.unroute(catalogue);
      await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Actualiser la page" }).click()]);
      await page.getByRole("button", { name: "Se connecter" }).waitFor();
    });
    expect(new Set(requested)).toEqual(new Set(["fr"]));
    await context.close();
  });
});

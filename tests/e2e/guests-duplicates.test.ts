import { describe, expect, it } from "vitest";
import { Guest } from "../../api/src/models/Guest.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { sessionTokenFor } from "../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../helpers/guests.ts";
import { DuplicatesPages } from "./pages/DuplicatesPages.ts";
import { screenshotFor } from "./pages/screenshots.ts";

describe.skipIf(!shouldRunE2e()).each(databaseKinds())("an organizer fixes duplicate guests on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("ignores a pair for good, merges another into the guest chosen, keeping both guests' answers and companions", async () => {
    const { server, browser } = e2e;
    const { account, organizer, event } = await buildOrganizerEvent(server, { email: "orla@example.com" });
    const diet = await buildCustomField(server.db, event, { name: "Régime", label: "Régime" });
    const nights = await buildCustomField(server.db, event, { name: "Nuits", label: "Nuits", type: "number" });

    // Same email but for case and spaces: each has an answer and a companion the other lacks.
    const zoe = await buildGuest(server.db, event, {
      firstName: "Zoé",
      lastName: "Lefèvre",
      email: "zoe.lefevre@example.com",
      company: "Café Crème",
      companionsExpected: 1,
      answers: { [diet.id]: "Végétarien" },
    });
    const zoeAgain = await buildGuest(server.db, event, {
      firstName: "Zoé",
      lastName: "Lefèvre-Martin",
      email: "  ZOE.Lefevre@Example.COM ",
      status: "confirmed",
      companionsExpected: 2,
      answers: { [nights.id]: 2 },
    });
    const hugo = await buildGuest(server.db, event, {
      firstName: "Hugo",
      lastName: "Martin",
      email: "hugo@example.com",
      godfatherId: zoe.id,
    });
    const lea = await buildGuest(server.db, event, {
      firstName: "Léa",
      lastName: "Martin",
      email: "lea@example.com",
      godfatherId: zoeAgain.id,
    });
    // Same first and last name but for accents and case: two different people, as the organizer knows.
    const jose = await buildGuest(server.db, event, { firstName: "José", lastName: "Núñez", email: "jose@a.example" });
    const joseToo = await buildGuest(server.db, event, { firstName: "JOSE", lastName: "nunez", email: "jn@b.example" });

    const api = server.http.as(await sessionTokenFor(server.db, server.config, organizer));
    const context = await browser.newContext();
    const page = await context.newPage();
    const duplicates = new DuplicatesPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);

    await screenshotOnFailure(page, `guests-duplicates-${kind}`, async () => {
      await signInAs(page, server.baseUrl, "orla@example.com", `${duplicates.base}/duplicates`);
      await duplicates.waitForPairs([
        ["Zoé Lefèvre", "Zoé Lefèvre-Martin"],
        ["José Núñez", "JOSE nunez"],
      ]);
      expect(await duplicates.reasonsOf(duplicates.pairOf("José Núñez"))).toEqual(["Same first and last name"]);
      expect(await duplicates.reasonsOf(duplicates.pairOf("Zoé Lefèvre"))).toEqual(["Same email"]);
      await screenshotFor(page, `duplicates-en-${kind}`);

      // Not the same person: the pair goes, and stays gone after a reload.
      await duplicates.ignoreButton(duplicates.pairOf("José Núñez")).click();
      await duplicates.waitForPairs([["Zoé Lefèvre", "Zoé Lefèvre-Martin"]]);
      await page.reload();
      await duplicates.waitForPairs([["Zoé Lefèvre", "Zoé Lefèvre-Martin"]]);

      // The merge asks first, naming the guest kept and the one folded into it; cancelling changes nothing.
      const pair = duplicates.pairOf("Zoé Lefèvre");
      await duplicates.keepButton(pair, "Zoé Lefèvre-Martin").click();
      const dialog = duplicates.dialog();
      await dialog.getByText("Merge these two guests?").waitFor();
      await dialog.getByText(/Zoé Lefèvre-Martin is kept/).waitFor();
      await screenshotFor(page, `duplicates-confirm-en-${kind}`);
      await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await Guest.query(server.db).findById(zoe.id)).toBeDefined();

      await duplicates.keepButton(pair, "Zoé Lefèvre-Martin").click();
      await dialog.getByRole("button", { name: "Merge", exact: true }).click();
      // A notice says what happened.
      await page.getByText("Zoé Lefèvre was merged into Zoé Lefèvre-Martin.", { exact: true }).waitFor();
      await duplicates.waitForPairs([]);
      await page.getByText("No duplicates found.", { exact: true }).waitFor();
      await page.reload();
      await page.getByText("No duplicates found.", { exact: true }).waitFor();
      await screenshotFor(page, `duplicates-empty-en-${kind}`);
    });
    await context.close();

    // One guest remains, the one chosen, with both guests' answers and companions.
    expect(await Guest.query(server.db).findById(zoe.id)).toBeUndefined();
    const kept = await Guest.query(server.db).findById(zoeAgain.id).throwIfNotFound();
    expect(kept.answers).toEqual({ [diet.id]: "Végétarien", [nights.id]: 2 });
    expect(kept).toMatchObject({ status: "confirmed", companionsExpected: 2, company: "Café Crème" });
    expect((await Guest.query(server.db).findByIds([hugo.id, lea.id])).map((guest) => guest.godfatherId)).toEqual([
      zoeAgain.id,
      zoeAgain.id,
    ]);
    const shown = await api.get(`/api/v1/events/${account.id}/${event.id}/users/${zoeAgain.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ companionsCount: 2, answers: { [diet.id]: "Végétarien", [nights.id]: 2 } });
    const left = await api.get(`/api/v1/events/${account.id}/${event.id}/users?search=lefevre`);
    expect(left.body.data.map((guest: { id: string }) => guest.id)).toEqual([zoeAgain.id]);
    // The ignored pair is still there as guests, and still set aside.
    expect(await Guest.query(server.db).findByIds([jose.id, joseToo.id])).toHaveLength(2);
    expect((await api.get(`/api/v1/events/${account.id}/${event.id}/duplicates`)).body.pagination.total).toBe(0);
  });

  it("shows the screen in French, with its reasons, buttons and confirmation translated", async () => {
    const { server, browser } = e2e;
    const { event } = await buildOrganizerEvent(server, {
      email: "odile@example.com",
      language: "fr",
    });
    await buildGuest(server.db, event, { firstName: "Anaïs", lastName: "Bérard", email: "anais@example.com" });
    await buildGuest(server.db, event, { firstName: "anais", lastName: "BERARD", email: " Anais@Example.com" });

    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    const duplicates = new DuplicatesPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);
    await screenshotOnFailure(page, `guests-duplicates-fr-${kind}`, async () => {
      await signInAs(page, server.baseUrl, "odile@example.com", `${duplicates.base}/duplicates`, { language: "fr" });
      await duplicates.waitForPairs([["Anaïs Bérard", "anais BERARD"]]);
      const pair = duplicates.pairOf("Anaïs Bérard");
      expect(await duplicates.reasonsOf(pair)).toEqual(["Même e-mail", "Mêmes prénom et nom"]);
      await duplicates.ignoreButton(pair, "Pas des doublons").waitFor();
      expect(await pair.getByText("Statut : Sans réponse", { exact: true }).count()).toBe(2);
      await screenshotFor(page, `duplicates-fr-${kind}`);
      await duplicates.keepButton(pair, "Anaïs Bérard", "Garder celui-ci et fusionner").click();
      await duplicates.dialog().getByText("Fusionner ces deux invités ?").waitFor();
      await screenshotFor(page, `duplicates-confirm-fr-${kind}`);
      await duplicates.dialog().getByRole("button", { name: "Annuler", exact: true }).click();
    });
    await context.close();
  });
});

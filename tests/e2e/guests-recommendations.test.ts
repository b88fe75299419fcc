import { describe, expect, it } from "vitest";
import { Guest } from "../../api/src/models/Guest.ts";
import { Recommendation } from "../../api/src/models/Recommendation.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { sessionTokenFor } from "../helpers/factories.ts";
import { buildGuest } from "../helpers/guests.ts";
import { GuestsPages } from "./pages/GuestsPages.ts";
import { RecommendationsPages } from "./pages/RecommendationsPages.ts";
import { screenshotFor } from "./pages/screenshots.ts";

describe.skipIf(!shouldRunE2e()).each(databaseKinds())("an organizer decides on recommendations on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  async function setup(language: "en" | "fr") {
    const { server } = e2e;
    const { account, organizer, event } = await buildOrganizerEvent(server, { language });
    const recommender = await buildGuest(server.db, event, {
      firstName: "Inès",
      lastName: "Moreau",
      email: "ines@example.fr",
    });
    const api = server.http.as(await sessionTokenFor(server.db, server.config, organizer));
    // As a guest recommends people: the guest-side (legacy) endpoint.
    const recommend = (people: object[]) =>
      api.post(`/${event.slug}/recommendations/addRecommendationsJson`, {
        guestId: recommender.id,
        recommendations: people,
      });
    return { account, organizer, event, recommender, api, recommend };
  }

  it("accepts one (a guest from the recommendation, with its prescriber) and refuses another", async () => {
    const { server, browser } = e2e;
    const { account, organizer, event, recommender, api, recommend } = await setup("en");
    const added = await recommend([
      { firstName: "Paul", lastName: "Durand", email: "paul@example.fr", company: "Durand SARL" },
      { email: "anon@example.com" },
    ]);
    expect(added.status).toBe(201);
    const later = await recommend([{ firstName: "Claire", lastName: "Petit", email: "claire@example.fr" }]);
    expect(later.status).toBe(201);
    const [paul, anon] = added.body.data as { id: string }[];

    const context = await browser.newContext();
    const page = await context.newPage();
    const recommendations = new RecommendationsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);
    const guests = new GuestsPages(page, server.baseUrl, recommendations.base);
    let openedGuest: string | undefined;

    await screenshotOnFailure(page, `guests-recommendations-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, `${recommendations.base}/recommendations`);
      // Newest first; who recommended them is shown.
      await recommendations.waitForEmails(["claire@example.fr", "anon@example.com", "paul@example.fr"]);
      await recommendations.row("paul@example.fr").getByText("Inès Moreau", { exact: true }).waitFor();
      await screenshotFor(page, `recommendations-pending-en-${kind}`);

      await recommendations.button(recommendations.row("paul@example.fr"), "Accept").click();
      await recommendations.waitForEmails(["claire@example.fr", "anon@example.com"]);
      // Refusing is asked first: cancelling changes nothing.
      await recommendations.button(recommendations.row("anon@example.com"), "Refuse").click();
      const confirm = page.getByRole("dialog", { name: "Refuse this recommendation?" });
      await confirm.getByText("will not become a guest. This cannot be undone.", { exact: false }).waitFor();
      await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
      await confirm.waitFor({ state: "hidden" });
      await recommendations.waitForEmails(["claire@example.fr", "anon@example.com"]);
      await recommendations.button(recommendations.row("anon@example.com"), "Refuse").click();
      await confirm.getByRole("button", { name: "Refuse", exact: true }).click();
      await recommendations.waitForEmails(["claire@example.fr"]);

      // Each decision is under its own tab, without the buttons; the accepted person links to the guest.
      await recommendations.tab("Accepted").click();
      await recommendations.waitForEmails(["paul@example.fr"]);
      expect(await recommendations.row("paul@example.fr").getByRole("button").count()).toBe(0);
      await screenshotFor(page, `recommendations-accepted-en-${kind}`);
      await recommendations.tab("Refused").click();
      await recommendations.waitForEmails(["anon@example.com"]);
      await screenshotFor(page, `recommendations-refused-en-${kind}`);
      await recommendations.tab("Accepted").click();
      await recommendations.row("paul@example.fr").getByRole("link", { name: "Paul Durand", exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`${recommendations.base}/view/`));
      openedGuest = new URL(page.url()).pathname.split("/").pop();

      // The new guest is in the list.
      await guests.open();
      await guests.search("durand");
      await guests.waitForRows(["Paul Durand"]);
    });
    await context.close();

    const decided = await Recommendation.query(server.db).findByIds([paul!.id, anon!.id]).orderBy("email");
    expect(decided.map((r) => [r.email, r.status])).toEqual([
      ["anon@example.com", "refused"],
      ["paul@example.fr", "accepted"],
    ]);
    expect(decided[0]!.guestId).toBeNull();
    const guest = await Guest.query(server.db).findById(decided[1]!.guestId!).throwIfNotFound();
    expect(openedGuest).toBe(guest.id);
    expect(guest).toMatchObject({
      eventId: event.id,
      firstName: "Paul",
      lastName: "Durand",
      email: "paul@example.fr",
      company: "Durand SARL",
      createdSource: "recommendation",
      prescriber: "Inès Moreau",
    });
    expect(await Guest.query(server.db).where({ eventId: event.id, emailNormalized: "anon@example.com" })).toEqual([]);
    const shown = await api.get(`/api/v1/events/${account.id}/${event.id}/users/${guest.id}`);
    expect(shown.body).toMatchObject({ createdSource: "recommendation", prescriber: "Inès Moreau" });
    const pending = await api.get(`/${event.slug}/recommendations/getRecommendationsJson/${recommender.id}`);
    expect(pending.body.data.map((r: { status: string }) => r.status)).toEqual(["accepted", "refused", "pending"]);
  });

  it("shows the tabs, the table and the empty state in French", async () => {
    const { server, browser } = e2e;
    const { organizer, event, recommend } = await setup("fr");
    expect((await recommend([{ firstName: "Zoé", lastName: "Lefèvre", email: "zoe@example.fr" }])).status).toBe(201);
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    const recommendations = new RecommendationsPages(page, server.baseUrl, `/manage/events/${event.id}/guests`);
    await screenshotOnFailure(page, `guests-recommendations-fr-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, `${recommendations.base}/recommendations`, {
        language: "fr",
      });
      await recommendations.waitForEmails(["zoe@example.fr"]);
      await page.getByRole("columnheader", { name: "Recommandée par", exact: true }).waitFor();
      await recommendations.button(recommendations.row("zoe@example.fr"), "Accepter").waitFor();
      await screenshotFor(page, `recommendations-pending-fr-${kind}`);
      await recommendations.tab("Refusées").click();
      await page.getByText("Aucune recommandation refusée.", { exact: true }).waitFor();
      await screenshotFor(page, `recommendations-empty-fr-${kind}`);
    });
    await context.close();
  });
});

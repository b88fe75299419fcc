import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildGuest } from "../helpers/guests.ts";
import { buildOrder, buildTicket } from "../helpers/orders.ts";
import { screenshotFor } from "./pages/screenshots.ts";

/** Visible text as compared here: no-break spaces as spaces, blank lines dropped. */
const plain = (text: string) =>
  text
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\n\s*\n/g, "\n")
    .trim();
/** A badge's text (shown in capitals by CSS). */
const badge = (label: string) => expect.stringMatching(new RegExp(`^${label}(\n|$)`, "i"));

/** The rows of the table labelled `name`, each as its cells' text. */
async function rowsOf(page: Page, name: string): Promise<string[][]> {
  const table: Locator = page.getByRole("table", { name, exact: true });
  await table.waitFor();
  const rows = await table.locator("tbody tr").all();
  return Promise.all(rows.map(async (row) => (await row.locator("td").allInnerTexts()).map(plain)));
}

describe.skipIf(!shouldRunE2e()).each(databaseKinds())("a guest's tickets and orders on screen on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("shows the tickets a guest holds and the orders they placed, read-only, in French", async () => {
    const { server, browser } = e2e;
    const { event } = await buildOrganizerEvent(server, {
      email: "olga@example.com",
      language: "fr",
    });
    const buyer = await buildGuest(server.db, event, { firstName: "Inès", lastName: "Roux" });
    const friend = await buildGuest(server.db, event, { firstName: "Marc", lastName: "Blanc" });
    const empty = await buildGuest(server.db, event, { firstName: "Paul", lastName: "Vide" });
    const pass = await buildTicket(server.db, event, { caption: "Pass complet", taxPercent: 20 });
    const dinner = await buildTicket(server.db, event, { caption: "Dîner de gala", taxPercent: 10 });
    await buildOrder(server.db, event, {
      guestId: buyer.id,
      status: "partially_refunded",
      orderedAt: new Date("2026-11-02T10:00:00Z"),
      items: [
        { ticket: pass, quantity: 1, unitPriceInclTaxCents: 123_450 },
        { ticket: dinner, holderId: friend.id, quantity: 2, refundedQuantity: 1, unitPriceInclTaxCents: 5_500 },
      ],
    });
    await buildOrder(server.db, event, {
      guestId: buyer.id,
      status: "cancelled",
      orderedAt: new Date("2026-11-01T10:00:00Z"),
      items: [{ ticket: dinner, unitPriceInclTaxCents: 5_500 }],
    });

    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    const base = `/manage/events/${event.id}/guests`;
    await screenshotOnFailure(page, `guests-orders-${kind}`, async () => {
      await signInAs(page, server.baseUrl, "olga@example.com", `${base}/view/${buyer.id}`, { language: "fr" });

      expect(await rowsOf(page, "Billets")).toEqual([
        ["Pass complet", "1", "1 234,50 €\n1 028,75 € HT", badge("Partiellement remboursée")],
      ]);
      const orders = await rowsOf(page, "Commandes");
      expect(orders).toHaveLength(2);
      expect(orders[0]!.slice(1)).toEqual([
        badge("Partiellement remboursée"),
        "1 × Pass complet\n2 × Dîner de gala (1 remboursé)",
        "Carte",
        "1 344,50 €\n1 128,75 € HT",
      ]);
      expect(orders[1]!.slice(1, 3)).toEqual([badge("Annulée"), "1 × Dîner de gala"]);
      await screenshotFor(page, `guest-orders-fr-${kind}`);

      // The friend holds a ticket someone else ordered, and placed no order.
      await page.goto(new URL(`${base}/view/${friend.id}`, server.baseUrl).toString());
      expect(await rowsOf(page, "Billets")).toEqual([
        ["Dîner de gala\nCommandé par un autre invité", "1", "55,00 €\n50,00 € HT", badge("Partiellement remboursée")],
      ]);
      await page.getByText("Cet invité n'a passé aucune commande.", { exact: true }).waitFor();

      await page.goto(new URL(`${base}/view/${empty.id}`, server.baseUrl).toString());
      await page.getByText("Cet invité n'a aucun billet.", { exact: true }).waitFor();
      await page.getByText("Cet invité n'a passé aucune commande.", { exact: true }).waitFor();
    });
    await context.close();
  });
});

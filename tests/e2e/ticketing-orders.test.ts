import { resources } from "@tessera/shared";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Order } from "../../api/src/models/Order.ts";
import { OrderItem } from "../../api/src/models/OrderItem.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { seriousAxeViolations, settle } from "../helpers/deskPage.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildGuest } from "../helpers/guests.ts";
import { billEventBy, buildOrganizer, VALID_SIRET } from "../helpers/invoices.ts";
import { buildOfflinePayment, buildOrder, buildTicket, writeTicketingParams } from "../helpers/orders.ts";
import { screenshotFor } from "./pages/screenshots.ts";

const web = resources.en.web;
const orders = web.ticketing.orders;
const statuses = web.guests.orders.status;

/** The Order history, an order's page and "create order", as an organizer sees them in English. */
class TicketingOrdersPages {
  constructor(
    readonly page: Page,
    /** /manage/events/{id}/ticketing */
    readonly base: string,
  ) {}

  button(name: string, within: Locator | Page = this.page): Locator {
    return within.getByRole("button", { name, exact: true });
  }

  /** A status tab of the history (its name ends with its count). */
  statusTab(label: string): Locator {
    return this.page.getByRole("tab", { name: new RegExp(`^${label}\\s*\\d*$`) });
  }

  /** The count a status tab shows. */
  async countOf(label: string): Promise<string> {
    return (await this.statusTab(label).getByTestId("orders-status-count").innerText()).trim();
  }

  /** The references of the history's rows, in order. */
  async references(): Promise<string[]> {
    await this.page.getByTestId("orders-table").waitFor();
    return (await this.page.getByTestId("order-row").getByRole("link").allInnerTexts()).map((text) => text.trim());
  }

  async waitForReferences(expected: string[]): Promise<void> {
    await expect.poll(() => this.references(), { timeout: 10_000 }).toEqual(expected);
  }

  /** The order page's items, each as its cells' text. */
  async items(): Promise<string[][]> {
    const rows = this.page.getByTestId("order-item");
    await rows.first().waitFor();
    const texts: string[][] = [];
    for (let i = 0; i < (await rows.count()); i++) {
      texts.push(
        (await rows.nth(i).getByRole("cell").allInnerTexts()).map((cell) => cell.replace(/\u00a0/g, " ").trim()),
      );
    }
    return texts;
  }

  status(): Locator {
    return this.page.getByTestId("order-header").getByTestId("order-status");
  }

  dialog(name: string): Locator {
    return this.page.getByRole("dialog", { name });
  }

  /** Picks `option` in a searchable picker of guests after typing `search`. */
  async pickGuest(label: string, search: string, option: string): Promise<void> {
    const box = this.page.getByRole("combobox", { name: label });
    await box.fill(search);
    await this.page.getByRole("option", { name: option }).click();
  }
}

/**
 * Issue 14 (the Order history tab, spec §2, §3 Order, §4 statuses and actions): an organizer reaches the tab from
 * the Tickets tab, sees the orders with the counts of each status, keeps a status and a search in the address,
 * opens a completed order (its items and only the actions its status allows), refuses an empty partial refund and
 * refunds one unit of an item, confirms an order awaiting its payment with a company's billing address (a bad
 * SIRET refused first), and creates an order for a guest, paid, refused first without a ticket.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the Order history on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("lists, filters and searches orders, refunds one item, confirms a payment and creates an order", async () => {
    const { server, browser } = e2e;
    const { db } = server;
    const { account, event, organizer } = await buildOrganizerEvent(server, { email: "olga@example.com" });
    await writeTicketingParams(db, event, { paymentMethods: ["card", "transfer", "desk"], terms: "Terms of sale" });
    await billEventBy(db, event, await buildOrganizer(db, account.id));
    const ines = await buildGuest(db, event, { firstName: "Inès", lastName: "Roux", email: "ines@example.com" });
    const marc = await buildGuest(db, event, { firstName: "Marc", lastName: "Blanc", email: "marc@example.com" });
    const paul = await buildGuest(db, event, {
      firstName: "Paul",
      lastName: "Vidal",
      email: "paul@example.com",
      company: "Vidal Conseil",
    });
    const pass = await buildTicket(db, event, { caption: "Full pass", taxPercent: 20 });
    const dinner = await buildTicket(db, event, { caption: "Gala dinner", taxPercent: 10, priceInclTaxCents: 5_500 });
    const { order: paid, items: paidItems } = await buildOrder(db, event, {
      guestId: ines.id,
      status: "completed",
      orderedAt: new Date("2026-11-02T10:00:00Z"),
      items: [
        { ticket: pass, quantity: 1, unitPriceInclTaxCents: 12_000 },
        { ticket: dinner, holderId: marc.id, quantity: 2, unitPriceInclTaxCents: 5_500 },
      ],
      overrides: { reference: "PAIDAAAA", paymentMethod: "transfer", email: "ines@example.com" },
    });
    await buildOfflinePayment(db, paid);
    const { order: waiting } = await buildOrder(db, event, {
      guestId: marc.id,
      status: "awaiting_payment",
      orderedAt: new Date("2026-11-03T10:00:00Z"),
      items: [{ ticket: pass, quantity: 1, unitPriceInclTaxCents: 12_000 }],
      overrides: { reference: "WAITBBBB", paymentMethod: "transfer" },
    });
    await buildOrder(db, event, {
      guestId: paul.id,
      status: "cancelled",
      orderedAt: new Date("2026-10-01T10:00:00Z"),
      items: [{ ticket: dinner, quantity: 1, unitPriceInclTaxCents: 5_500 }],
      overrides: { reference: "GONECCCC", paymentMethod: "cheque" },
    });

    const context = await browser.newContext({
      viewport: { width: 1280, height: 1000 },
      bypassCSP: true,
      timezoneId: "UTC",
    });
    const page = await context.newPage();
    const ticketing = new TicketingOrdersPages(page, `/manage/events/${event.id}/ticketing`);

    await screenshotOnFailure(page, `ticketing-orders-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, ticketing.base);
      await page.getByRole("tab", { name: web.ticketing.tabs.orders, exact: true }).click();
      await page.waitForURL(/\/ticketing\/orders$/);

      // Newest first, each status counted.
      await ticketing.waitForReferences(["WAITBBBB", "PAIDAAAA", "GONECCCC"]);
      expect(await ticketing.countOf(orders.allStatuses)).toBe("3");
      expect(await ticketing.countOf(statuses.completed)).toBe("1");
      expect(await ticketing.countOf(statuses.awaiting_payment)).toBe("1");
      expect(await ticketing.countOf(statuses.refunded)).toBe("0");
      const paidRow = page.getByTestId("order-row").filter({ hasText: "PAIDAAAA" });
      await paidRow.filter({ hasText: "Inès Roux" }).filter({ hasText: "ines@example.com" }).waitFor();
      await paidRow.filter({ hasText: "€230.00" }).filter({ hasText: statuses.completed }).waitFor();
      await settle(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotFor(page, `ticketing-orders-${kind}`);

      // A status kept in the address, through a reload; the export links carry it.
      await ticketing.statusTab(statuses.awaiting_payment).click();
      await page.waitForURL(/status=awaiting_payment/);
      await ticketing.waitForReferences(["WAITBBBB"]);
      await page.reload();
      await ticketing.waitForReferences(["WAITBBBB"]);
      await ticketing.button(orders.export).click();
      const csv = await page.getByRole("menuitem", { name: orders.exportCsv }).getAttribute("href");
      expect(csv).toBe(`/api/v1/events/${account.id}/${event.id}/orders/export?format=csv&status=awaiting_payment`);
      await page.keyboard.press("Escape");

      // A search on every status (the counts follow the search), then a date range.
      await ticketing.statusTab(orders.allStatuses).click();
      await page.getByRole("textbox", { name: orders.search }).fill("Vidal");
      await page.waitForURL(/search=Vidal/);
      await ticketing.waitForReferences(["GONECCCC"]);
      expect(await ticketing.countOf(orders.allStatuses)).toBe("1");
      await page.getByRole("textbox", { name: orders.search }).fill("");
      await ticketing.waitForReferences(["WAITBBBB", "PAIDAAAA", "GONECCCC"]);
      await page.getByLabel(orders.dateFrom).fill("2026-11-02");
      await ticketing.waitForReferences(["WAITBBBB", "PAIDAAAA"]);
      await page.getByLabel(orders.dateFrom).fill("");
      await ticketing.waitForReferences(["WAITBBBB", "PAIDAAAA", "GONECCCC"]);

      // The completed order: its items, a refund and no confirmation.
      await page.getByRole("link", { name: "PAIDAAAA", exact: true }).click();
      await page.waitForURL(new RegExp(`/ticketing/orders/${paid.id}$`));
      await page.getByRole("heading", { name: "Order PAIDAAAA" }).waitFor();
      expect(await ticketing.items()).toEqual([
        ["Full pass", "The buyer", "1", "0", "€100.00", "€120.00", "20%"],
        ["Gala dinner", "Marc Blanc", "2", "0", "€50.00", "€55.00", "10%"],
      ]);
      await expect.poll(() => ticketing.status().innerText()).toMatch(new RegExp(statuses.completed, "i"));
      expect(await ticketing.button(orders.actions.refund).count()).toBe(1);
      expect(await ticketing.button(orders.actions.confirm).count()).toBe(0);
      expect(await ticketing.button(orders.actions.cancel).count()).toBe(0);
      await settle(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotFor(page, `ticketing-order-${kind}`);

      // A partial refund of nothing is refused; one unit of the dinner is refunded.
      await ticketing.button(orders.actions.refund).click();
      const refund = ticketing.dialog("Refund order PAIDAAAA");
      await refund.getByText(orders.refund.partial, { exact: true }).click();
      await ticketing.button(orders.refund.submit, refund).click();
      await refund.getByRole("alert").filter({ hasText: orders.refund.needsItem }).waitFor();
      await refund.getByRole("textbox", { name: "Units of Gala dinner to refund" }).fill("1");
      await settle(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await ticketing.button(orders.refund.submit, refund).click();
      await refund.waitFor({ state: "detached" });
      await expect.poll(() => ticketing.status().innerText()).toMatch(new RegExp(statuses.partially_refunded, "i"));
      await expect.poll(async () => (await ticketing.items())[1]?.[3]).toBe("1");
      await page.getByTestId("order-refund").first().waitFor();
    });
    const dinnerItem = await OrderItem.query(db).findById(paidItems[1]!.id);
    expect(dinnerItem?.refundedQuantity).toBe(1);
    expect((await Order.query(db).findById(paid.id))?.status).toBe("partially_refunded");

    await screenshotOnFailure(page, `ticketing-orders-confirm-${kind}`, async () => {
      // The order awaiting its payment is confirmed with a company's billing address.
      await page.goto(new URL(`${ticketing.base}/orders/${waiting.id}`, server.baseUrl).toString());
      await page.getByRole("heading", { name: "Order WAITBBBB" }).waitFor();
      expect(await ticketing.button(orders.actions.refund).count()).toBe(0);
      await ticketing.button(orders.actions.confirm).click();
      const confirm = ticketing.dialog("Confirm the payment of order WAITBBBB");
      await confirm.getByText(orders.billing.company, { exact: true }).click();
      await confirm.getByRole("textbox", { name: orders.billing.companyName }).fill("Blanc Conseil");
      await confirm.getByRole("textbox", { name: web.ticketing.params.billing.siret }).fill("123");
      await confirm.getByRole("textbox", { name: orders.billing.address }).fill("3 rue Oberkampf");
      await confirm.getByRole("textbox", { name: web.ticketing.params.billing.zip }).fill("75011");
      await confirm.getByRole("textbox", { name: web.ticketing.params.billing.city }).fill("Paris");
      await ticketing.button(orders.actions.confirm, confirm).click();
      await confirm.getByText(resources.en.validation.siret_invalid, { exact: true }).waitFor();
      await confirm.getByRole("textbox", { name: web.ticketing.params.billing.siret }).fill(VALID_SIRET);
      await settle(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await ticketing.button(orders.actions.confirm, confirm).click();
      await confirm.waitFor({ state: "detached" });
      await expect.poll(() => ticketing.status().innerText()).toMatch(new RegExp(statuses.completed, "i"));
      await page.getByTestId("order-billing-kind").filter({ hasText: orders.billing.company }).waitFor();
      await page.getByTestId("order-siret").filter({ hasText: "356 000 000 00048" }).waitFor();
      expect(await ticketing.button(orders.actions.confirm).count()).toBe(0);
    });
    const confirmed = await Order.query(db).findById(waiting.id);
    expect(confirmed).toMatchObject({
      status: "completed",
      billingName: "Blanc Conseil",
      isCompany: true,
      siret: VALID_SIRET,
      zip: "75011",
      city: "Paris",
    });

    await screenshotOnFailure(page, `ticketing-orders-create-${kind}`, async () => {
      // An order for Paul: refused without a ticket, then two passes, paid by cheque.
      await page.goto(new URL(`${ticketing.base}/orders`, server.baseUrl).toString());
      await ticketing.button(orders.newOrder).click();
      await page.waitForURL(/\/ticketing\/orders\/new$/);
      await page.getByRole("heading", { name: orders.create.title }).waitFor();
      await ticketing.button(orders.create.submit).click();
      await page.getByText(orders.create.needsTicket, { exact: true }).waitFor();
      await page.getByText(orders.create.guestRequired, { exact: true }).waitFor();

      await ticketing.pickGuest(orders.create.buyer, "Vidal", "Paul Vidal · paul@example.com");
      await page.getByTestId("order-buyer-picker-picked").filter({ hasText: "Paul Vidal" }).waitFor();
      await page.getByRole("combobox", { name: "Ticket of line 1" }).click();
      await page.getByRole("option", { name: "Full pass", exact: true }).click();
      await page.getByRole("textbox", { name: "Quantity of line 1" }).fill("2");
      // A second line: one dinner that Inès holds.
      await ticketing.button(orders.create.addLine).click();
      await page.getByRole("combobox", { name: "Ticket of line 2" }).click();
      await page.getByRole("option", { name: "Gala dinner", exact: true }).click();
      await ticketing.pickGuest("Holder of line 2 (optional)", "Roux", "Inès Roux · ines@example.com");
      await page.getByRole("combobox", { name: orders.paymentMethod }).click();
      await page.getByRole("option", { name: web.guests.orders.paymentMethod.cheque, exact: true }).click();
      await page.getByRole("switch", { name: orders.create.paid }).click();
      await settle(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotFor(page, `ticketing-order-create-${kind}`);
      await ticketing.button(orders.create.submit).click();

      await page.waitForURL(/\/ticketing\/orders\/[0-9a-f-]{36}$/);
      await page.getByTestId("order-item").first().waitFor();
      // The items in the order they were typed, each holder named.
      expect(await ticketing.items()).toEqual([
        ["Full pass", orders.items.noHolder, "2", "0", "€100.00", "€120.00", "20%"],
        ["Gala dinner", "Inès Roux", "1", "0", "€50.00", "€55.00", "10%"],
      ]);
      await expect.poll(() => ticketing.status().innerText()).toMatch(new RegExp(statuses.completed, "i"));
      await page.getByTestId("order-buyer").filter({ hasText: "Paul Vidal" }).waitFor();
    });
    const created = await Order.query(db).where({ eventId: event.id, guestId: paul.id, status: "completed" });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ paymentMethod: "cheque", totalInclTaxCents: 29_500 });
    const createdItems = await OrderItem.query(db).where({ orderId: created[0]!.id }).orderBy("quantity");
    expect(createdItems.map((item) => [item.ticketId, item.quantity, item.holderGuestId])).toEqual([
      [dinner.id, 1, ines.id],
      [pass.id, 2, null],
    ]);
    await context.close();
  });
});

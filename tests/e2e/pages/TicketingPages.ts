import { resources } from "@tessera/shared";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

const web = resources.en.web;

/** An event's Ticketing section as an organizer sees it: the Tickets tab's categories and tickets. */
export class TicketingPages {
  constructor(
    readonly page: Page,
    /** /manage/events/{id}/ticketing */
    readonly base: string,
  ) {}

  button(name: string, within: Locator | Page = this.page): Locator {
    return within.getByRole("button", { name, exact: true });
  }

  /** The top-level categories' names, in the order shown. */
  async categoryNames(): Promise<string[]> {
    const rows = this.page.getByTestId("ticket-category");
    return (await rows.allInnerTexts()).map((text) => text.trim());
  }

  /** Adds a category with its name (and the colour proposed). */
  async createCategory(name: string): Promise<void> {
    await this.button(web.ticketing.categories.create).click();
    const dialog = this.page.getByRole("dialog", { name: web.ticketing.categories.createTitle });
    await dialog.getByLabel(web.ticketing.categories.name).fill(name);
    await this.button(web.ticketing.categories.create, dialog).click();
    await dialog.waitFor({ state: "detached" });
    await this.page.getByTestId("ticket-category").filter({ hasText: name }).waitFor();
  }

  /** What dnd-kit's live region last told a screen reader. */
  liveRegion(): Locator {
    return this.page.locator('[id^="DndLiveRegion"]');
  }

  /**
   * Picks the second category up by its handle with the keyboard, moves it to the top and drops it. ArrowUp is
   * pressed until the row is drawn on top: dnd-kit starts reading the arrows a moment after the pick-up is
   * announced, and further presses at the top do nothing.
   */
  async moveSecondCategoryToTop(name: string, count: number): Promise<void> {
    const handle = this.page.getByRole("button", { name: `Move the category ${name}`, exact: true });
    const first = this.page.getByTestId("ticket-category").first();
    await handle.focus();
    await this.page.keyboard.press("Space");
    await expect
      .poll(() => this.liveRegion().textContent())
      .toBe(`Picked up the category ${name}. Position 2 of ${count}.`);
    await expect
      .poll(async () => {
        await this.page.keyboard.press("ArrowUp");
        return ((await handle.boundingBox())?.y ?? 0) < ((await first.boundingBox())?.y ?? 0);
      })
      .toBe(true);
    await this.page.keyboard.press("Space");
    await expect
      .poll(() => this.liveRegion().textContent())
      .toBe(`The category ${name} was moved to position 1 of ${count}.`);
  }

  ticketDrawer(): Locator {
    return this.page.getByRole("dialog", { name: web.ticketing.tickets.createTitle });
  }

  ticketRow(caption: string): Locator {
    return this.page.getByTestId("tickets-table").getByRole("row").filter({ hasText: caption });
  }
}

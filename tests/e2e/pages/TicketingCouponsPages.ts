import { resources } from "@tessera/shared";
import type { Locator, Page } from "playwright-core";

const web = resources.en.web;

/** An event's Ticketing section, Coupons tab, as an organizer sees it in English. */
export class TicketingCouponsPages {
  constructor(
    readonly page: Page,
    /** /manage/events/{id}/ticketing */
    readonly base: string,
  ) {}

  button(name: string, within: Locator | Page = this.page): Locator {
    return within.getByRole("button", { name, exact: true });
  }

  tab(name: string): Locator {
    return this.page.getByRole("tab", { name, exact: true });
  }

  drawer(title: string = web.ticketing.coupons.createTitle): Locator {
    return this.page.getByRole("dialog", { name: title });
  }

  /** The drawer's text field of this label (its accessible name: a required field's asterisk is not part of it). */
  field(drawer: Locator, label: string): Locator {
    return drawer.getByRole("textbox", { name: label, exact: true });
  }

  row(code: string): Locator {
    return this.page.getByTestId("coupon-row").filter({ hasText: code });
  }

  /** The list's rows, each cell's text. */
  async rows(): Promise<string[][]> {
    const rows = this.page.getByTestId("coupon-row");
    const texts: string[][] = [];
    for (let i = 0; i < (await rows.count()); i++) texts.push(await rows.nth(i).getByRole("cell").allTextContents());
    return texts.map((cells) => cells.map((cell) => cell.trim()));
  }

  /** Picks a ticket the coupon applies to in the drawer's multi-select. */
  async applyTo(drawer: Locator, caption: string): Promise<void> {
    await drawer.getByLabel(web.ticketing.coupons.tickets).click();
    await this.page.getByRole("option", { name: caption, exact: true }).click();
    await this.page.keyboard.press("Escape");
  }
}

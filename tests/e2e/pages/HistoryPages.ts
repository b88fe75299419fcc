import type { Locator, Page } from "playwright-core";

/** An event's History tab (settings) as an organizer reads it: one row per entry, newest first. */
export class HistoryPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    /** /manage/events/{id} */
    readonly eventBase: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(new URL(`${this.eventBase}/settings/history`, this.baseUrl).toString());
    await this.table().waitFor();
  }

  table(): Locator {
    return this.page.getByRole("table");
  }

  /** The row whose action says exactly `sentence`. */
  row(sentence: string): Locator {
    return this.table()
      .getByRole("row")
      .filter({ has: this.page.getByText(sentence, { exact: true }) });
  }

  /** Every text of the table, as the reader sees it. */
  async text(): Promise<string> {
    return this.table().innerText();
  }
}

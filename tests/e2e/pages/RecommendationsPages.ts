import type { Locator, Page } from "playwright-core";

/** The recommendations screen of an event's guests: tabs by status, one row per recommended person. */
export class RecommendationsPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    /** /manage/events/{id}/guests */
    readonly base: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(new URL(`${this.base}/recommendations`, this.baseUrl).toString());
  }

  tab(name: string): Locator {
    return this.page.getByRole("tab", { name, exact: true });
  }

  /** The row of a recommended person, found by any text of it (name or email). */
  row(text: string): Locator {
    return this.page.getByTestId("recommendation-row").filter({ hasText: text });
  }

  /** Resolves once the table shows exactly these emails, in this order (none: the empty state). */
  async waitForEmails(emails: string[]): Promise<void> {
    await this.page.waitForFunction(
      (wanted) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-testid="recommendation-row"] [data-testid="recommendation-email"]')].map(
            (cell) => cell.textContent,
          ),
        ) === wanted,
      JSON.stringify(emails),
    );
  }

  button(row: Locator, name: string): Locator {
    return row.getByRole("button", { name, exact: true });
  }
}

import type { Locator, Page } from "playwright-core";

/** The duplicates screen of an event's guests: pairs side by side, ignored or merged into one of them. */
export class DuplicatesPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    /** /manage/events/{id}/guests */
    readonly base: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(new URL(`${this.base}/duplicates`, this.baseUrl).toString());
  }

  pairs(): Locator {
    return this.page.getByTestId("duplicate-pair");
  }

  /** The pair showing this guest (by full name). */
  pairOf(name: string): Locator {
    return this.pairs().filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Resolves once exactly these guests' pairs are shown, each pair named by its guests' full names. */
  async waitForPairs(pairs: [string, string][]): Promise<void> {
    const wanted = JSON.stringify(pairs.map((pair) => [...pair].sort()).sort());
    await this.page.waitForFunction(
      (expected) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-testid="duplicate-pair"]')]
            .map((pair) =>
              [...pair.querySelectorAll('[data-testid="duplicate-guest-name"]')]
                .map((name) => name.textContent ?? "")
                .sort(),
            )
            .sort(),
        ) === expected,
      wanted,
    );
  }

  /** Why the pair was found (its badges). */
  async reasonsOf(pair: Locator): Promise<string[]> {
    return (await pair.getByTestId("duplicate-reason").allTextContents()).map((text) => text.trim());
  }

  ignoreButton(pair: Locator, name = "Not duplicates"): Locator {
    return pair.getByRole("button", { name, exact: true });
  }

  /** The "keep this one" button in the card of one guest of the pair. */
  keepButton(pair: Locator, guestName: string, name = "Keep this one and merge"): Locator {
    return pair
      .getByTestId("duplicate-guest")
      .filter({ has: this.page.getByText(guestName, { exact: true }) })
      .getByRole("button", { name, exact: true });
  }

  dialog(): Locator {
    return this.page.getByRole("dialog");
  }
}

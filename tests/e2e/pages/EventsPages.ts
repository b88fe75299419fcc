import type { Locator, Page } from "playwright-core";

/** The back-office events screens as an organizer sees them: the list, its cards and the event modals. */
export class EventsPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  url(): URL {
    return new URL(this.page.url());
  }

  async waitForPath(pathname: string | RegExp): Promise<void> {
    await this.page.waitForURL((url) =>
      typeof pathname === "string" ? url.pathname === pathname : pathname.test(url.pathname),
    );
  }

  button(name: string): Locator {
    return this.page.getByRole("button", { name, exact: true });
  }

  dialog(): Locator {
    return this.page.getByRole("dialog");
  }

  field(label: string, within: Locator | Page = this.page): Locator {
    return within.getByLabel(label, { exact: true });
  }

  /** The card of one event in the list. */
  card(name: string): Locator {
    return this.page.getByRole("article", { name, exact: true });
  }

  /** Names of the events the list shows, in order. */
  async listedNames(): Promise<string[]> {
    return this.page
      .getByTestId("event-card")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label") ?? ""));
  }

  /** Waits until the list shows exactly these events (in any order) and is not loading. */
  async waitForListed(names: string[]): Promise<void> {
    const expected = JSON.stringify([...names].sort());
    await this.page.waitForFunction(
      (wanted) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-testid="event-card"]')]
            .map((card) => card.getAttribute("aria-label"))
            .sort(),
        ) === wanted && document.querySelector('[aria-busy="true"]') === null,
      expected,
    );
  }

  async filter(label: string): Promise<void> {
    await this.page.getByRole("tab", { name: label, exact: true }).click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole("textbox", { name: "Search by name or address" }).fill(text);
  }

  /** Opens an event's action menu and picks one action. */
  async act(eventName: string, action: string): Promise<void> {
    await this.card(eventName)
      .getByRole("button", { name: `Actions for ${eventName}` })
      .click();
    await this.page.getByRole("menuitem", { name: action, exact: true }).click();
  }

  slugPreview(): Locator {
    return this.dialog().getByTestId("slug-preview");
  }

  /** Resolves once the text is on screen. */
  async sees(text: string): Promise<void> {
    await this.page.getByText(text, { exact: true }).first().waitFor();
  }
}

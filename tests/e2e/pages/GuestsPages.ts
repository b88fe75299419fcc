import type { Locator, Page } from "playwright-core";

/** The guests section of an event as an organizer sees it: the list, a guest, and the import wizard. */
export class GuestsPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    /** /manage/events/{id}/guests */
    readonly base: string,
  ) {}

  async open(subPath = ""): Promise<void> {
    await this.page.goto(new URL(`${this.base}${subPath}`, this.baseUrl).toString());
  }

  url(): URL {
    return new URL(this.page.url());
  }

  button(name: string, within: Locator | Page = this.page): Locator {
    return within.getByRole("button", { name, exact: true });
  }

  /** Resolves once the text is on screen. */
  async sees(text: string | RegExp): Promise<void> {
    await this.page
      .getByText(text, { exact: typeof text === "string" })
      .first()
      .waitFor();
  }

  // ---- import wizard ----------------------------------------------------------------------------

  async chooseImportFile(filePath: string): Promise<void> {
    await this.page.getByTestId("import-file").setInputFiles(filePath);
  }

  /** The field a column of the file is matched to (step 2). */
  targetOf(column: string): Locator {
    return this.page.getByLabel(`Guest field for ${column}`, { exact: true }).filter({ visible: true });
  }

  /** Reads the percentage shown under the progress bar until it says 100 %. */
  async waitForCompleteProgress(): Promise<number[]> {
    const seen: number[] = [];
    const percent = this.page.getByTestId("import-percent");
    await percent.waitFor();
    for (;;) {
      const value = Number((await percent.innerText()).replace(/[^0-9]/g, ""));
      if (seen[seen.length - 1] !== value) seen.push(value);
      if (value >= 100) return seen;
      await this.page.waitForTimeout(50);
    }
  }

  summary(): Locator {
    return this.page.getByTestId("import-summary");
  }

  // ---- list -------------------------------------------------------------------------------------

  async search(text: string): Promise<void> {
    await this.page.getByRole("textbox", { name: "Search by name, email or company" }).fill(text);
  }

  /** Waits until the list shows exactly these guests (by their full name, in this order). */
  async waitForRows(names: string[]): Promise<void> {
    await this.page.waitForFunction(
      (wanted) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-testid="guest-row"]')].map((row) => row.getAttribute("aria-label")),
        ) === wanted && document.querySelector('[role="table"][aria-busy="true"]') === null,
      JSON.stringify(names),
    );
  }

  /** One of the list filters of the filter panel: status, mailStatus or createdSource. */
  filterList(param: "status" | "mailStatus" | "createdSource"): Locator {
    return this.page.getByTestId(`filter-${param}`);
  }

  row(name: string): Locator {
    return this.page.getByRole("row", { name, exact: true });
  }
}

import type { Locator, Page } from "playwright-core";

/** An event's forms as an organizer sees them: the list, the create dialog, and the builder with its preview. */
export class FormsPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    /** /manage/events/{id}/forms */
    readonly base: string,
  ) {}

  url(): URL {
    return new URL(this.page.url());
  }

  async waitForPath(pathname: string | RegExp): Promise<void> {
    await this.page.waitForURL((url) =>
      typeof pathname === "string" ? url.pathname === pathname : pathname.test(url.pathname),
    );
  }

  button(name: string, within: Locator | Page = this.page): Locator {
    return within.getByRole("button", { name, exact: true });
  }

  /** Resolves once the text is on screen. */
  async sees(text: string, within: Locator | Page = this.page): Promise<void> {
    await within.getByText(text, { exact: true }).first().waitFor();
  }

  // ---- list -------------------------------------------------------------------------------------

  rows(): Locator {
    return this.page.getByTestId("form-row");
  }

  row(title: string): Locator {
    return this.rows().filter({ has: this.page.getByRole("link", { name: title, exact: true }) });
  }

  /** The list's rows as "title · state · kind", once it shows exactly `count` of them. */
  async listed(count: number): Promise<string[]> {
    await this.page.waitForFunction(
      (wanted) => document.querySelectorAll('[data-testid="form-row"]').length === wanted,
      count,
    );
    return this.rows().evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll("td")]
          .slice(0, 3)
          .map((cell) => cell.textContent?.trim())
          .join(" · "),
      ),
    );
  }

  // ---- builder ----------------------------------------------------------------------------------

  /** Opens the "Add an item" menu (of the form, or of a group) and picks a kind. */
  async addItem(kind: string, menu = "Add an item"): Promise<void> {
    await this.button(menu).click();
    await this.page.getByRole("menuitem", { name: new RegExp(`^${kind}`) }).click();
  }

  async addQuestion(label: string): Promise<void> {
    await this.addItem("Question");
    const dialog = this.page.getByRole("dialog", { name: "Add a question" });
    await dialog.getByRole("combobox", { name: "Question" }).click();
    await this.page.getByRole("option", { name: new RegExp(`^${label} \\(`) }).click();
    await this.button("Add the question", dialog).click();
    await dialog.waitFor({ state: "detached" });
  }

  /** The rows of the builder: an item, or a conditional group's header. */
  item(name: string): Locator {
    return this.page
      .getByTestId("builder-item")
      .filter({ has: this.page.getByRole("button", { name: `Move ${name}`, exact: true }) });
  }

  group(): Locator {
    return this.page.getByTestId("builder-group");
  }

  /** The order of the builder's rows as "id" or "  id" for an item in a group, read from the page. */
  async outline(): Promise<string[]> {
    return this.page.getByTestId("builder-items").evaluate((list) => {
      const lines: string[] = [];
      let inGroup = false;
      for (const row of list.children) {
        const testId = row.getAttribute("data-testid");
        const name =
          row
            .querySelector("[data-drag-handle]")
            ?.getAttribute("aria-label")
            ?.replace(/^Move /, "") ?? "";
        if (testId === "builder-group") {
          lines.push(`[${row.querySelector("p")?.textContent ?? ""}]`);
          inGroup = true;
        } else if (testId === "builder-group-end") {
          inGroup = false;
        } else {
          lines.push(inGroup ? `  ${name}` : name);
        }
      }
      return lines;
    });
  }

  /** What dnd-kit last said to screen readers. */
  liveRegion(): Locator {
    return this.page.locator('[id^="DndLiveRegion"]');
  }

  preview(): Locator {
    return this.page.getByTestId("form-preview");
  }
}

import type { Locator, Page } from "playwright-core";

/** The guest site as a guest sees it: an event's registration form and its portal. */
export class GuestPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(pathAndFragment: string): Promise<void> {
    await this.page.goto(new URL(pathAndFragment, this.baseUrl).toString());
  }

  /** Opens an emailed link on this server, its fragment (the sign-in token) included. */
  async openEmailedLink(link: string): Promise<void> {
    const { pathname, search, hash } = new URL(link);
    await this.open(pathname + search + hash);
  }

  async waitForPath(pathname: string | RegExp): Promise<void> {
    await this.page.waitForURL((url) =>
      typeof pathname === "string" ? url.pathname === pathname : pathname.test(url.pathname),
    );
  }

  heading(name: string): Locator {
    return this.page.getByRole("heading", { name, exact: true });
  }

  /** A text field by its label (the required mark is not part of its name). */
  textbox(name: string): Locator {
    return this.page.getByRole("textbox", { name, exact: true });
  }

  button(name: string): Locator {
    return this.page.getByRole("button", { name, exact: true });
  }

  link(name: string): Locator {
    return this.page.getByRole("link", { name, exact: true });
  }

  /** A radio button or checkbox by its label. */
  choice(name: string): Locator {
    return this.page.getByLabel(name, { exact: true });
  }

  /** The message shown above the form (announced: role="alert"). */
  alert(): Locator {
    return this.page.getByRole("alert");
  }

  /** The problem shown under a field: its accessible description holds it. */
  async describedProblem(field: Locator): Promise<string> {
    return field.evaluate((element) =>
      (element.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ")
        .trim(),
    );
  }

  /** Whether the element has the keyboard focus. */
  async isFocused(element: Locator): Promise<boolean> {
    return element.evaluate((node) => node === document.activeElement);
  }
}

import type { Locator, Page } from "playwright-core";

/** The sign-in app as a user sees it: its fields, buttons and the alert banner. */
export class SignInPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(pathAndQuery: string): Promise<void> {
    await this.page.goto(new URL(pathAndQuery, this.baseUrl).toString());
  }

  /** Opens an emailed link on this server, whatever origin the mail gave it. */
  async openEmailedLink(link: string): Promise<void> {
    const { pathname, search } = new URL(link);
    await this.open(pathname + search);
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  async waitForPath(pathname: string | RegExp): Promise<void> {
    await this.page.waitForURL((url) =>
      typeof pathname === "string" ? url.pathname === pathname : pathname.test(url.pathname),
    );
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  button(name: string): Locator {
    return this.page.getByRole("button", { name, exact: true });
  }

  link(name: string): Locator {
    return this.page.getByRole("link", { name, exact: true });
  }

  /** Resolves once the banner shows exactly this message, and returns it. */
  async alertSaying(message: string): Promise<string> {
    const alert = this.page.getByTestId("sign-in-alert").filter({ hasText: message });
    await alert.waitFor();
    return (await alert.innerText()).trim();
  }

  async signIn(
    labels: { email: string; password: string; submit: string },
    email: string,
    password: string,
  ): Promise<void> {
    await this.field(labels.email).fill(email);
    await this.field(labels.password).fill(password);
    await this.button(labels.submit).click();
  }
}

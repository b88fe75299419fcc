import { resources } from "@tessera/shared";
import type { Locator, Page } from "playwright-core";

const web = resources.en.web;

/** An event's check-in sessions as an organizer sees them: the list, a session's editor, its access codes. */
export class CheckinSessionPages {
  constructor(
    readonly page: Page,
    /** /manage/events/{id}/checkins */
    readonly base: string,
  ) {}

  button(name: string, within: Locator | Page = this.page): Locator {
    return within.getByRole("button", { name, exact: true });
  }

  row(name: string): Locator {
    return this.page.getByTestId("checkin-row").filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }

  /** Adds a condition to the rule: what it tests, how, and the value typed (text and numbers). */
  async addCondition(subject: string, operator: string, value: string): Promise<void> {
    await this.page
      .getByRole("button", { name: new RegExp(`^${web.ruleEditor.addCondition}`) })
      .first()
      .click();
    const row = this.page.getByTestId("rule-condition").last();
    await row.getByLabel(/^What condition/).click();
    await this.page.getByRole("option", { name: subject, exact: true }).click();
    await row.getByLabel(/^Comparison of condition/).click();
    await this.page.getByRole("option", { name: operator, exact: true }).click();
    await row.getByLabel(/^Value of condition/).fill(value);
  }

  ruleInWords(): Locator {
    return this.page.getByTestId("rule-in-words");
  }

  /** Makes an access code and reads it off the dialog that shows it once; the dialog is closed. */
  async makeAccessCode(): Promise<{ code: string; deskUrl: string }> {
    await this.button(web.checkins.codes.create).click();
    const dialog = this.page.getByRole("dialog", { name: web.checkins.codes.shownTitle });
    const code = (await dialog.getByTestId("access-code").textContent())?.trim() ?? "";
    const deskUrl = (await dialog.getByTestId("desk-url").textContent())?.trim() ?? "";
    await this.button(web.checkins.codes.done, dialog).click();
    await dialog.waitFor({ state: "detached" });
    return { code, deskUrl };
  }
}

/** The desk in the browser: its sign-in with an access code, then the scanning screen. */
export class DeskPages {
  constructor(readonly page: Page) {}

  async signIn(code: string, desk: string): Promise<void> {
    await this.page.getByLabel(web.desk.signIn.code, { exact: false }).fill(code);
    await this.page.getByLabel(web.desk.signIn.desk, { exact: false }).fill(desk);
    await this.page.getByRole("button", { name: web.desk.signIn.submit, exact: true }).click();
    await this.scanner().waitFor();
  }

  scanner(): Locator {
    return this.page.getByTestId("scanner-input");
  }

  async isScannerFocused(): Promise<boolean> {
    return this.scanner().evaluate((input) => input === document.activeElement);
  }

  /** Types a code where the focus is, as a keyboard-wedge scanner does, then Enter. */
  async scanWithKeyboard(code: string): Promise<void> {
    await this.page.keyboard.type(code, { delay: 0 });
    await this.page.keyboard.press("Enter");
  }

  result(): Locator {
    return this.page.getByTestId("scan-result");
  }

  /** Waits for the answer of the next scan, known by its kind (ok, already_checked_in, not_allowed …). */
  async waitForResult(kind: string, after?: string | null): Promise<Locator> {
    const result = this.page.locator(`[data-testid="scan-result"][data-result="${kind}"]`);
    await result.waitFor();
    if (after !== undefined) {
      await this.page.waitForFunction(
        (previous) => document.querySelector('[data-testid="scan-announcement"]')?.textContent !== previous,
        after,
      );
    }
    return result;
  }

  async announcement(): Promise<string> {
    const region = this.page.getByTestId("scan-announcement");
    await this.page.waitForFunction(() =>
      Boolean(document.querySelector('[data-testid="scan-announcement"]')?.textContent),
    );
    return (await region.textContent()) ?? "";
  }
}

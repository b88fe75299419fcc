import { resources, type Language } from "@tessera/shared";
import type { Locator, Page } from "playwright-core";

/** An event's Ticketing section, Params tab, in the organizer's language. */
export class TicketingParamsPages {
  readonly web: (typeof resources)[Language]["web"];

  constructor(
    readonly page: Page,
    /** /manage/events/{id}/ticketing */
    readonly base: string,
    readonly language: Language = "en",
  ) {
    this.web = resources[language].web;
  }

  get labels() {
    return this.web.ticketing.params;
  }

  button(name: string, within: Locator | Page = this.page): Locator {
    return within.getByRole("button", { name, exact: true });
  }

  /** A text field by its accessible name (a required field's asterisk is not part of it). */
  field(label: string): Locator {
    return this.page.getByRole("textbox", { name: label, exact: true });
  }

  billing(): Locator {
    return this.page.getByRole("region", { name: this.labels.billing.title });
  }

  siretCheck(): Locator {
    return this.page.getByTestId("siret-check");
  }

  ticketOffice(): Locator {
    return this.page.getByTestId("ticket-office");
  }

  /** The red message of the sales panel (the API's refusal). */
  salesAlert(): Locator {
    return this.page.getByRole("region", { name: this.labels.sales.title }).getByRole("alert");
  }

  async startSales(): Promise<void> {
    await this.button(this.labels.sales.start).click();
  }

  /** Fills the billing form's fields that are given, by their labels. */
  async fillBilling(values: Partial<Record<keyof typeof resources.en.web.ticketing.params.billing, string>>) {
    for (const [key, value] of Object.entries(values)) {
      const label = this.labels.billing[key as keyof typeof this.labels.billing];
      if (typeof label !== "string" || value === undefined) continue;
      await this.field(label).fill(value);
    }
  }
}

import type { AutoMailTag } from "@tessera/shared/campaigns/autoMails";
import type { AutoMailKind, CampaignLanguage } from "@tessera/shared/rules/campaigns";
import type { MergeValues } from "../render.ts";
import { recipientMergeValues, type CampaignEventFacts } from "../values.ts";

/** What an automatic mail knows of its guest (or of the buyer, for an order without a guest). */
export interface AutoMailRecipient {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  email: string;
}

export type AutoMailKindValues = Partial<Record<AutoMailTag, string>>;

/** The guest's and the event's values (a campaign's, without the unsubscribe link) and the moment's. */
export function autoMailValues(
  publicUrl: string,
  event: CampaignEventFacts,
  recipient: AutoMailRecipient,
  language: CampaignLanguage,
  kindValues: AutoMailKindValues,
): MergeValues {
  const {
    unsubscribeLink: _unsubscribe,
    recipientToken: _token,
    ...values
  } = recipientMergeValues(publicUrl, event, { ...recipient, language, token: "" });
  return { ...values, ...kindValues };
}

/** An amount in cents as the language writes it in the currency. */
export function moneyText(cents: number, currency: string, language: CampaignLanguage): string {
  return new Intl.NumberFormat(language, { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

/** A date as the language writes it, in the event's time zone. */
export function dayText(date: Date, language: CampaignLanguage, timezone: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: timezone }).format(date);
}

/** What a preview or a test shows for the moment's tags: believable values, nothing real. */
export function sampleKindValues(
  kind: AutoMailKind,
  language: CampaignLanguage,
  signInLink: string,
  now: Date,
  timezone: string,
): AutoMailKindValues {
  switch (kind) {
    case "magic_link":
      return { signInLink, signInCode: "123456", signInMinutes: "10" };
    case "order_confirmation":
      return {
        orderReference: "K7QX4M2P",
        orderTotal: moneyText(4500, "EUR", language),
        orderItems: `2 × ${moneyText(2250, "EUR", language)}`,
        orderDate: dayText(now, language, timezone),
      };
    case "order_refund":
      return {
        orderReference: "K7QX4M2P",
        refundAmount: moneyText(2250, "EUR", language),
        orderTotal: moneyText(4500, "EUR", language),
      };
    default:
      return {};
  }
}

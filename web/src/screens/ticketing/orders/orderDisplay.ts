/** The buyer as a line reads it: their name, or their email when they have no name. */
export const buyerName = (order: { orderedBy: string | null; email: string | null }): string =>
  order.orderedBy || order.email || "—";

/** A VAT rate in percent as the language writes it ("20%", "5,5 %"); "—" without VAT. */
export function vatText(taxPercent: number | null, language: string): string {
  if (taxPercent === null) return "—";
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(taxPercent / 100);
}

import { compactSiret, isValidSiret } from "@tessera/shared/rules/siret";
import type { BuyerOrderJson, BuyerPayBody, BuyerPaymentMethod } from "@/queries/ticketOffice.ts";
import type { FieldProblem } from "../registration/registrationValues.ts";

/*
 * The payment step's form (spec §2 order payment step; §3 payment payload; §5 terms before paying, SIRET before
 * billing): the billing address, individual or company (a company's SIRET checked with shared's rule), the
 * terms, the way to pay. Pure, tested on its own.
 */

export interface PaymentValues {
  name: string;
  address: string;
  zip: string;
  city: string;
  isCompany: boolean;
  siret: string;
  termsAccepted: boolean;
  method: BuyerPaymentMethod | "";
}

/** The form as the order's billing left it (a buyer coming back), the only way to pay chosen already. */
export function initialPaymentValues(order: BuyerOrderJson, buyerName = ""): PaymentValues {
  const methods = payableMethods(order);
  return {
    name: order.billing.name ?? buyerName,
    address: order.billing.address ?? "",
    zip: order.billing.zip ?? "",
    city: order.billing.city ?? "",
    isCompany: order.billing.isCompany ?? false,
    siret: order.billing.siret ?? "",
    termsAccepted: false,
    method: methods.length === 1 ? methods[0]! : "",
  };
}

/** The ways the order may be paid now: card only when the office has a card form. */
export function payableMethods(order: Pick<BuyerOrderJson, "paymentMethods" | "card">): BuyerPaymentMethod[] {
  return order.paymentMethods.filter((method) => method !== "card" || order.card !== null);
}

/** Whether the order is to be paid now (a cart whose hold runs, or an order awaiting a card payment). */
export function isPayable(order: BuyerOrderJson, now: Date): boolean {
  if (order.status !== "in_cart" && order.status !== "awaiting_payment") return false;
  if (order.status === "in_cart" && order.holdExpiresAt && new Date(order.holdExpiresAt) <= now) return false;
  return payableMethods(order).length > 0;
}

/** The form's problems before anything is sent, by field path (the validation catalogue's codes). */
export function paymentProblems(values: PaymentValues, hasTerms: boolean): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of ["name", "address", "zip", "city"] as const) {
    if (!values[field].trim()) problems[field] = { code: "required" };
  }
  if (values.isCompany) {
    const siret = compactSiret(values.siret);
    if (!siret) problems.siret = { code: "required" };
    else if (!isValidSiret(siret)) problems.siret = { code: "siret_invalid" };
  }
  if (hasTerms && !values.termsAccepted) problems.termsAccepted = { code: "terms_required" };
  if (!values.method) problems.method = { code: "required" };
  return problems;
}

/** The payment payload of spec §3: the billing (a SIRET for a company only), the terms, the way to pay. */
export function payBody(
  values: PaymentValues,
  card: { paymentMethodId?: string; paymentIntentId?: string } = {},
): BuyerPayBody {
  return {
    method: values.method as BuyerPaymentMethod,
    ...(card.paymentMethodId ? { payment_method_id: card.paymentMethodId } : {}),
    ...(card.paymentIntentId ? { payment_intent_id: card.paymentIntentId } : {}),
    termsAccepted: values.termsAccepted,
    name: values.name.trim(),
    address: values.address.trim(),
    zip: values.zip.trim(),
    city: values.city.trim(),
    isCompany: values.isCompany,
    siret: values.isCompany ? compactSiret(values.siret) : null,
  };
}

/** The form's path of a field the API refused (its details' `field`), or null to say it above the form. */
export function paymentPathOf(field: string): string | null {
  const known = ["name", "address", "zip", "city", "isCompany", "siret", "termsAccepted", "method"];
  if (known.includes(field)) return field;
  if (field === "payment_method_id" || field === "payment_intent_id") return "card";
  return null;
}

/** Minutes and seconds left of a hold ("9:05"), 0:00 once it ran out. */
export function holdLeft(holdExpiresAt: string, now: Date): { seconds: number; text: string } {
  const seconds = Math.max(0, Math.ceil((new Date(holdExpiresAt).getTime() - now.getTime()) / 1000));
  return { seconds, text: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` };
}

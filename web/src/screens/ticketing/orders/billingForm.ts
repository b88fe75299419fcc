import { isEmailAddress } from "@tessera/shared/rules/email";
import { compactSiret } from "@tessera/shared/rules/siret";
import type { OrderConfirmBody, OrderDetailJson, OrderUpdateBody } from "@/queries/ticketingOrders.ts";
import { siretState } from "../params/billingForm.ts";

/*
 * An order's billing address (spec §3 Order: zip, company or individual, SIRET; the order confirmation payload:
 * name, address, zip, city, siret), as the confirm modal and "edit billing" type it. A company needs a valid
 * SIRET (the API's siret_invalid), checked with shared's rule.
 */

export interface OrderBillingValues {
  name: string;
  address: string;
  zip: string;
  city: string;
  isCompany: boolean;
  siret: string;
  /** Edit billing only: the contact. */
  email: string;
  phone: string;
}

/** The order's billing address in the form (empty fields where it has none). */
export function orderBillingValues(billing: OrderDetailJson["billing"]): OrderBillingValues {
  return {
    name: billing.name ?? "",
    address: billing.address ?? "",
    zip: billing.zip ?? "",
    city: billing.city ?? "",
    isCompany: billing.isCompany ?? false,
    siret: billing.siret ?? "",
    email: billing.email ?? "",
    phone: billing.phone ?? "",
  };
}

export type BillingProblem = "validation:siret_invalid" | "validation:email_format";
export type BillingProblems = Partial<Record<"siret" | "email", BillingProblem>>;

/** The form's checks: a company's SIRET (an individual's is not sent), and the contact's email when typed. */
export function billingProblems(values: OrderBillingValues, options: { withContact: boolean }): BillingProblems {
  const problems: BillingProblems = {};
  if (values.isCompany && siretState(values.siret) !== "valid") problems.siret = "validation:siret_invalid";
  if (options.withContact && values.email.trim() && !isEmailAddress(values.email.trim()))
    problems.email = "validation:email_format";
  return problems;
}

/** The address as the confirmation sends it: fields left empty are not sent (a name is never sent empty). */
export function confirmBody(values: OrderBillingValues): OrderConfirmBody {
  const name = values.name.trim();
  return {
    ...(name ? { name } : {}),
    ...(values.address.trim() ? { address: values.address.trim() } : {}),
    ...(values.zip.trim() ? { zip: values.zip.trim() } : {}),
    ...(values.city.trim() ? { city: values.city.trim() } : {}),
    isCompany: values.isCompany,
    siret: values.isCompany ? compactSiret(values.siret) : null,
  };
}

/** The whole address and contact as "edit billing" saves it: a field emptied is emptied (null for the contact). */
export function updateBody(values: OrderBillingValues): OrderUpdateBody {
  const name = values.name.trim();
  return {
    ...(name ? { name } : {}),
    address: values.address.trim(),
    zip: values.zip.trim(),
    city: values.city.trim(),
    isCompany: values.isCompany,
    siret: values.isCompany ? compactSiret(values.siret) : null,
    email: values.email.trim() || null,
    phone: values.phone.trim() || null,
  };
}

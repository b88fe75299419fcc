import type { ValidationIssue } from "@tessera/shared";
import { compactSiret, isValidSiret } from "@tessera/shared/rules/siret";
import { AppError } from "../../errors.ts";
import type { Order } from "../../models/Order.ts";

/** What a buyer or an organizer gives of an order's billing: what it leaves out stays as it is. */
export interface BillingInput {
  name?: string;
  address?: string;
  zip?: string;
  city?: string;
  isCompany?: boolean;
  siret?: string | null;
}

/** A company's SIRET that fails its checksum (spaces allowed), as an issue on `field` (spec §5); else null. */
export function siretIssue(
  isCompany: boolean,
  siret: string | null | undefined,
  field: string,
): ValidationIssue | null {
  return isCompany && !isValidSiret(compactSiret(siret ?? "")) ? { field, code: "siret_invalid" } : null;
}

/**
 * The order's billing columns `input` sets: texts trimmed, the SIRET compacted and kept for a company only.
 * 422 siret_invalid (on `siretField`) for a company without a valid one.
 */
export function billingColumns(
  order: Pick<Order, "isCompany" | "siret">,
  input: BillingInput,
  siretField = "siret",
): Partial<Order> {
  const isCompany = input.isCompany ?? order.isCompany ?? false;
  const siret = input.siret !== undefined ? input.siret : order.siret;
  const issue = siretIssue(isCompany, siret, siretField);
  if (issue) throw AppError.invalid([issue]);
  const columns: Partial<Order> = { isCompany, siret: isCompany ? compactSiret(siret ?? "") : null };
  if (input.name !== undefined) columns.billingName = input.name.trim();
  if (input.address !== undefined) columns.address = input.address.trim() || null;
  if (input.zip !== undefined) columns.zip = input.zip.trim() || null;
  if (input.city !== undefined) columns.city = input.city.trim() || null;
  return columns;
}

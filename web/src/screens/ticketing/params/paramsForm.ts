import {
  TICKETING_PAYMENT_METHODS,
  type TicketingMode,
  type TicketingPaymentMethod,
} from "@tessera/shared/schemas/ticketingBilling";
import type { TicketingParamsBody, TicketingParamsJson } from "@/queries/ticketingParams.ts";

/** The ticketing parameters the Params tab's form changes (the ticket office has its own start and stop). */
export interface ParamsValues {
  mode: TicketingMode;
  paymentMethods: TicketingPaymentMethod[];
  terms: string;
}

export function paramsValues(params: TicketingParamsJson): ParamsValues {
  return { mode: params.mode, paymentMethods: [...params.paymentMethods], terms: params.terms ?? "" };
}

/** The fields that changed, payment methods in the catalogue's order (card, transfer, desk); null: nothing. */
export function paramsBody(values: ParamsValues, params: TicketingParamsJson): TicketingParamsBody | null {
  const body: TicketingParamsBody = {};
  if (values.mode !== params.mode) body.mode = values.mode;
  const methods = TICKETING_PAYMENT_METHODS.filter((method) => values.paymentMethods.includes(method));
  const before = TICKETING_PAYMENT_METHODS.filter((method) => params.paymentMethods.includes(method));
  if (methods.join() !== before.join()) body.paymentMethods = methods;
  const terms = values.terms.trim() || null;
  if (terms !== (params.terms ?? null)) body.terms = terms;
  return Object.keys(body).length ? body : null;
}

import { EventScopedIdParams } from "../schemas/guests.ts";
import { InvoiceList, InvoicePdfQuery } from "../schemas/invoices.ts";
import { contract } from "./contract.ts";

const tags = ["ticketing"];

const READ = "Anyone who sees the event.";

/** /events/{a}/{e}/…: an order's invoice and credit notes (issue 14 item 6), and their PDFs. */
export const invoiceContracts = {
  listForOrder: contract({
    method: "get",
    path: "/events/:a/:e/orders/:id/invoices",
    summary: "An order's invoice and credit notes",
    description:
      "The order's invoice (at most one) and the credit notes of its refunds, by issue (the invoice first). " +
      `Amounts in cents, positive. ${READ}`,
    tags,
    params: EventScopedIdParams,
    response: InvoiceList,
    errors: [404],
  }),
  pdf: contract({
    method: "get",
    path: "/events/:a/:e/invoices/:id/pdf",
    summary: "The PDF of an invoice or credit note",
    description:
      "Drawn from what was frozen when it was issued, in `language` (the request's by default), named after its " +
      `number. 500 invoices_not_generated when it cannot be drawn. ${READ}`,
    tags,
    params: EventScopedIdParams,
    query: InvoicePdfQuery,
    download: "application/pdf",
    errors: [404, 500],
  }),
};

import { invoiceContracts as invoices } from "@tessera/shared/contracts/invoices";
import { invoicePdf, listOrderInvoices } from "../../../services/invoicing/documents.ts";
import { STORED_FILE_CSP } from "../../middleware/security.ts";
import { presentInvoice } from "../../presenters/invoices.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** An order's invoice and credit notes, and their PDFs named after their numbers (issue 14 item 6). */
export const ticketingInvoiceRoutes: Route[] = [
  route(invoices.listForOrder, async (scope, { params }) => ({
    data: (await listOrderInvoices(scope, eventKey(params), params.id)).map(presentInvoice),
  })),
  route(invoices.pdf, async (scope, { params, query }, ctx) => {
    const { body, fileName } = await invoicePdf(scope, eventKey(params), params.id, query.language);
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Content-Security-Policy", STORED_FILE_CSP);
    ctx.set("Cache-Control", "no-store");
    ctx.attachment(fileName);
    ctx.type = "application/pdf";
    ctx.body = body;
  }),
];

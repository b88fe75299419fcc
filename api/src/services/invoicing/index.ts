/**
 * Ticketing's invoices and credit notes (issue 14 item 6). The order pipeline calls issueInvoice and
 * issueCreditNote inside its own transaction; routes read them through documents.ts.
 */
export { issueCreditNote, issueInvoice } from "./issue.ts";
export {
  buyerInvoicePdf,
  buyerOrderInvoices,
  invoicePdf,
  listOrderInvoices,
  type InvoiceDownload,
} from "./documents.ts";
export { invoiceFileName, renderInvoicePdf } from "./pdf.ts";

import { ticketOfficeContracts as office } from "@tessera/shared/contracts/ticketOffice";
import type { InvoiceDownload } from "../../../services/invoicing/index.ts";
import {
  buyerOrderInvoicePdf,
  getBuyerOrder,
  payBuyerOrder,
  portalInvoicePdf,
  portalOrders,
} from "../../../services/ticketOffice/buyerOrders.ts";
import { quoteCart, viewTicketOffice } from "../../../services/ticketOffice/office.ts";
import { portalTickets } from "../../../services/ticketOffice/portalTickets.ts";
import type { ApiContext } from "../../context.ts";
import { guestSessionCookie } from "../../middleware/cookies.ts";
import { STORED_FILE_CSP } from "../../middleware/security.ts";
import {
  presentBuyerOrder,
  presentPortalTicket,
  presentQuote,
  presentTicketOffice,
} from "../../presenters/ticketOffice.ts";
import { route, type Route } from "../define.ts";

function sendPdf(ctx: ApiContext, { body, fileName }: InvoiceDownload): void {
  ctx.set("X-Content-Type-Options", "nosniff");
  ctx.set("Content-Security-Policy", STORED_FILE_CSP);
  ctx.set("Cache-Control", "no-store");
  ctx.attachment(fileName);
  ctx.type = "application/pdf";
  ctx.body = body;
}

/** /public/events/{event}/ticketoffice, …/orders/{id}/{secret} and …/portal/orders and …/portal/tickets: the buyer's side of ticketing. */
export const ticketOfficeRoutes: Route[] = [
  route(office.office, async (scope, { params }) => presentTicketOffice(await viewTicketOffice(scope, params.event))),
  route(office.quote, async (scope, { params, body }, ctx) =>
    presentQuote(await quoteCart(scope, params.event, body, guestSessionCookie(ctx))),
  ),
  route(office.order, async (scope, { params }) =>
    presentBuyerOrder(await getBuyerOrder(scope, params.event, params.id, params.secret)),
  ),
  route(office.pay, async (scope, { params, body }) => {
    const { outcome, order } = await payBuyerOrder(scope, params.event, params.id, params.secret, body);
    return {
      status: outcome.status,
      ...(outcome.status === "requires_action" ? { clientSecret: outcome.clientSecret } : {}),
      order: presentBuyerOrder(order),
    };
  }),
  route(office.invoice, async (scope, { params }, ctx) =>
    sendPdf(ctx, await buyerOrderInvoicePdf(scope, params.event, params.id, params.secret, params.invoiceId)),
  ),
  route(office.myOrders, async (scope, { params }, ctx) => ({
    data: (await portalOrders(scope, params.event, guestSessionCookie(ctx))).map(presentBuyerOrder),
  })),
  route(office.myTickets, async (scope, { params }, ctx) => ({
    data: (await portalTickets(scope, params.event, guestSessionCookie(ctx))).map(presentPortalTicket),
  })),
  route(office.myInvoice, async (scope, { params }, ctx) =>
    sendPdf(ctx, await portalInvoicePdf(scope, params.event, guestSessionCookie(ctx), params.invoiceId)),
  ),
];

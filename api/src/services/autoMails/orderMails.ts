import { dayText, moneyText } from "../../campaigns/autoMails/values.ts";
import { sqlTime } from "../../models/BaseModel.ts";
import { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { Order } from "../../models/Order.ts";
import { Refund } from "../../models/Refund.ts";
import type { AppDeps } from "../scope.ts";
import { campaignLanguage, deliverAutoMail, type AutoMailJob } from "./deliver.ts";

/*
 * The order confirmation and the refund mails (issue 15 item 7). Whatever completed the order or the refund (a
 * guest's checkout, the organizer, a desk), its follow-up queues this job after the commit; the job claims each
 * mail by stamping `orders.confirmation_mailed_at` or `refunds.mailed_at` where it was empty, so each goes once
 * however often the job runs. They go to the order's address, in the order's language.
 */

export const ORDER_MAILS_JOB = "auto_mails.order";

type OrderMailDeps = Pick<AppDeps, "jobs" | "logger">;

/** Queues the order's mails; a failure to queue is logged, never thrown. */
export async function queueOrderMails(deps: OrderMailDeps, orderId: string): Promise<void> {
  await deps.jobs.send(ORDER_MAILS_JOB, { orderId }, { retryLimit: 3 }).catch((error: unknown) => {
    deps.logger.error({ err: error, orderId }, "could not queue an order's mails");
  });
}

/** Sends once: claims the row's column, sends, and gives the claim back when the send failed (the job retries). */
async function once(
  deps: AppDeps,
  table: "orders" | "refunds",
  column: string,
  id: string,
  send: () => Promise<unknown>,
): Promise<void> {
  const claimed = await deps
    .db(table)
    .where({ id })
    .whereNull(column)
    .update({ [column]: sqlTime(deps.clock.now()) });
  if (claimed !== 1) return;
  try {
    await send();
  } catch (error) {
    await deps
      .db(table)
      .where({ id })
      .update({ [column]: null });
    throw error;
  }
}

function itemsText(items: { quantity: number; caption: string }[]): string {
  return items.map((item) => `${item.quantity} × ${item.caption}`).join(", ");
}

/** Sends what the order is owed: its confirmation once paid, a mail per refund that went through. */
export async function sendOrderMails(deps: AppDeps, orderId: string): Promise<void> {
  const order = await Order.query(deps.db).findById(orderId);
  if (!order) return;
  const event = await Event.query(deps.db).findById(order.eventId);
  const guest = order.guestId ? await Guest.query(deps.db).findById(order.guestId) : undefined;
  const to = order.email ?? guest?.email;
  if (!event || !to) return;
  const language = campaignLanguage(order.language, guest?.language, event.languages[0]);
  const base: Omit<AutoMailJob, "kind" | "values"> = {
    eventId: event.id,
    to,
    guestId: guest?.id ?? null,
    language,
    recipient: { firstName: order.billingName, lastName: null, company: null },
  };
  const money = (cents: number) => moneyText(cents, order.currency, language);
  const reference = order.reference ?? order.id.slice(0, 8).toUpperCase();

  if (order.status === "completed" || order.status === "partially_refunded") {
    await once(deps, "orders", "confirmationMailedAt", order.id, async () => {
      const items = (await deps
        .db("orderItems")
        .join("tickets", "tickets.id", "orderItems.ticketId")
        .where("orderItems.orderId", order.id)
        .orderBy("orderItems.createdAt")
        .select("orderItems.quantity", "tickets.caption")) as { quantity: number; caption: string }[];
      await deliverAutoMail(deps, {
        ...base,
        kind: "order_confirmation",
        values: {
          orderReference: reference,
          orderTotal: money(order.totalInclTaxCents),
          orderItems: itemsText(items),
          orderDate: dayText(order.orderedAt, language, event.timezone),
        },
      });
    });
  }

  const refunds = await Refund.query(deps.db).where({ orderId: order.id, status: "succeeded" }).whereNull("mailedAt");
  for (const refund of refunds) {
    if (refund.amountCents <= 0) continue;
    await once(deps, "refunds", "mailedAt", refund.id, () =>
      deliverAutoMail(deps, {
        ...base,
        kind: "order_refund",
        values: {
          orderReference: reference,
          refundAmount: money(refund.amountCents),
          orderTotal: money(order.totalInclTaxCents),
        },
      }),
    );
  }
}

export function registerOrderMailJobs(deps: AppDeps): void {
  deps.jobs.register<{ orderId: string }>(ORDER_MAILS_JOB, ({ orderId }) => sendOrderMails(deps, orderId));
}

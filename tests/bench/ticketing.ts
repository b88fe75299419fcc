// Ticketing (issue 14, item 9): completed orders per second on one event, every buyer after the same ticket, with
// quota locking — each order a held cart (placeOrder: the ticket row locked, places counted, order and item
// written) then paid by card (payOrder: the payment row written, a PaymentIntent created and confirmed through the
// real stripe SDK against the local stand-in, which answers at once, then settled). More buyers than places: the
// run checks that exactly the places were sold, none twice. Called through the services, as a route would.
// Floor: the same rows written in raw SQL in the same run — per order one transaction locking the ticket row,
// counting the place on it, inserting the order, its item and its payment — at the same concurrency, with no
// Stripe call.
import { randomUUID } from "node:crypto";
import { AppError } from "../../api/src/errors.ts";
import { isPostgres } from "../../api/src/db/dialect.ts";
import { payOrder } from "../../api/src/services/orders/payment.ts";
import { placeOrder } from "../../api/src/services/orders/placeOrder.ts";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import type { StripeConfig } from "../../api/src/config.ts";
import type { Knex } from "../../api/src/db/knex.ts";
import type { PaymentContext } from "../../api/src/services/orders/payment.ts";
import { stripeFor } from "../../api/src/services/orders/stripeAccess.ts";
import { CARD_BUYER, salesEvent, STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET } from "../helpers/sales.ts";
import { startTestServer } from "../helpers/server.ts";
import { median, printTable } from "./stats.ts";

const PLACES = Number(process.env.BENCH_TICKETING_PLACES ?? 2_000);
const BUYERS = Math.round(PLACES * 1.1);
const CONCURRENCY = Number(process.env.BENCH_TICKETING_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_TICKETING_ROUNDS ?? 3);

async function inParallel(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
  return performance.now() - start;
}

/** The Stripe stand-in in a process of its own; resolves with its address and a way to stop it. */
async function standInProcess(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "api/src/payments/standIn/main.ts"], {
    env: { ...process.env, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_STAND_IN_PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [url] = (await once(createInterface({ input: child.stdout! }), "line")) as [string];
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

interface Round {
  perSecond: number;
  floorPerSecond: number;
  completed: number;
  refused: number;
  sold: number;
  charged: number;
}

/** One round: the checkout of BUYERS buyers on a fresh event, what was sold and charged, then its floor. */
async function checkoutRound(db: Knex, context: PaymentContext, stripe: StripeConfig): Promise<Round> {
  const { event, ticket, guestIds } = await salesEvent(db, { places: PLACES, guests: BUYERS });
  let completed = 0;
  let refused = 0;
  const ordersMs = await inParallel(BUYERS, CONCURRENCY, async (index) => {
    const guestId = guestIds[index]!;
    try {
      const { order } = await placeOrder(
        db,
        event,
        {
          guestId,
          items: [{ ticketId: ticket.id, quantity: 1, holderGuestId: guestId }],
          coupons: [],
          byOrganizer: false,
        },
        "in_cart",
        new Date(),
      );
      const paid = await payOrder(context, event.id, order.id, CARD_BUYER);
      if (paid.status === "completed") completed += 1;
    } catch (error) {
      if (error instanceof AppError && error.code === "ticket_unavailable") refused += 1;
      else throw error;
    }
  });
  const sold = Number(
    (
      (await db("orderItems")
        .join("orders", "orders.id", "orderItems.orderId")
        .where({ "orderItems.ticketId": ticket.id, "orders.status": "completed" })
        .sum({ places: "orderItems.quantity" })
        .first()) as { places: string | number }
    ).places,
  );
  // What Stripe holds: each succeeded payment's PaymentIntent, asked of the stand-in.
  const intentIds = (
    (await db("payments")
      .join("orders", "orders.id", "payments.orderId")
      .where({ "orders.eventId": event.id, "payments.status": "succeeded" })
      .select("payments.intentId")) as { intentId: string }[]
  ).map((row) => row.intentId);
  let charged = 0;
  for (const id of intentIds) {
    const intent = await stripeFor(stripe).paymentIntents.retrieve(id);
    if (intent.status === "succeeded" && intent.metadata.eventId === event.id) charged += 1;
  }

  // The floor: the same rows in raw SQL, the ticket row locked in each order's transaction.
  const floorEvent = await salesEvent(db, { places: null, guests: 1 });
  const lock = isPostgres(db) ? " for update" : "";
  const floorMs = await inParallel(PLACES, CONCURRENCY, async () => {
    await db.transaction(async (trx) => {
      await trx.raw(`select id from tickets where id = ?${lock}`, [floorEvent.ticket.id]);
      await trx.raw("update tickets set live_places = live_places + 1 where id = ?", [floorEvent.ticket.id]);
      const orderId = randomUUID();
      const now = new Date().toISOString();
      await trx.raw(
        "insert into orders (id, account_id, event_id, guest_id, status, payment_method, total_excl_tax_cents, " +
          "total_incl_tax_cents, currency, mode, ordered_at, created_at, updated_at) values (?, ?, ?, ?, 'completed', " +
          "'card', 10000, 12000, 'EUR', 'test', ?, ?, ?)",
        [orderId, floorEvent.event.accountId, floorEvent.event.id, floorEvent.guestIds[0]!, now, now, now],
      );
      await trx.raw(
        "insert into order_items (id, order_id, ticket_id, holder_guest_id, quantity, unit_price_incl_tax_cents, " +
          "unit_price_excl_tax_cents, tax_percent, refunded_quantity, created_at, updated_at) values " +
          "(?, ?, ?, null, 1, 12000, 10000, 20, 0, ?, ?)",
        [randomUUID(), orderId, floorEvent.ticket.id, now, now],
      );
      await trx.raw(
        "insert into payments (id, order_id, provider, mode, status, intent_id, amount_cents, captured_cents, " +
          "refunded_cents, created_at, updated_at) values (?, ?, 'stripe', 'test', 'succeeded', ?, 12000, 12000, 0, ?, ?)",
        [randomUUID(), orderId, `pi_floor_${orderId}`, now, now],
      );
    });
  });

  return {
    perSecond: (completed / ordersMs) * 1000,
    floorPerSecond: (PLACES / floorMs) * 1000,
    completed,
    refused,
    sold,
    charged,
  };
}

export async function benchTicketing(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const server = await startTestServer({ kind });
  const { db } = server;
  const standIn = await standInProcess();
  const stripe = { apiUrl: standIn.url, secretKey: STAND_IN_SECRET_KEY, webhookSecret: STAND_IN_WEBHOOK_SECRET };
  const context: PaymentContext = { db, stripe, now: () => new Date() };
  try {
    // The machine is shared: several rounds, each checkout with its floor next to it, and the medians reported.
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round += 1) rounds.push(await checkoutRound(db, context, stripe));
    const exact = rounds.every((round) => round.sold === PLACES && round.charged === round.completed);
    const oversold = Math.max(...rounds.map((round) => Math.max(0, round.sold - PLACES)));
    const last = rounds[rounds.length - 1]!;
    printTable(
      `ticketing on ${kind}: ${BUYERS.toLocaleString("en")} buyers (${CONCURRENCY} at a time) for ` +
        `${PLACES.toLocaleString("en")} places of one ticket, each a held cart then a card payment through the stripe ` +
        `SDK and the local stand-in; floor = per order one transaction locking the ticket row and inserting the ` +
        `order, its item and its payment in raw SQL, same concurrency; median of ${ROUNDS} rounds ` +
        `(${rounds.map((round) => `${round.perSecond.toFixed(0)}/${round.floorPerSecond.toFixed(0)}`).join(", ")} /s)`,
      [
        {
          operation: "completed orders / s (bar ≥ 100 on PostgreSQL)",
          figure: `${median(rounds.map((round) => round.perSecond)).toFixed(0)} /s`,
          floor: `${median(rounds.map((round) => round.floorPerSecond)).toFixed(0)} /s`,
          ratio: `${median(rounds.map((round) => round.floorPerSecond / round.perSecond)).toFixed(1)}× slower`,
        },
        {
          operation: "completed / refused (sold out) / places, last round",
          figure: `${last.completed} / ${last.refused} / ${PLACES}`,
          floor: "",
          ratio: "",
        },
        {
          operation: "oversold (places sold − places), worst round",
          figure: String(oversold),
          floor: "",
          ratio: exact ? "exact" : rounds.map((round) => `sold ${round.sold}, charged ${round.charged}`).join("; "),
        },
      ],
    );
  } finally {
    await standIn.stop();
    await server.close();
  }
}

import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { CARD_FRAME_HTML } from "./cardFrame.ts";
import { canonicalForm, FormError, type FormObject, type FormValue, parseForm } from "./formData.ts";
import { STRIPE_JS } from "./stripeJs.ts";

/**
 * A local stand-in of the part of Stripe's API that Tessera uses, which the real `stripe` SDK talks to
 * (`new Stripe(key, { host, port, protocol: "http" })`, or STRIPE_API_URL): tests and the demo take card
 * payments with no network and no Stripe account. Test mode only (sk_test_/rk_test_ keys).
 *
 * - PaymentIntents: create (amount, currency, metadata, capture_method, automatic_payment_methods or
 *   allowed_payment_method_types (the SDK's name since API version 2026-10-28; payment_method_types before it),
 *   payment_method, confirm, description, receipt_email, return_url), retrieve, confirm,
 *   capture (amount_to_capture), cancel (cancellation_reason). Stripe's test payment methods: pm_card_visa and
 *   pm_card_mastercard succeed, pm_card_chargeDeclined is declined (402 card_error card_declined),
 *   pm_card_chargeDeclinedInsufficientFunds too (decline_code insufficient_funds), pm_card_authenticationRequired
 *   stops at requires_action until the test calls authenticate().
 * - Refunds: create (payment_intent or charge, amount, reason, metadata), retrieve. Never more than the captured
 *   amount minus what is already refunded: every request is handled whole, with no await between its check and
 *   its write, so concurrent refunds cannot pass the check together.
 * - Charges and events: retrieve.
 * - Idempotency as Stripe: a POST's Idempotency-Key (per secret key) with the same path and parameters replays
 *   the first answer (header Idempotent-Replayed: true); with anything else, 400 idempotency_error. Answers to
 *   malformed requests (400 before anything ran, 401) are not kept, as at Stripe.
 * - Everything belongs to the secret key that made it: another key gets 404 resource_missing.
 * - The browser's side (Stripe.js), for the buyer's payment step: `GET /v3/stripe.js` serves a small Stripe.js
 *   (stripeJs.ts: Stripe(), elements(), the card element, createPaymentMethod, handleNextAction) and
 *   `GET /v3/elements/card` the card element's frame (cardFrame.ts), so that card numbers stay on this origin as
 *   they stay on Stripe's. Calls with a publishable key (`Authorization: Bearer pk_test_<x>` acts for the secret
 *   key `sk_test_<x>`) may create a PaymentMethod from a card (`POST /v1/payment_methods`: Stripe's test card
 *   numbers — 4242424242424242 and 5555555555554444 succeed, 4000000000000002 is declined, 4000000000009995 is
 *   declined for insufficient funds, 4000002500003155 asks for 3-D Secure — each acting as its pm_card_… at
 *   confirm), read a PaymentIntent with its client secret, and end its 3-D Secure step
 *   (`POST /v1/payment_intents/:id/authenticate`, outcome succeed or fail, a stand-in's own endpoint doing what
 *   authenticate() does). Every answer allows cross-origin calls (CORS), as Stripe's API does.
 * - Events are posted to `webhookUrl` with a real Stripe-Signature header (t=<unix seconds>,v1=<HMAC-SHA256 of
 *   "<t>.<body>" with the webhook secret>), one at a time in the order they happened, each attempt signed
 *   afresh; a non-2xx answer or a network error is retried (maxAttempts, retryDelayMs apart).
 */
export interface StripeStandInOptions {
  /** Where events are posted; none: events are only recorded. */
  webhookUrl?: string;
  /** The endpoint's signing secret ("whsec_…"). */
  webhookSecret: string;
  /** Event types posted (all when omitted), like an endpoint's enabled_events. */
  enabledEvents?: readonly string[];
  /** Attempts per event before it is given up (4). */
  maxAttempts?: number;
  /** Pause between two attempts of one event, in milliseconds (100). */
  retryDelayMs?: number;
  /** 127.0.0.1 unless told. */
  host?: string;
  /** 0 (any free port) unless told. */
  port?: number;
}

export interface StandInDelivery {
  eventId: string;
  type: string;
  /** 1 for the first attempt of this delivery. */
  attempt: number;
  /** The receiver's answer, null when the request failed (connection refused, reset…). */
  status: number | null;
  /** The t= of its signature. */
  signedAt: number;
  /** Sent by deliverAgain(), not by the event itself. */
  redelivery: boolean;
}

export interface StripeStandIn {
  /** Base URL: STRIPE_API_URL for the API's config. */
  url: string;
  host: string;
  port: number;
  /** Every charge made, in order (failed ones too, status "failed"), as the API shows them now. */
  charges(): Stripe.Charge[];
  paymentIntents(): Stripe.PaymentIntent[];
  refunds(): Stripe.Refund[];
  /** Every event, in order. */
  events(): Stripe.Event[];
  /** Every attempt to post an event so far. */
  deliveries(): StandInDelivery[];
  /** Resolves once every event so far has been posted (or given up). */
  idle(): Promise<void>;
  /**
   * Posts an event once more, same id and same body (Stripe resends events: receivers must process each once),
   * signed now or at `signedAt` (unix seconds: an old one makes a stale signature). No retries.
   */
  deliverAgain(eventId: string, options?: { signedAt?: number }): Promise<StandInDelivery>;
  /** The body and Stripe-Signature header an event is posted with, without posting it. */
  signedEvent(
    eventId: string,
    options?: { signedAt?: number; secret?: string },
  ): { payload: string; signature: string };
  /** Ends a 3-D Secure step (pm_card_authenticationRequired): the customer passes it, or fails it. */
  authenticate(paymentIntentId: string, outcome: "succeed" | "fail"): Stripe.PaymentIntent;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

interface ApiError {
  status: number;
  error: Json;
  /** Kept for the idempotency key (false for malformed requests, as at Stripe). */
  keep: boolean;
}

interface Answer {
  status: number;
  body: Json;
}

interface StoredAnswer extends Answer {
  route: string;
  params: string;
}

/** What a card does at confirm, and how a charge shows it. */
interface TestCard {
  outcome: "succeed" | "decline" | "authenticate";
  declineCode?: string;
  brand: string;
  last4: string;
  expMonth?: number;
  expYear?: number;
}

/** Stripe's test payment methods this stand-in knows. */
const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { outcome: "succeed", brand: "visa", last4: "4242" },
  pm_card_mastercard: { outcome: "succeed", brand: "mastercard", last4: "4444" },
  pm_card_chargeDeclined: { outcome: "decline", declineCode: "generic_decline", brand: "visa", last4: "0002" },
  pm_card_chargeDeclinedInsufficientFunds: {
    outcome: "decline",
    declineCode: "insufficient_funds",
    brand: "visa",
    last4: "9995",
  },
  pm_card_authenticationRequired: { outcome: "authenticate", brand: "visa", last4: "3184" },
};

/** Stripe's test card numbers, as typed in the card element, and the test payment method each acts as. */
const TEST_CARD_NUMBERS: Record<string, { acts: keyof typeof TEST_CARDS; last4: string }> = {
  "4242424242424242": { acts: "pm_card_visa", last4: "4242" },
  "5555555555554444": { acts: "pm_card_mastercard", last4: "4444" },
  "4000000000000002": { acts: "pm_card_chargeDeclined", last4: "0002" },
  "4000000000009995": { acts: "pm_card_chargeDeclinedInsufficientFunds", last4: "9995" },
  "4000002500003155": { acts: "pm_card_authenticationRequired", last4: "3155" },
};

/** The Luhn checksum every card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

const CANCELABLE = new Set(["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action"]);
const CONFIRMABLE = new Set(["requires_payment_method", "requires_confirmation"]);
const CANCELLATION_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer", "abandoned"]);
const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);
const MAX_BODY_BYTES = 1024 * 1024;

/** Browsers call this API from the buyer's page (Stripe.js), as they call Stripe's. */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, Idempotency-Key, Stripe-Version",
  "Access-Control-Expose-Headers": "Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed",
};

/** What the browser loads: the Stripe.js script and the card element's frame. */
const BROWSER_FILES: Record<string, { type: string; body: string }> = {
  "/v3/stripe.js": { type: "text/javascript; charset=utf-8", body: STRIPE_JS },
  "/v3/elements/card": { type: "text/html; charset=utf-8", body: CARD_FRAME_HTML },
};

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "0")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const clone = <T>(value: T): T => structuredClone(value);

function invalid(message: string, extra: Json = {}, status = 400, keep = false): ApiError {
  return { status, keep, error: { type: "invalid_request_error", message, ...extra } };
}
const missing = (param: string) => invalid(`Missing required param: ${param}.`, { code: "parameter_missing", param });
const unknownParam = (param: string) =>
  invalid(`Received unknown parameter: ${param}`, { code: "parameter_unknown", param });
const noSuch = (kind: string, id: string, param = "id") =>
  invalid(`No such ${kind}: '${id}'`, { code: "resource_missing", param }, 404, true);
const unexpectedState = (message: string, intent: Json) =>
  invalid(message, { code: "payment_intent_unexpected_state", payment_intent: intent }, 400, true);

function cardError(code: string, message: string, param: string, extra: Json = {}): ApiError {
  return { status: 402, keep: true, error: { type: "card_error", code, message, param, ...extra } };
}

function onlyParams(params: FormObject, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) if (!allowed.includes(key)) throw unknownParam(key);
}
function stringParam(params: FormObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string")
    throw invalid(`Invalid string: ${name}`, { code: "parameter_invalid_string", param: name });
  return value;
}
function intParam(params: FormObject, name: string): number | undefined {
  const value = stringParam(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw invalid(`Invalid integer: ${value}`, { code: "parameter_invalid_integer", param: name });
  }
  return Number(value);
}
function boolParam(params: FormObject, name: string): boolean | undefined {
  const value = stringParam(params, name);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(`Invalid boolean: ${value}`, { param: name });
  return value === "true";
}
function metadataParam(params: FormObject, previous: Record<string, string> = {}): Record<string, string> {
  const value = params.metadata;
  if (value === undefined) return previous;
  if (value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) throw invalid("Invalid hash", { param: "metadata" });
  const metadata = { ...previous };
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") throw invalid("Invalid metadata value", { param: `metadata[${key}]` });
    if (key.length > 40 || entry.length > 500) throw invalid("Metadata keys or values too long", { param: "metadata" });
    if (entry === "") delete metadata[key];
    else metadata[key] = entry;
  }
  if (Object.keys(metadata).length > 50) throw invalid("Metadata may hold at most 50 keys", { param: "metadata" });
  return metadata;
}
/** The properties an object of each kind can have expanded here (Stripe's expand[], one level deep). */
const EXPANDABLE = {
  payment_intent: ["latest_charge"],
  charge: ["payment_intent"],
  refund: ["charge", "payment_intent"],
  event: [],
} as const satisfies Record<string, readonly string[]>;

/** expand[], checked before anything is done (a refused request changes nothing). */
function expandParam(params: FormObject, kind: keyof typeof EXPANDABLE): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) => {
    if (typeof entry !== "string") throw invalid("Invalid array", { param: "expand" });
    if (!(EXPANDABLE[kind] as readonly string[]).includes(entry)) {
      throw invalid(`This property cannot be expanded (${entry}).`, { param: "expand" });
    }
    return entry;
  });
}

/** The objects of one secret key. */
interface Ledger {
  intents: Map<string, Json>;
  charges: Map<string, Json>;
  refunds: Map<string, Json>;
  events: Map<string, Json>;
  /** PaymentMethods made from cards in the browser (pk_…), with what each does at confirm. */
  paymentMethods: Map<string, { object: Json; card: TestCard }>;
  idempotency: Map<string, StoredAnswer>;
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const maxAttempts = options.maxAttempts ?? 4;
  const retryDelayMs = options.retryDelayMs ?? 100;
  const ledgers = new Map<string, Ledger>();
  // In creation order, across keys (the test-facing lists and event lookups).
  const allCharges: Json[] = [];
  const allIntents: Json[] = [];
  const allRefunds: Json[] = [];
  const allEvents: { event: Json; payload: string }[] = [];
  const eventsById = new Map<string, { event: Json; payload: string }>();
  const deliveryLog: StandInDelivery[] = [];
  let deliveryChain: Promise<void> = Promise.resolve();
  let closed = false;

  const ledgerOf = (key: string): Ledger => {
    let ledger = ledgers.get(key);
    if (!ledger) {
      ledger = {
        intents: new Map(),
        charges: new Map(),
        refunds: new Map(),
        events: new Map(),
        paymentMethods: new Map(),
        idempotency: new Map(),
      };
      ledgers.set(key, ledger);
    }
    return ledger;
  };

  // ---- events and their delivery ----

  /** The Stripe-Signature header of a payload, made by the SDK as Stripe makes it (t=…,v1=<HMAC-SHA256>). */
  function sign(payload: string, signedAt: number, secret = options.webhookSecret): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: signedAt });
  }

  async function post(entry: { event: Json; payload: string }, attempt: number, signedAt: number, redelivery: boolean) {
    let status: number | null;
    try {
      const response = await fetch(options.webhookUrl!, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "Stripe-Signature": sign(entry.payload, signedAt),
        },
        body: entry.payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      status = null;
    }
    const delivery: StandInDelivery = {
      eventId: entry.event.id as string,
      type: entry.event.type as string,
      attempt,
      status,
      signedAt,
      redelivery,
    };
    deliveryLog.push(delivery);
    return delivery;
  }

  function emit(
    ledger: Ledger,
    type: string,
    object: Json,
    request: { idempotencyKey: string | null; version: string },
  ) {
    const event: Json = {
      id: randomId("evt"),
      object: "event",
      api_version: request.version,
      created: nowSeconds(),
      data: { object: clone(object) },
      livemode: false,
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: request.idempotencyKey },
      type,
    };
    const entry = { event, payload: JSON.stringify(event, null, 2) };
    ledger.events.set(event.id as string, event);
    allEvents.push(entry);
    eventsById.set(event.id as string, entry);
    if (!options.webhookUrl || (options.enabledEvents && !options.enabledEvents.includes(type))) return;
    deliveryChain = deliveryChain.then(async () => {
      for (let attempt = 1; attempt <= maxAttempts && !closed; attempt++) {
        const delivery = await post(entry, attempt, nowSeconds(), false);
        if (delivery.status !== null && delivery.status >= 200 && delivery.status < 300) return;
        if (attempt < maxAttempts) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    });
  }

  // ---- the API's objects ----

  function intentById(ledger: Ledger, id: string, param = "intent"): Json {
    const intent = ledger.intents.get(id);
    if (!intent) throw noSuch("payment_intent", id, param);
    return intent;
  }

  function expanded(ledger: Ledger, object: Json, paths: string[]): Json {
    const copy = clone(object);
    const lookups: Record<string, Map<string, Json>> = {
      latest_charge: ledger.charges,
      charge: ledger.charges,
      payment_intent: ledger.intents,
    };
    for (const path of paths) {
      const value = copy[path];
      if (typeof value === "string" && lookups[path]) copy[path] = clone(lookups[path]!.get(value) ?? null);
    }
    return copy;
  }

  /** A test payment method (pm_card_…) or one this key made from a card; undefined for any other. */
  function cardOf(ledger: Ledger, paymentMethod: string): TestCard | undefined {
    return TEST_CARDS[paymentMethod] ?? ledger.paymentMethods.get(paymentMethod)?.card;
  }

  function newCharge(
    ledger: Ledger,
    intent: Json,
    paymentMethod: string,
    succeeded: boolean,
    declineCode?: string,
  ): Json {
    const card = cardOf(ledger, paymentMethod)!;
    const manual = intent.capture_method === "manual";
    const charge: Json = {
      id: randomId("ch"),
      object: "charge",
      amount: intent.amount,
      amount_captured: succeeded && !manual ? intent.amount : 0,
      amount_refunded: 0,
      captured: succeeded && !manual,
      created: nowSeconds(),
      currency: intent.currency,
      description: intent.description,
      failure_code: succeeded ? null : "card_declined",
      failure_message: succeeded ? null : "Your card was declined.",
      livemode: false,
      metadata: clone(intent.metadata),
      outcome: succeeded
        ? {
            network_status: "approved_by_network",
            reason: null,
            seller_message: "Payment complete.",
            type: "authorized",
          }
        : {
            network_status: "declined_by_network",
            reason: declineCode,
            seller_message: "The bank did not return any further details with this decline.",
            type: "issuer_declined",
          },
      paid: succeeded,
      payment_intent: intent.id,
      payment_method: paymentMethod,
      payment_method_details: {
        type: "card",
        card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth ?? 12, exp_year: card.expYear ?? 2034 },
      },
      refunded: false,
      status: succeeded ? "succeeded" : "failed",
    };
    ledger.charges.set(charge.id as string, charge);
    allCharges.push(charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  type RequestInfo = { idempotencyKey: string | null; version: string };

  /** A card accepted (after 3-D Secure when it asked for it): a charge, authorized or captured. */
  function succeed(ledger: Ledger, intent: Json, paymentMethod: string, request: RequestInfo): void {
    const charge = newCharge(ledger, intent, paymentMethod, true);
    intent.next_action = null;
    intent.last_payment_error = null;
    if (intent.capture_method === "manual") {
      intent.status = "requires_capture";
      intent.amount_capturable = intent.amount;
      emit(ledger, "charge.succeeded", charge, request);
      emit(ledger, "payment_intent.amount_capturable_updated", intent, request);
    } else {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      emit(ledger, "charge.succeeded", charge, request);
      emit(ledger, "payment_intent.succeeded", intent, request);
    }
  }

  function fail(
    ledger: Ledger,
    intent: Json,
    paymentMethod: string,
    code: string,
    declineCode: string | undefined,
    message: string,
    request: RequestInfo,
  ): ApiError {
    const charge = code === "card_declined" ? newCharge(ledger, intent, paymentMethod, false, declineCode) : null;
    const error: Json = {
      type: "card_error",
      code,
      ...(declineCode ? { decline_code: declineCode } : {}),
      message,
      ...(charge ? { charge: charge.id } : {}),
      payment_method: { id: paymentMethod, object: "payment_method", type: "card" },
    };
    intent.status = "requires_payment_method";
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_payment_error = error;
    if (charge) emit(ledger, "charge.failed", charge, request);
    emit(ledger, "payment_intent.payment_failed", intent, request);
    return { status: 402, keep: true, error: { ...error, payment_intent: clone(intent) } };
  }

  function confirm(ledger: Ledger, intent: Json, paymentMethodParam: string | undefined, request: RequestInfo): void {
    if (!CONFIRMABLE.has(intent.status as string)) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${String(intent.status)}.`,
        clone(intent),
      );
    }
    const paymentMethod = paymentMethodParam ?? (intent.payment_method as string | null);
    if (!paymentMethod) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update the payment_method parameter and confirm again.",
        clone(intent),
      );
    }
    const card = cardOf(ledger, paymentMethod);
    if (!card) throw noSuch("PaymentMethod", paymentMethod, "payment_method");
    intent.payment_method = paymentMethod;
    if (card.outcome === "succeed") succeed(ledger, intent, paymentMethod, request);
    else if (card.outcome === "authenticate") {
      intent.status = "requires_action";
      intent.next_action = {
        type: "use_stripe_sdk",
        use_stripe_sdk: {
          type: "three_d_secure_redirect",
          stripe_js: `https://hooks.stripe.com/3d_secure_2/hosted?intent=${String(intent.id)}`,
        },
      };
      emit(ledger, "payment_intent.requires_action", intent, request);
    } else {
      throw fail(ledger, intent, paymentMethod, "card_declined", card.declineCode, "Your card was declined.", request);
    }
  }

  function createIntent(ledger: Ledger, params: FormObject, request: RequestInfo): Answer {
    onlyParams(params, [
      "amount",
      "currency",
      "metadata",
      "capture_method",
      "automatic_payment_methods",
      "allowed_payment_method_types",
      "payment_method_types",
      "payment_method",
      "confirm",
      "description",
      "receipt_email",
      "return_url",
      "expand",
    ]);
    const amount = intParam(params, "amount");
    if (amount === undefined) throw missing("amount");
    const currency = stringParam(params, "currency")?.toLowerCase();
    if (currency === undefined) throw missing("currency");
    if (!/^[a-z]{3}$/.test(currency))
      throw invalid(`Invalid currency: ${currency}.`, { code: "invalid_currency", param: "currency" });
    if (amount < 50) {
      throw invalid("Amount must be at least 50 in the currency's smallest unit.", {
        code: "amount_too_small",
        param: "amount",
      });
    }
    if (amount > 99_999_999) {
      throw invalid("Amount must be no more than 99999999 in the currency's smallest unit.", {
        code: "amount_too_large",
        param: "amount",
      });
    }
    const captureMethod = stringParam(params, "capture_method") ?? "automatic_async";
    if (!["automatic", "automatic_async", "manual"].includes(captureMethod)) {
      throw invalid(`Invalid capture_method: ${captureMethod}`, { param: "capture_method" });
    }
    const automatic = params.automatic_payment_methods;
    let automaticEnabled = false;
    if (automatic !== undefined) {
      if (typeof automatic !== "object" || Array.isArray(automatic))
        throw invalid("Invalid hash", { param: "automatic_payment_methods" });
      onlyParams(automatic, ["enabled", "allow_redirects"]);
      const enabled = boolParam(automatic, "enabled");
      if (enabled === undefined) throw missing("automatic_payment_methods[enabled]");
      automaticEnabled = enabled;
    }
    if (params.allowed_payment_method_types !== undefined && params.payment_method_types !== undefined) {
      throw invalid(
        "You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.",
        {
          code: "parameters_exclusive",
          param: "payment_method_types",
        },
      );
    }
    const typesName =
      params.payment_method_types !== undefined ? "payment_method_types" : "allowed_payment_method_types";
    const typesParam = params[typesName];
    let allowedTypes: string[] | null = null;
    if (typesParam !== undefined) {
      if (automaticEnabled) {
        throw invalid(`You may only specify one of these parameters: automatic_payment_methods, ${typesName}.`, {
          code: "parameters_exclusive",
          param: typesName,
        });
      }
      if (!Array.isArray(typesParam) || typesParam.some((type) => typeof type !== "string")) {
        throw invalid("Invalid array", { param: typesName });
      }
      allowedTypes = typesParam as string[];
      for (const type of allowedTypes) {
        if (type !== "card") {
          throw invalid(`The payment method type "${type}" is invalid (this stand-in takes cards only).`, {
            code: "payment_method_type_invalid",
            param: typesName,
          });
        }
      }
    }
    const paymentMethod = stringParam(params, "payment_method");
    if (paymentMethod !== undefined && !cardOf(ledger, paymentMethod))
      throw noSuch("PaymentMethod", paymentMethod, "payment_method");
    const confirmNow = boolParam(params, "confirm") ?? false;
    if (confirmNow && !paymentMethod) {
      throw invalid("You cannot confirm this PaymentIntent because it's missing a payment method.", {
        code: "parameter_missing",
        param: "payment_method",
      });
    }
    const paths = expandParam(params, "payment_intent");
    const id = randomId("pi");
    const intent: Json = {
      id,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: automaticEnabled || !allowedTypes ? { enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod,
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      confirmation_method: "automatic",
      created: nowSeconds(),
      currency,
      description: stringParam(params, "description") ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadataParam(params),
      next_action: null,
      payment_method: paymentMethod ?? null,
      allowed_payment_method_types: allowedTypes,
      payment_method_types: ["card"],
      receipt_email: stringParam(params, "receipt_email") ?? null,
      status: paymentMethod ? "requires_confirmation" : "requires_payment_method",
    };
    ledger.intents.set(id, intent);
    allIntents.push(intent);
    emit(ledger, "payment_intent.created", intent, request);
    if (confirmNow) confirm(ledger, intent, undefined, request);
    return { status: 200, body: expanded(ledger, intent, paths) };
  }

  function confirmIntent(ledger: Ledger, id: string, params: FormObject, request: RequestInfo): Answer {
    onlyParams(params, ["payment_method", "return_url", "receipt_email", "expand"]);
    const intent = intentById(ledger, id);
    const paymentMethod = stringParam(params, "payment_method");
    const paths = expandParam(params, "payment_intent");
    confirm(ledger, intent, paymentMethod, request);
    return { status: 200, body: expanded(ledger, intent, paths) };
  }

  function captureIntent(ledger: Ledger, id: string, params: FormObject, request: RequestInfo): Answer {
    onlyParams(params, ["amount_to_capture", "metadata", "expand"]);
    const intent = intentById(ledger, id);
    const amountToCapture = intParam(params, "amount_to_capture");
    const paths = expandParam(params, "payment_intent");
    if (intent.status !== "requires_capture") {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        clone(intent),
      );
    }
    const capturable = intent.amount_capturable as number;
    const amount = amountToCapture ?? capturable;
    if (amount < 1 || amount > capturable) {
      throw invalid(`The amount to capture must be between 1 and ${capturable}.`, {
        code: "amount_too_large",
        param: "amount_to_capture",
      });
    }
    const charge = ledger.charges.get(intent.latest_charge as string)!;
    charge.amount_captured = amount;
    charge.captured = true;
    intent.metadata = metadataParam(params, intent.metadata as Record<string, string>);
    intent.amount_capturable = 0;
    intent.amount_received = amount;
    intent.status = "succeeded";
    emit(ledger, "charge.captured", charge, request);
    emit(ledger, "payment_intent.succeeded", intent, request);
    return { status: 200, body: expanded(ledger, intent, paths) };
  }

  function cancelIntent(ledger: Ledger, id: string, params: FormObject, request: RequestInfo): Answer {
    onlyParams(params, ["cancellation_reason", "expand"]);
    const intent = intentById(ledger, id);
    const reason = stringParam(params, "cancellation_reason") ?? null;
    const paths = expandParam(params, "payment_intent");
    if (reason !== null && !CANCELLATION_REASONS.has(reason))
      throw invalid(`Invalid cancellation_reason: ${reason}`, { param: "cancellation_reason" });
    if (!CANCELABLE.has(intent.status as string)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        clone(intent),
      );
    }
    if (intent.status === "requires_capture") {
      // The authorization is released: Stripe shows the uncaptured charge as refunded.
      const charge = ledger.charges.get(intent.latest_charge as string)!;
      charge.amount_refunded = charge.amount;
      charge.refunded = true;
    }
    intent.status = "canceled";
    intent.canceled_at = nowSeconds();
    intent.cancellation_reason = reason;
    intent.amount_capturable = 0;
    intent.next_action = null;
    emit(ledger, "payment_intent.canceled", intent, request);
    return { status: 200, body: expanded(ledger, intent, paths) };
  }

  function createRefund(ledger: Ledger, params: FormObject, request: RequestInfo): Answer {
    onlyParams(params, ["payment_intent", "charge", "amount", "reason", "metadata", "expand"]);
    const intentId = stringParam(params, "payment_intent");
    const chargeId = stringParam(params, "charge");
    const amountParam = intParam(params, "amount");
    const reason = stringParam(params, "reason") ?? null;
    const metadata = metadataParam(params);
    const paths = expandParam(params, "refund");
    if (reason !== null && !REFUND_REASONS.has(reason)) throw invalid(`Invalid reason: ${reason}`, { param: "reason" });
    if (!intentId && !chargeId)
      throw invalid("One of the following params should be provided for this request: payment_intent or charge.");
    if (intentId && chargeId) throw invalid("You may only specify one of these parameters: charge, payment_intent.");
    let charge: Json | undefined;
    if (intentId) {
      const intent = intentById(ledger, intentId, "payment_intent");
      const latest = intent.latest_charge ? ledger.charges.get(intent.latest_charge as string) : undefined;
      if (!latest || latest.status !== "succeeded" || intent.status !== "succeeded") {
        throw invalid(
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          { code: "charge_not_refundable", param: "payment_intent" },
          400,
          true,
        );
      }
      charge = latest;
    } else {
      charge = ledger.charges.get(chargeId!);
      if (!charge) throw noSuch("charge", chargeId!, "charge");
      if (charge.status !== "succeeded" || !charge.captured) {
        throw invalid(
          `Charge ${chargeId} has not been captured.`,
          { code: "charge_not_refundable", param: "charge" },
          400,
          true,
        );
      }
    }
    const refundable = (charge.amount_captured as number) - (charge.amount_refunded as number);
    if (refundable <= 0) {
      throw invalid(
        `Charge ${String(charge.id)} has already been refunded.`,
        { code: "charge_already_refunded" },
        400,
        true,
      );
    }
    const amount = amountParam ?? refundable;
    if (amount < 1) throw invalid("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
    if (amount > refundable) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${refundable}).`,
        { code: "amount_too_large", param: "amount" },
        400,
        true,
      );
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    const refund: Json = {
      id: randomId("re"),
      object: "refund",
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      metadata,
      payment_intent: charge.payment_intent,
      reason,
      status: "succeeded",
    };
    ledger.refunds.set(refund.id as string, refund);
    allRefunds.push(refund);
    emit(ledger, "refund.created", refund, request);
    emit(ledger, "charge.refunded", charge, request);
    return { status: 200, body: expanded(ledger, refund, paths) };
  }

  function retrieve(
    ledger: Ledger,
    kind: "payment_intent" | "refund" | "charge" | "event",
    id: string,
    params: FormObject,
  ): Answer {
    onlyParams(params, ["expand"]);
    const paths = expandParam(params, kind);
    const store = {
      payment_intent: ledger.intents,
      refund: ledger.refunds,
      charge: ledger.charges,
      event: ledger.events,
    }[kind];
    const object = store.get(id);
    if (!object) throw noSuch(kind, id);
    // An event has nothing to expand (EXPANDABLE.event is empty): expanded() gives its copy.
    return { status: 200, body: expanded(ledger, object, paths) };
  }

  /** The end of a 3-D Secure step: the card is charged, or the intent asks for another payment method. */
  function endAuthentication(ledger: Ledger, intent: Json, outcome: "succeed" | "fail"): void {
    const request = { idempotencyKey: null, version: Stripe.API_VERSION };
    const paymentMethod = intent.payment_method as string;
    if (outcome === "succeed") succeed(ledger, intent, paymentMethod, request);
    else {
      fail(
        ledger,
        intent,
        paymentMethod,
        "payment_intent_authentication_failure",
        undefined,
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
        request,
      );
    }
  }

  // ---- what the browser asks with a publishable key (Stripe.js) ----

  /** A card typed in the card element, as a PaymentMethod of the key's account; card errors as Stripe words them. */
  function createPaymentMethod(ledger: Ledger, params: FormObject): Answer {
    onlyParams(params, ["type", "card", "billing_details", "metadata", "payment_user_agent", "time_on_page"]);
    const type = stringParam(params, "type");
    if (type === undefined) throw missing("type");
    if (type !== "card") {
      throw invalid(`Invalid type: ${type} (this stand-in takes cards only).`, {
        code: "parameter_invalid",
        param: "type",
      });
    }
    const card = params.card;
    if (card === undefined) throw missing("card");
    if (typeof card !== "object" || Array.isArray(card)) throw invalid("Invalid hash", { param: "card" });
    onlyParams(card, ["number", "exp_month", "exp_year", "cvc"]);
    const number = stringParam(card, "number")?.replace(/[\s-]/g, "");
    if (!number) throw missing("card[number]");
    const expMonth = intParam(card, "exp_month");
    if (expMonth === undefined) throw missing("card[exp_month]");
    const rawYear = intParam(card, "exp_year");
    if (rawYear === undefined) throw missing("card[exp_year]");
    const cvc = stringParam(card, "cvc");
    if (!/^\d+$/.test(number) || !passesLuhn(number)) {
      throw cardError("incorrect_number", "Your card number is incorrect.", "card[number]");
    }
    if (expMonth < 1 || expMonth > 12) {
      throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "card[exp_month]");
    }
    const expYear = rawYear < 100 ? 2000 + rawYear : rawYear;
    const now = new Date();
    const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    if (expYear < year || expYear > year + 50) {
      throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", "card[exp_year]");
    }
    if (expYear === year && expMonth < month) {
      throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "card[exp_month]");
    }
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
      throw cardError("invalid_cvc", "Your card's security code is invalid.", "card[cvc]");
    }
    const test = TEST_CARD_NUMBERS[number];
    if (!test) {
      throw cardError(
        "card_declined",
        "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
        "card[number]",
        { decline_code: "test_mode_live_card" },
      );
    }
    const behaviour: TestCard = { ...TEST_CARDS[test.acts]!, last4: test.last4, expMonth, expYear };
    const billing = params.billing_details;
    if (billing !== undefined && (typeof billing !== "object" || Array.isArray(billing))) {
      throw invalid("Invalid hash", { param: "billing_details" });
    }
    const billingDetails = (billing ?? {}) as FormObject;
    onlyParams(billingDetails, ["name", "email", "phone", "address"]);
    const address = billingDetails.address;
    if (address !== undefined && (typeof address !== "object" || Array.isArray(address))) {
      throw invalid("Invalid hash", { param: "billing_details[address]" });
    }
    const addressParams = (address ?? {}) as FormObject;
    onlyParams(addressParams, ["line1", "line2", "postal_code", "city", "state", "country"]);
    const addressField = (name: string) => stringParam(addressParams, name) ?? null;
    const object: Json = {
      id: randomId("pm"),
      object: "payment_method",
      billing_details: {
        address: {
          city: addressField("city"),
          country: addressField("country"),
          line1: addressField("line1"),
          line2: addressField("line2"),
          postal_code: addressField("postal_code"),
          state: addressField("state"),
        },
        email: stringParam(billingDetails, "email") ?? null,
        name: stringParam(billingDetails, "name") ?? null,
        phone: stringParam(billingDetails, "phone") ?? null,
      },
      card: {
        brand: behaviour.brand,
        country: "US",
        exp_month: expMonth,
        exp_year: expYear,
        funding: "credit",
        last4: behaviour.last4,
      },
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata: metadataParam(params),
      type: "card",
    };
    ledger.paymentMethods.set(object.id as string, { object, card: behaviour });
    return { status: 200, body: clone(object) };
  }

  function retrievePaymentMethod(ledger: Ledger, id: string, params: FormObject): Answer {
    onlyParams(params, []);
    const found = ledger.paymentMethods.get(id);
    if (found) return { status: 200, body: clone(found.object) };
    const test = TEST_CARDS[id];
    if (!test) throw noSuch("PaymentMethod", id);
    return {
      status: 200,
      body: {
        id,
        object: "payment_method",
        type: "card",
        card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: 2034 },
        livemode: false,
      },
    };
  }

  /** An intent read with its client secret (a publishable key may read no other): what Stripe.js is shown. */
  function intentBySecret(ledger: Ledger, id: string, params: FormObject): Json {
    const secret = stringParam(params, "client_secret");
    if (secret === undefined) throw missing("client_secret");
    const intent = ledger.intents.get(id);
    if (!intent || intent.client_secret !== secret) throw noSuch("payment_intent", id);
    return intent;
  }

  /** The part of an intent a publishable key sees (Stripe leaves out metadata, the charge and its customer). */
  function publicIntent(intent: Json): Json {
    const shown: Json = {};
    for (const key of [
      "id",
      "object",
      "amount",
      "canceled_at",
      "cancellation_reason",
      "capture_method",
      "client_secret",
      "confirmation_method",
      "created",
      "currency",
      "description",
      "last_payment_error",
      "livemode",
      "next_action",
      "payment_method",
      "payment_method_types",
      "receipt_email",
      "status",
    ]) {
      shown[key] = clone(intent[key]);
    }
    return shown;
  }

  function retrieveIntentBySecret(ledger: Ledger, id: string, params: FormObject): Answer {
    onlyParams(params, ["client_secret"]);
    return { status: 200, body: publicIntent(intentBySecret(ledger, id, params)) };
  }

  /** The customer passed or failed the 3-D Secure step Stripe.js showed them (the stand-in's own endpoint). */
  function authenticateBySecret(ledger: Ledger, id: string, params: FormObject): Answer {
    onlyParams(params, ["client_secret", "outcome"]);
    const intent = intentBySecret(ledger, id, params);
    const outcome = stringParam(params, "outcome");
    if (outcome !== "succeed" && outcome !== "fail") {
      throw invalid("outcome must be succeed or fail.", { code: "parameter_invalid", param: "outcome" });
    }
    if (intent.status !== "requires_action") {
      throw unexpectedState(
        `This PaymentIntent has a status of ${String(intent.status)}: it has no authentication to complete.`,
        publicIntent(intent),
      );
    }
    endAuthentication(ledger, intent, outcome);
    return { status: 200, body: publicIntent(intent) };
  }

  // ---- HTTP ----

  function route(
    method: string,
    path: string,
  ): ((ledger: Ledger, params: FormObject, request: RequestInfo) => Answer) | null {
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/payment_intents") return createIntent;
    if (method === "POST" && path === "/v1/refunds") return createRefund;
    if (method === "POST" && path === "/v1/payment_methods")
      return (ledger, params) => createPaymentMethod(ledger, params);
    if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === "GET") {
      const id = m[1]!;
      return (ledger, params) => retrieve(ledger, "payment_intent", id, params);
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)\/(confirm|capture|cancel)$/.exec(path)) && method === "POST") {
      const [id, action] = [m[1]!, m[2]!];
      const handler = { confirm: confirmIntent, capture: captureIntent, cancel: cancelIntent }[action]!;
      return (ledger, params, request) => handler(ledger, id, params, request);
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)) && method === "GET") {
      const id = m[1]!;
      return (ledger, params) => retrievePaymentMethod(ledger, id, params);
    }
    if ((m = /^\/v1\/(refunds|charges|events)\/([^/]+)$/.exec(path)) && method === "GET") {
      const kind = ({ refunds: "refund", charges: "charge", events: "event" } as const)[m[1] as "refunds"];
      const id = m[2]!;
      return (ledger, params) => retrieve(ledger, kind, id, params);
    }
    return null;
  }

  /** What Stripe.js asks with a publishable key; null for the secret key's routes. */
  function publishableRoute(method: string, path: string): ((ledger: Ledger, params: FormObject) => Answer) | null {
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/payment_methods") return createPaymentMethod;
    if ((m = /^\/v1\/payment_intents\/([^/]+)\/authenticate$/.exec(path)) && method === "POST") {
      const id = m[1]!;
      return (ledger, params) => authenticateBySecret(ledger, id, params);
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === "GET") {
      const id = m[1]!;
      return (ledger, params) => retrieveIntentBySecret(ledger, id, params);
    }
    return null;
  }

  function secretKeyOf(req: IncomingMessage): string {
    const header = req.headers.authorization;
    if (!header) {
      throw invalid(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        {},
        401,
      );
    }
    const match = /^Bearer ((?:sk|rk)_test_[A-Za-z0-9_]+)$/.exec(header);
    if (!match)
      throw invalid("Invalid API Key provided (this stand-in takes test keys only: sk_test_… or rk_test_…).", {}, 401);
    return match[1]!;
  }

  function formParams(method: string, body: string, url: URL): FormObject {
    try {
      return method === "POST" ? parseForm(body) : parseForm(url.search.slice(1));
    } catch (error) {
      if (error instanceof FormError) throw invalid(error.message);
      throw error;
    }
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) throw invalid("Request body too large.", {}, 413);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  function send(res: ServerResponse, answer: Answer, headers: Record<string, string>): void {
    const body = JSON.stringify(answer.body, null, 2);
    res.writeHead(answer.status, {
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(body),
      "Request-Id": randomId("req"),
      "Stripe-Version": headers.version ?? Stripe.API_VERSION,
      ...CORS_HEADERS,
      ...(headers.idempotencyKey ? { "Idempotency-Key": headers.idempotencyKey } : {}),
      ...(headers.replayed ? { "Idempotent-Replayed": "true" } : {}),
    });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://stand-in");
    const version =
      typeof req.headers["stripe-version"] === "string" ? req.headers["stripe-version"] : Stripe.API_VERSION;
    const idempotencyKey =
      method === "POST" && typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const headers: Record<string, string> = { version, ...(idempotencyKey ? { idempotencyKey } : {}) };
    if (method === "OPTIONS") {
      res.writeHead(204, { ...CORS_HEADERS, "Access-Control-Max-Age": "600" }).end();
      return;
    }
    const page = method === "GET" ? BROWSER_FILES[url.pathname] : undefined;
    if (page) {
      res.writeHead(200, {
        "Content-Type": page.type,
        "Content-Length": Buffer.byteLength(page.body),
        "Cache-Control": "no-cache",
        ...CORS_HEADERS,
      });
      res.end(page.body);
      return;
    }
    try {
      const body = method === "POST" ? await readBody(req) : "";
      // Everything below runs without awaiting: one request at a time, from its checks to its writes.
      const publishableKey = /^Bearer (pk_test_[A-Za-z0-9_]+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (publishableKey) {
        const publishable = publishableRoute(method, url.pathname);
        if (!publishable) {
          throw invalid(
            "This API call cannot be made with a publishable API key. Please use a secret API key.",
            {},
            401,
          );
        }
        const ledger = ledgerOf(`sk_test_${publishableKey.slice("pk_test_".length)}`);
        send(res, publishable(ledger, formParams(method, body, url)), headers);
        return;
      }
      const secretKey = secretKeyOf(req);
      const handler = route(method, url.pathname);
      if (!handler) throw invalid(`Unrecognized request URL (${method}: ${url.pathname}).`, {}, 404);
      const params = formParams(method, body, url);
      const ledger = ledgerOf(secretKey);
      const routeKey = `${method} ${url.pathname}`;
      const canonical = canonicalForm(params as FormValue);
      if (idempotencyKey) {
        if (idempotencyKey.length > 255) throw invalid("Idempotency keys may be at most 255 characters long.");
        const stored = ledger.idempotency.get(idempotencyKey);
        if (stored) {
          if (stored.route !== routeKey || stored.params !== canonical) {
            const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
            throw { status: 400, keep: false, error: { type: "idempotency_error", message } } satisfies ApiError;
          }
          send(res, stored, { ...headers, replayed: "true" });
          return;
        }
      }
      let answer: Answer;
      try {
        answer = handler(ledger, params, { idempotencyKey, version });
      } catch (error) {
        if (!isApiError(error)) throw error;
        if (idempotencyKey && error.keep) {
          ledger.idempotency.set(idempotencyKey, {
            route: routeKey,
            params: canonical,
            status: error.status,
            body: { error: error.error },
          });
        }
        throw error;
      }
      if (idempotencyKey)
        ledger.idempotency.set(idempotencyKey, { route: routeKey, params: canonical, ...clone(answer) });
      send(res, answer, headers);
    } catch (error) {
      if (isApiError(error)) {
        send(res, { status: error.status, body: { error: error.error } }, headers);
      } else {
        send(res, { status: 500, body: { error: { type: "api_error", message: String(error) } } }, headers);
      }
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = options.host ?? "127.0.0.1";

  return {
    url: `http://${host}:${address.port}`,
    host,
    port: address.port,
    charges: () => clone(allCharges) as unknown as Stripe.Charge[],
    paymentIntents: () => clone(allIntents) as unknown as Stripe.PaymentIntent[],
    refunds: () => clone(allRefunds) as unknown as Stripe.Refund[],
    events: () => allEvents.map((entry) => clone(entry.event)) as unknown as Stripe.Event[],
    deliveries: () => clone(deliveryLog),
    idle: async () => {
      // Deliveries queued while waiting are waited for as well.
      let chain: Promise<void>;
      do {
        chain = deliveryChain;
        await chain;
      } while (chain !== deliveryChain);
    },
    deliverAgain: async (eventId, again = {}) => {
      const entry = eventsById.get(eventId);
      if (!entry) throw new Error(`No event ${eventId}`);
      if (!options.webhookUrl) throw new Error("The stand-in has no webhookUrl");
      const previous = deliveryLog.filter((delivery) => delivery.eventId === eventId).length;
      return post(entry, previous + 1, again.signedAt ?? nowSeconds(), true);
    },
    signedEvent: (eventId, signing = {}) => {
      const entry = eventsById.get(eventId);
      if (!entry) throw new Error(`No event ${eventId}`);
      return {
        payload: entry.payload,
        signature: sign(entry.payload, signing.signedAt ?? nowSeconds(), signing.secret),
      };
    },
    authenticate: (paymentIntentId, outcome) => {
      const found = [...ledgers.values()].find((ledger) => ledger.intents.has(paymentIntentId));
      const intent = found?.intents.get(paymentIntentId);
      if (!found || !intent) throw new Error(`No PaymentIntent ${paymentIntentId}`);
      if (intent.status !== "requires_action")
        throw new Error(`PaymentIntent ${paymentIntentId} is ${String(intent.status)}`);
      endAuthentication(found, intent, outcome);
      return clone(intent) as unknown as Stripe.PaymentIntent;
    },
    close: async () => {
      closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deliveryChain;
    },
  };
}

function isApiError(error: unknown): error is ApiError {
  return typeof error === "object" && error !== null && "error" in error && "status" in error && "keep" in error;
}

/*
 * Stripe.js, loaded from where the API says (`card.stripeJsUrl`: js.stripe.com, or the local stand-in in tests
 * and the demo) by a <script> tag, as Stripe documents it; @stripe/stripe-js is not used, for it loads from
 * js.stripe.com only. The types are the part of Stripe.js the payment step uses, under Stripe's names.
 */

export interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

export interface CardChangeEvent {
  elementType: "card";
  empty: boolean;
  complete: boolean;
  error?: StripeError;
}

export interface StripeCardElement {
  mount(target: string | HTMLElement): void;
  on(event: "change", handler: (event: CardChangeEvent) => void): StripeCardElement;
  on(event: "ready" | "focus" | "blur", handler: () => void): StripeCardElement;
  focus(): void;
  unmount(): void;
  destroy(): void;
}

export interface StripeBillingDetails {
  name?: string;
  email?: string;
  address?: { line1?: string; postal_code?: string; city?: string; country?: string };
}

export interface StripeInstance {
  elements(options?: { locale?: string }): { create(type: "card", options?: object): StripeCardElement };
  createPaymentMethod(params: {
    type: "card";
    card: StripeCardElement;
    billing_details?: StripeBillingDetails;
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  handleNextAction(params: {
    clientSecret: string;
  }): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>;
}

type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeInstance;

const loading = new Map<string, Promise<StripeFactory>>();

/** Stripe.js from its address, once a page (a second call waits for the first); rejects when it cannot load. */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  const present = (window as { Stripe?: StripeFactory }).Stripe;
  if (present) return Promise.resolve(present);
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<StripeFactory>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.onload = () => {
        const factory = (window as { Stripe?: StripeFactory }).Stripe;
        if (factory) resolve(factory);
        else reject(new Error(`Stripe.js at ${url} did not define Stripe`));
      };
      script.onerror = () => {
        loading.delete(url);
        script.remove();
        reject(new Error(`Stripe.js could not be loaded from ${url}`));
      };
      document.head.appendChild(script);
    });
    loading.set(url, promise);
  }
  return promise;
}

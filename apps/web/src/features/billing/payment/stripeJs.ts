/**
 * Stripe.js, loaded by a script tag when the server's provider is Stripe (no npm package: the
 * library must come from js.stripe.com to keep the card data out of our pages' scope).
 * Only the part the card form uses is typed here.
 */
export interface StripeElement {
  mount(target: HTMLElement): void;
  on(event: 'ready', handler: () => void): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment'): StripeElement;
}

interface StripeConfirmResult {
  error?: { message?: string };
  paymentIntent?: { id: string; status: string };
  setupIntent?: { id: string; status: string };
}

export interface StripeClient {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    redirect: 'if_required';
    confirmParams: { return_url: string };
  }): Promise<StripeConfirmResult>;
  confirmSetup(options: {
    elements: StripeElements;
    redirect: 'if_required';
    confirmParams: { return_url: string };
  }): Promise<StripeConfirmResult>;
}

type StripeFactory = (publishableKey: string) => StripeClient;

const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
let loading: Promise<StripeFactory> | null = null;

/** Adds the Stripe.js script once and resolves with its global factory. */
export function loadStripe(): Promise<StripeFactory> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js loaded without its Stripe() factory'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

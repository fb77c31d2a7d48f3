/**
 * Stripe.js, loaded from js.stripe.com only when Stripe is the configured gateway (the CSP allows that origin only
 * then, decision 032). Stripe's card field lives in Stripe's own frame: the number is never in our page's DOM.
 */
interface StripeJs {
  elements(): { create(kind: 'card', options?: object): StripeElement };
  createPaymentMethod(opts: { type: 'card'; card: StripeElement }): Promise<{
    paymentMethod?: { id: string };
    error?: { message?: string };
  }>;
}
interface StripeElement {
  mount(el: HTMLElement): void;
  destroy(): void;
}
declare global {
  interface Window {
    Stripe?: (key: string) => StripeJs;
  }
}

export interface StripeCard {
  /** The PaymentMethod id of the entered card, or null when Stripe refused it. */
  createPaymentMethod(): Promise<string | null>;
  destroy(): void;
}

const STRIPE_JS = 'https://js.stripe.com/v3/';
let loading: Promise<void> | undefined;

function loadScript(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

export async function loadStripeCard(publishableKey: string, container: HTMLElement): Promise<StripeCard> {
  await loadScript();
  if (!window.Stripe) throw new Error('Stripe.js did not load');
  const stripe = window.Stripe(publishableKey);
  const card = stripe.elements().create('card', { hidePostalCode: true });
  card.mount(container);
  return {
    async createPaymentMethod() {
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      return result.paymentMethod?.id ?? null;
    },
    destroy: () => card.destroy(),
  };
}

import { useOrder, usePublicOrder, type OrderRef } from '../../../api/billing';

/** The order being paid, by id for an account or by uuid on the public page. */
export function useOrderForPayment(ref: OrderRef) {
  // Both hooks run (hooks cannot be conditional); the unused one asks for nothing.
  const own = useOrder(ref.kind === 'order' ? ref.id : 0, ref.kind === 'order');
  const pub = usePublicOrder(ref.kind === 'public' ? ref.uuid : '', ref.kind === 'public');
  return ref.kind === 'order' ? own : pub;
}

/** Where the provider's success leads (spec 002 §4.5). */
export function successPath(ref: OrderRef, orderId: number, intentId: string | null): string {
  const query = new URLSearchParams({ order_id: String(orderId) });
  if (intentId) query.set('payment_intent', intentId);
  return `${ref.kind === 'order' ? '/payment-success' : '/approve-order-success'}?${query}`;
}

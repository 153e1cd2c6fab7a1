import type { PaymentMethod } from '../../../api/billing';

/** The card the modal starts with: the default, else the first (spec 002 §4.5). */
export function initialCard(cards: PaymentMethod[]): PaymentMethod | null {
  return cards.find((c) => c.default) ?? cards[0] ?? null;
}

/**
 * Spec 002 §5: submit is disabled while the agreement is unticked, cards are loading, a
 * payment is in progress, or there is nothing to pay with yet.
 */
export function canSubmitPayment(state: {
  agreed: boolean;
  cardsLoading: boolean;
  inProgress: boolean;
  useSaved: boolean;
  savedCardId: string | number | null;
  cardFormReady: boolean;
}): boolean {
  if (!state.agreed || state.cardsLoading || state.inProgress) return false;
  return state.useSaved ? state.savedCardId !== null : state.cardFormReady;
}

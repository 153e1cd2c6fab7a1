import { describe, expect, it } from 'vitest';
import { canSubmitPayment, initialCard } from './paymentForm';

const card = (id: number, isDefault: boolean) => ({
  id,
  brand: 'visa',
  last4: '4242',
  exp_month: 1,
  exp_year: 2030,
  default: isDefault,
});

describe('payment modal rules', () => {
  it('starts with the default card, else the first', () => {
    expect(initialCard([card(1, false), card(2, true)])?.id).toBe(2);
    expect(initialCard([card(1, false), card(3, false)])?.id).toBe(1);
    expect(initialCard([])).toBeNull();
  });

  it('keeps submit disabled until agreed, loaded, idle and a card is there', () => {
    const ready = {
      agreed: true,
      cardsLoading: false,
      inProgress: false,
      useSaved: true,
      savedCardId: 1,
      cardFormReady: false,
    };
    expect(canSubmitPayment(ready)).toBe(true);
    expect(canSubmitPayment({ ...ready, agreed: false })).toBe(false);
    expect(canSubmitPayment({ ...ready, cardsLoading: true })).toBe(false);
    expect(canSubmitPayment({ ...ready, inProgress: true })).toBe(false);
    expect(canSubmitPayment({ ...ready, useSaved: false })).toBe(false);
    expect(canSubmitPayment({ ...ready, useSaved: false, cardFormReady: true })).toBe(true);
  });
});

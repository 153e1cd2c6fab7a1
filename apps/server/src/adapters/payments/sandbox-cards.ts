import { BILLING_MESSAGES, SANDBOX_TEST_CARDS } from '@waymark/domain';

export type CardBehaviour = 'succeed' | 'decline' | 'decline-charges' | 'authenticate';

export interface EnteredCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** The Luhn check every real card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (digits.startsWith('6')) return 'Discover';
  return 'Card';
}

/**
 * What the sandbox does with an entered card, as Stripe's test mode does with the same
 * numbers: 4000 0000 0000 0002 is declined, 4000 0000 0000 0341 is saved and then declined
 * when charged, 4000 0025 0000 3155 asks for a confirmation step,
 * any other valid number succeeds. A wrong number or a past expiry is refused as Stripe's form
 * refuses it, with its message.
 */
export function readCard(
  card: EnteredCard,
  now: Date,
):
  | { ok: true; brand: string; last4: string; behaviour: CardBehaviour }
  | { ok: false; error: string } {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) {
    return { ok: false, error: BILLING_MESSAGES.cardIncomplete };
  }
  const expiresAt = Date.UTC(card.exp_year, card.exp_month, 1);
  if (card.exp_month < 1 || card.exp_month > 12 || now.getTime() >= expiresAt) {
    return { ok: false, error: BILLING_MESSAGES.cardExpired };
  }
  const behaviour: CardBehaviour =
    digits === SANDBOX_TEST_CARDS.declined
      ? 'decline'
      : digits === SANDBOX_TEST_CARDS.declinedOnCharge
        ? 'decline-charges'
        : digits === SANDBOX_TEST_CARDS.requiresAction
          ? 'authenticate'
          : 'succeed';
  return { ok: true, brand: brandOf(digits), last4: digits.slice(-4), behaviour };
}

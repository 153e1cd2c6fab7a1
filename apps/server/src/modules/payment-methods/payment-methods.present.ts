import type { IntentResponse, PaymentMethod } from '@waymark/domain';
import type { PaymentProvider, ProviderIntent } from '../../adapters/payments/payment-provider';
import type { PaymentMethodRow } from './payment-methods.queries';

export function presentPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    default: row.is_default,
  };
}

/** A provider intent as the web reads it: the secret, the status and the card form's address. */
export function presentIntent(
  provider: PaymentProvider,
  intent: ProviderIntent,
  paymentId: number | null = null,
): IntentResponse {
  return {
    id: intent.id,
    client_secret: intent.client_secret,
    status: intent.status,
    form_url: intent.status === 'succeeded' ? null : provider.formUrl(intent),
    payment_id: paymentId,
    error: intent.error,
  };
}

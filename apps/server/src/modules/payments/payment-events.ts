import type { AppContext } from '../../app-context';
import type { ProviderEvent } from '../../adapters/payments/payment-provider';
import { accountOfSetupIntent } from '../payment-methods/payment-methods.queries';
import { saveCard } from '../payment-methods/saved-cards';
import { paymentFailed, paymentSucceeded } from './payment-outcomes';
import { eventSeen, recordEvent } from './payments.queries';

type Ctx = Pick<AppContext, 'database' | 'bus' | 'jobs' | 'payments'>;

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * Handles one verified provider event: the only way a payment's outcome reaches orders and
 * subscriptions. An event id seen before is answered without being handled again; the
 * handlers themselves only move forward (paid stays paid), so events replayed in any order
 * leave the same state. The event is recorded after it was handled, so one whose handling
 * failed is handled again when the provider retries it.
 */
export async function handleProviderEvent(ctx: Ctx, event: ProviderEvent) {
  const { db } = ctx.database;
  if (await eventSeen(db, event.id)) return 'duplicate' as const;
  const { intent } = event;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const paymentId = idOf(intent.metadata.payment_id);
      if (!paymentId) break;
      if (event.type === 'payment_intent.succeeded') await paymentSucceeded(ctx, paymentId, intent);
      else await paymentFailed(ctx, paymentId, intent);
      break;
    }
    case 'setup_intent.succeeded': {
      const accountId = await accountOfSetupIntent(db, intent.id);
      if (accountId && intent.payment_method) await saveCard(ctx, accountId, intent.payment_method);
      break;
    }
    default:
      break;
  }
  await recordEvent(db, {
    id: event.id,
    provider: ctx.payments.name,
    type: event.type,
    payload: event,
  });
  return 'handled' as const;
}

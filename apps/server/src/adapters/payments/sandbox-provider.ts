import { randomBytes } from 'node:crypto';
import { and, eq, isNull, asc } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@waymark/domain';
import type { Db } from '../../db/client';
import { sandboxCards, sandboxEvents, sandboxIntents } from '../../db/schema';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from './payment-provider';
import { readCard, type EnteredCard } from './sandbox-cards';
import { signPayload, verifySignature } from './webhook-signature';

export const SANDBOX_SIGNATURE_HEADER = 'waymark-sandbox-signature';

const newId = (prefix: string) => `${prefix}_sb_${randomBytes(12).toString('hex')}`;

type IntentRow = typeof sandboxIntents.$inferSelect;

const toIntent = (row: IntentRow): ProviderIntent => ({
  id: row.id,
  kind: row.kind,
  client_secret: row.client_secret,
  status: row.status as ProviderIntent['status'],
  amount: row.amount,
  payment_method: row.payment_method,
  error: row.last_error,
  metadata: row.metadata,
});

export interface SandboxOptions {
  webhookUrl: string;
  secret: string;
  /** Logs a delivery that failed; the sweep sends it again. */
  onDeliveryError?: (error: unknown) => void;
}

/**
 * The local card provider: Stripe's flow without Stripe. Its books are its own tables; its
 * card form is served by this server (`sandbox-pay.routes.ts`); every outcome is sent as a
 * signed event, by a real HTTP POST, to the webhook, which is the only way it reaches orders.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Db,
    private readonly options: SandboxOptions,
  ) {}

  async createCustomer() {
    return newId('cus');
  }

  async createPaymentIntent(input: {
    amount: number;
    customerId: string;
    metadata: Record<string, string>;
    paymentMethod?: string;
    offSession?: boolean;
  }): Promise<ProviderIntent> {
    const id = newId('pi');
    await this.db.insert(sandboxIntents).values({
      id,
      kind: 'payment',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      customer_id: input.customerId,
      amount: input.amount,
      status: 'requires_payment_method',
      metadata: input.metadata,
    });
    if (!input.paymentMethod) return this.retrieveIntent(id);
    const [card] = await this.db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.id, input.paymentMethod));
    if (!card) return this.fail(id, BILLING_MESSAGES.cardDeclined, input.paymentMethod);
    return this.charge(id, card.id, card.behaviour, input.offSession ?? false);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    const [row] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    if (!row) throw new Error(`No such sandbox intent: ${id}`);
    return toIntent(row);
  }

  async createSetupIntent(input: { customerId: string; metadata: Record<string, string> }) {
    const id = newId('seti');
    await this.db.insert(sandboxIntents).values({
      id,
      kind: 'setup',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      customer_id: input.customerId,
      status: 'requires_payment_method',
      metadata: input.metadata,
    });
    return this.retrieveIntent(id);
  }

  async retrieveCard(id: string) {
    const [card] = await this.db.select().from(sandboxCards).where(eq(sandboxCards.id, id));
    if (!card) throw new Error(`No such sandbox card: ${id}`);
    return card;
  }

  async detachCard(id: string) {
    await this.db.update(sandboxCards).set({ customer_id: null }).where(eq(sandboxCards.id, id));
  }

  formUrl(intent: ProviderIntent) {
    const query = new URLSearchParams({ intent: intent.id, secret: intent.client_secret });
    return `/api/sandbox-pay/form?${query}`;
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>) {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    if (
      !verifySignature(
        rawBody,
        typeof header === 'string' ? header : undefined,
        this.options.secret,
      )
    ) {
      throw new WebhookSignatureError('The sandbox signature does not match');
    }
    return JSON.parse(rawBody) as ProviderEvent;
  }

  /** A card saved to the customer without a form (the demo's). */
  async seedCard(
    customerId: string,
    card: { brand: string; last4: string; exp_month: number; exp_year: number },
  ) {
    const id = newId('pm');
    await this.db
      .insert(sandboxCards)
      .values({ id, customer_id: customerId, behaviour: 'succeed', ...card });
    return id;
  }

  // ---- what the hosted card form calls ----

  /** The intent, when the secret is its own (the form's only credential). */
  async intentForForm(id: string, secret: string): Promise<ProviderIntent | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxIntents)
      .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.client_secret, secret)));
    return row ? toIntent(row) : undefined;
  }

  /** Confirms the intent with a card typed into the form. */
  async confirmWithCard(intent: ProviderIntent, entered: EnteredCard, now = new Date()) {
    if (intent.status === 'succeeded' || intent.status === 'processing') return intent;
    const card = readCard(entered, now);
    if (!card.ok) {
      // Refused by the form itself, as Stripe's form refuses it: nothing was tried.
      await this.update(intent.id, { last_error: card.error });
      return this.retrieveIntent(intent.id);
    }
    const [row] = await this.db
      .select({ customer_id: sandboxIntents.customer_id })
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, intent.id));
    const cardId = newId('pm');
    // A setup intent saves the card to the customer, unless the bank declines it; a one-off
    // payment does not save it.
    const saved = intent.kind === 'setup' && card.behaviour !== 'decline';
    await this.db.insert(sandboxCards).values({
      id: cardId,
      customer_id: saved ? (row?.customer_id ?? null) : null,
      brand: card.brand,
      last4: card.last4,
      exp_month: entered.exp_month,
      exp_year: entered.exp_year,
      behaviour: card.behaviour,
    });
    if (intent.kind === 'setup') {
      // Saving a card asks the bank as Stripe's set-up does, without charging: a declined card
      // fails the setup intent (nothing is saved) and the form shows the decline.
      if (card.behaviour === 'decline') {
        return this.fail(intent.id, BILLING_MESSAGES.cardDeclined, cardId);
      }
      if (card.behaviour === 'authenticate') return this.requireAction(intent.id, cardId);
      return this.succeed(intent.id, cardId);
    }
    return this.charge(intent.id, cardId, card.behaviour, false);
  }

  /** The confirmation step's answer (the 'Complete authentication' or 'Fail' button). */
  async authenticate(intent: ProviderIntent, approve: boolean) {
    if (intent.status !== 'requires_action') return intent;
    if (approve) return this.succeed(intent.id, intent.payment_method);
    return this.fail(
      intent.id,
      'We are unable to authenticate your payment method.',
      intent.payment_method,
    );
  }

  /** Sends again every event whose delivery failed (the sweep job). */
  async deliverPending() {
    const pending = await this.db
      .select()
      .from(sandboxEvents)
      .where(isNull(sandboxEvents.delivered_at))
      .orderBy(asc(sandboxEvents.created_at));
    for (const event of pending) await this.deliver(event.id, event.payload as ProviderEvent);
  }

  private async charge(id: string, cardId: string, behaviour: string, offSession: boolean) {
    if (behaviour === 'decline' || behaviour === 'decline-charges')
      return this.fail(id, BILLING_MESSAGES.cardDeclined, cardId);
    if (behaviour === 'authenticate') {
      // Off session nobody can pass the step, so the charge fails as Stripe's does.
      if (offSession) return this.fail(id, 'This payment requires authentication.', cardId);
      return this.requireAction(id, cardId);
    }
    return this.succeed(id, cardId);
  }

  private async requireAction(id: string, cardId: string) {
    await this.update(id, { status: 'requires_action', payment_method: cardId, last_error: null });
    return this.retrieveIntent(id);
  }

  private async succeed(id: string, cardId: string | null) {
    await this.update(id, { status: 'succeeded', payment_method: cardId, last_error: null });
    const intent = await this.retrieveIntent(id);
    const type = intent.kind === 'setup' ? 'setup_intent.succeeded' : 'payment_intent.succeeded';
    await this.emit(type, intent);
    return intent;
  }

  /** A declined payment goes back to requires_payment_method (another card may be tried). */
  private async fail(id: string, error: string, cardId: string | null) {
    await this.update(id, {
      status: 'requires_payment_method',
      payment_method: cardId,
      last_error: error,
    });
    const intent = await this.retrieveIntent(id);
    await this.emit(
      intent.kind === 'setup' ? 'setup_intent.setup_failed' : 'payment_intent.payment_failed',
      intent,
    );
    return intent;
  }

  private update(id: string, values: Partial<typeof sandboxIntents.$inferInsert>) {
    return this.db.update(sandboxIntents).set(values).where(eq(sandboxIntents.id, id));
  }

  private async emit(type: string, intent: ProviderIntent) {
    const event: ProviderEvent = {
      id: newId('evt'),
      type,
      created: Math.floor(Date.now() / 1000),
      intent,
    };
    await this.db.insert(sandboxEvents).values({ id: event.id, type, payload: event });
    await this.deliver(event.id, event);
  }

  /** One signed POST to the webhook; a failure leaves the event for deliverPending. */
  private async deliver(eventId: string, event: ProviderEvent) {
    const body = JSON.stringify(event);
    try {
      const response = await fetch(this.options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signPayload(body, this.options.secret),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`The webhook answered ${response.status}`);
      await this.db
        .update(sandboxEvents)
        .set({ delivered_at: new Date() })
        .where(eq(sandboxEvents.id, eventId));
    } catch (error) {
      this.options.onDeliveryError?.(error);
    }
  }
}

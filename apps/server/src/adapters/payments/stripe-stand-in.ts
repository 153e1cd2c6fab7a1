import { createServer, type Server } from 'node:http';

const DECLINED_CARD = 'pm_card_chargeDeclined';
const DECLINE_MESSAGE = 'Your card was declined.';

type Send = (status: number, json: unknown) => void;

/**
 * Confirms an intent with a card as Stripe does: a succeeding card makes it succeeded; a
 * declined one answers 402 with the intent, left requires_payment_method with the decline as
 * its last error (last_payment_error or last_setup_error).
 */
function confirm(intent: Record<string, unknown>, card: string, send: Send) {
  const payment = intent.object === 'payment_intent';
  const errorField = payment ? 'last_payment_error' : 'last_setup_error';
  intent.payment_method = card;
  if (card === DECLINED_CARD) {
    const error = { type: 'card_error', code: 'card_declined', message: DECLINE_MESSAGE };
    Object.assign(intent, { status: 'requires_payment_method', [errorField]: error });
    return send(402, {
      error: { ...error, [payment ? 'payment_intent' : 'setup_intent']: intent },
    });
  }
  Object.assign(intent, { status: 'succeeded', [errorField]: null });
  return send(200, intent);
}

/**
 * A local stand-in for the few Stripe endpoints the provider calls (customers, payment and
 * setup intents, payment methods), for tests. Bodies are Stripe's form encoding; answers are
 * Stripe-shaped JSON. A saved card `pm_card_visa` succeeds, `pm_card_chargeDeclined` is declined.
 * `POST /v1/setup_intents/{id}/confirm` is what Stripe.js calls in the browser when a card is
 * added: a declined card leaves the setup intent requires_payment_method with its
 * last_setup_error, as Stripe does.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, Record<string, unknown>>();
  let n = 0;
  const id = (prefix: string) => `${prefix}_standin_${++n}`;
  const metadataOf = (form: URLSearchParams) => {
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    return metadata;
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      const path = (request.url ?? '').split('?')[0]!;
      if (request.method === 'POST' && path === '/v1/customers') {
        return send(200, { id: id('cus'), object: 'customer', name: form.get('name') });
      }
      if (
        request.method === 'POST' &&
        (path === '/v1/payment_intents' || path === '/v1/setup_intents')
      ) {
        const payment = path === '/v1/payment_intents';
        const intentId = id(payment ? 'pi' : 'seti');
        const intent: Record<string, unknown> = {
          id: intentId,
          object: payment ? 'payment_intent' : 'setup_intent',
          amount: Number(form.get('amount') ?? 0),
          client_secret: `${intentId}_secret_x`,
          status: 'requires_payment_method',
          payment_method: null,
          metadata: metadataOf(form),
          [payment ? 'last_payment_error' : 'last_setup_error']: null,
        };
        intents.set(intentId, intent);
        const card = form.get('payment_method');
        return card ? confirm(intent, card, send) : send(200, intent);
      }
      const confirming = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)\/confirm$/.exec(path);
      if (request.method === 'POST' && confirming) {
        const found = intents.get(confirming[2]!);
        if (!found) {
          return send(404, { error: { type: 'invalid_request_error', message: 'No such intent' } });
        }
        return confirm(found, form.get('payment_method') ?? '', send);
      }
      const intent = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && intent) {
        const found = intents.get(intent[2]!);
        return found
          ? send(200, found)
          : send(404, { error: { type: 'invalid_request_error', message: 'No such intent' } });
      }
      const pm = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path);
      if (pm) {
        return send(200, {
          id: pm[1],
          object: 'payment_method',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040 },
        });
      }
      return send(404, { error: { type: 'invalid_request_error', message: `No route ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

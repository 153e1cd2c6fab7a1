import { createServer, type Server } from 'node:http';

/**
 * A local stand-in for the few Stripe endpoints the provider calls (customers, payment and
 * setup intents, payment methods), for tests. Bodies are Stripe's form encoding; answers are
 * Stripe-shaped JSON. A saved card `pm_card_visa` succeeds, `pm_card_chargeDeclined` is declined.
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
        const card = form.get('payment_method');
        const declined = card === 'pm_card_chargeDeclined';
        const intent = {
          id: intentId,
          object: payment ? 'payment_intent' : 'setup_intent',
          amount: Number(form.get('amount') ?? 0),
          client_secret: `${intentId}_secret_x`,
          status: card
            ? declined
              ? 'requires_payment_method'
              : 'succeeded'
            : 'requires_payment_method',
          payment_method: card,
          metadata: metadataOf(form),
          last_payment_error: declined ? { message: 'Your card was declined.' } : null,
        };
        intents.set(intentId, intent);
        if (declined) {
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              message: 'Your card was declined.',
              payment_intent: intent,
            },
          });
        }
        return send(200, intent);
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

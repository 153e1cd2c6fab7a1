import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The outside world of the outbox soak: an SMTP server, an SMS provider and a webhook
 * receiver, each counting what it received by the message's key (the Message-ID Waymark
 * sets from it, or its `Idempotency-Key` header). A key received twice is a duplicate.
 */
export type Received = Map<string, number>;

const count = (received: Received, key: string) => received.set(key, (received.get(key) ?? 0) + 1);

/** The key in a mail's Message-ID, `<key@domain>` (a key may itself hold an `@`). */
function keyOfMail(raw: string) {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const id = /^message-id:\s*<(.+)@[^@>]+>\s*$/im.exec(headers)?.[1];
  return id ?? 'no Message-ID';
}

export async function startSmtpStandIn() {
  const received: Received = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        count(received, keyOfMail(raw));
        callback();
      });
    },
  });
  // A killed server drops its connection mid-session: expected here, not a fault to throw.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An HTTP stand-in (the SMS provider's adapter, a rule's webhook receiver) answering 200. */
export async function startHttpStandIn() {
  const received: Received = new Map();
  const server = createServer((request: IncomingMessage, response) => {
    request.resume();
    request.on('end', () => {
      count(received, String(request.headers['idempotency-key'] ?? 'no Idempotency-Key'));
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

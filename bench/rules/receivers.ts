import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Messages the local SMTP server accepted, by the domain of their first recipient. */
export interface MailCount {
  total: number;
  byDomain: Map<string, number>;
  /** Resolves once `n` messages of `domain` arrived. */
  waitFor(domain: string, n: number): Promise<void>;
}

/** A local SMTP server (no TLS, no auth) that counts what it accepts and drops the text. */
export async function startSmtp() {
  const waiters: { domain: string; n: number; resolve: () => void }[] = [];
  const count: MailCount = {
    total: 0,
    byDomain: new Map(),
    waitFor(domain, n) {
      if ((this.byDomain.get(domain) ?? 0) >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ domain, n, resolve }));
    },
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const domain = session.envelope.rcptTo[0]?.address.split('@')[1] ?? '';
        count.total++;
        count.byDomain.set(domain, (count.byDomain.get(domain) ?? 0) + 1);
        for (const w of waiters.splice(0)) {
          if ((count.byDomain.get(w.domain) ?? 0) >= w.n) w.resolve();
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook receiver that answers 200 to everything and counts the calls. */
export async function startWebhookReceiver() {
  let calls = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      calls++;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';

/** Sends text messages. The default writes to the outbox table; SMS_URL posts to a provider. */
export interface SmsSender {
  /** `key` says what the message is (the outbox's key): a provider may drop a second copy. */
  send(to: string, text: string, key?: string): Promise<void>;
}

export function outboxSms(db: Db): SmsSender {
  return {
    async send(to, text) {
      await db.insert(smsOutbox).values({ to, text });
    },
  };
}

/** A provider reached by an HTTP POST of `{ to, text }` (a small adapter service in front of Twilio & co). */
export function httpSms(url: string): SmsSender {
  return {
    async send(to, text, key) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}

export function createSms(config: { SMS_URL?: string }, db: Db): SmsSender {
  return config.SMS_URL ? httpSms(config.SMS_URL) : outboxSms(db);
}

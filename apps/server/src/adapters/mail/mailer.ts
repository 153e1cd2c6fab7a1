import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail. The default writes to the outbox table; SMTP_URL switches to a real server. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function outboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values({ ...message, html: message.html ?? null });
    },
  };
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function createMailer(config: { SMTP_URL?: string; MAIL_FROM: string }, db: Db): Mailer {
  return config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db);
}

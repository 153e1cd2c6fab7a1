import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * What the message is, for a job that may run twice (a process killed between sending and
   * recording it): the outbox keeps one message per key, and SMTP sends it as the Message-ID,
   * by which mail systems drop a second copy.
   */
  key?: string;
  /** Files sent with the message (a scheduled report's XLSX or PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Sends mail. The default writes to the outbox table; SMTP_URL switches to a real server. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes open connections (the process is stopping). */
  close(): void;
}

export function outboxMailer(db: Db): Mailer {
  return {
    async send({ attachments, ...message }) {
      await db
        .insert(mailOutbox)
        .values({
          ...message,
          html: message.html ?? null,
          key: message.key ?? null,
          attachments: attachments
            ? attachments.map((a) => ({
                filename: a.filename,
                content_type: a.contentType,
                content_base64: a.content.toString('base64'),
              }))
            : null,
        })
        .onConflictDoNothing({ target: mailOutbox.key });
    },
    close() {},
  };
}

export function smtpMailer(url: string, from: string): Mailer {
  // Pooled: open connections carry the next messages instead of a handshake for each.
  const transport = nodemailer.createTransport({ url, pool: true });
  return {
    async send({ key, ...message }) {
      const domain = from.split('@').pop()?.replace(/[>\s]/g, '') || 'waymark.local';
      await transport.sendMail({
        from,
        ...message,
        ...(key ? { messageId: `<${key}@${domain}>` } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}

export function createMailer(config: { SMTP_URL?: string; MAIL_FROM: string }, db: Db): Mailer {
  return config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db);
}

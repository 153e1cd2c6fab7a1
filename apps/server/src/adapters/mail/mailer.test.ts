import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { smtpMailer } from './mailer';

// A real SMTP server on loopback: the adapter speaks the protocol end to end.
const received: { from: string; to: string[]; data: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data,
      });
      callback();
    });
  },
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('smtpMailer', () => {
  it('delivers through the SMTP server named by SMTP_URL', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Waymark <no-reply@waymark.test>');
    await mailer.send({
      to: 'pat@example.test',
      subject: 'Reset your Waymark password',
      text: 'Open this link',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@waymark.test', to: ['pat@example.test'] });
    expect(received[0]!.data).toContain('Subject: Reset your Waymark password');
    expect(received[0]!.data).toContain('Open this link');
    mailer.close();
  });
});

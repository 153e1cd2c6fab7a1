import type { OutboundMessageView, OutboxMail, OutboxSms } from '@waymark/domain';
import { authorizePlatformAdmin } from '../../access/actor';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import type { OutboundChannel } from '../../db/schema/delivery';
import { mailPage, outboundPage, smsPage, type OutboxPage } from './outbox.queries';

/**
 * The one outbox: every message Waymark sends, where it stands (pending, retrying, sent,
 * failed), its attempts and last error; for platform admins only (403 otherwise).
 */
export async function outboundMessages(
  ctx: AppContext,
  principal: Principal,
  page: OutboxPage & { channel?: OutboundChannel },
) {
  authorizePlatformAdmin(principal);
  const { rows, total } = await outboundPage(ctx.database.db, page);
  return {
    rows: rows.map((m): OutboundMessageView => ({
      id: m.id,
      key: m.key,
      kind: m.kind,
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      text: m.text,
      status: m.status,
      attempts: m.attempts,
      last_error: m.last_error,
      outcome: m.outcome,
      created_at: m.created_at.toISOString(),
      sent_at: m.sent_at?.toISOString() ?? null,
    })),
    total,
  };
}

/** What the embedded mail adapter kept (no SMTP_URL), for platform admins only (403 otherwise). */
export async function outboxMail(ctx: AppContext, principal: Principal, page: OutboxPage) {
  authorizePlatformAdmin(principal);
  const { rows, total } = await mailPage(ctx.database.db, page);
  return {
    rows: rows.map((m): OutboxMail => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      created_at: m.created_at.toISOString(),
    })),
    total,
  };
}

/** What the embedded SMS adapter kept (no SMS_URL), for platform admins only (403 otherwise). */
export async function outboxSms(ctx: AppContext, principal: Principal, page: OutboxPage) {
  authorizePlatformAdmin(principal);
  const { rows, total } = await smsPage(ctx.database.db, page);
  return {
    rows: rows.map((m): OutboxSms => ({
      id: m.id,
      to: m.to,
      text: m.text,
      created_at: m.created_at.toISOString(),
    })),
    total,
  };
}

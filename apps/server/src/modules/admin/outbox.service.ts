import type { OutboxMail, OutboxSms } from '@waymark/domain';
import { authorizePlatformAdmin } from '../../access/actor';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { mailPage, smsPage, type OutboxPage } from './outbox.queries';

/** The mail outbox, for platform admins only (403 otherwise). */
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

/** The SMS outbox, for platform admins only (403 otherwise). */
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

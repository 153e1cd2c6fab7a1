import { and, eq, inArray } from 'drizzle-orm';
import { INVITATION_TTL_DAYS } from '@waymark/domain';
import type { Db } from '../db/client';
import { accountMemberships, deviceGroups, devices, invitations, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_PASSWORD } from './demo';

/**
 * Users of Demo Logistics with limited access, so User Access shows every kind of row: one
 * who sees a group, one who sees a group and two more trackers, and an invitation still open.
 * They log in with the demo password but are not among the printed demo logins.
 */
export async function seedDemoUsers(db: Db, accountId: number) {
  const groupIds = new Map(
    (
      await db
        .select({ id: deviceGroups.id, name: deviceGroups.name })
        .from(deviceGroups)
        .where(eq(deviceGroups.account_id, accountId))
    ).map((g) => [g.name, g.id]),
  );
  const pickups = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.account_id, accountId), inArray(devices.name, ['Truck 01', 'Truck 02'])));
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.test'));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = await db
    .insert(users)
    .values([
      { name: 'Dana Dispatch', email: 'dana@demo.test', password_hash: passwordHash },
      { name: 'Sam Scout', email: 'sam@demo.test', password_hash: passwordHash },
    ])
    .returning({ id: users.id, email: users.email });
  const idOf = (email: string) => created.find((u) => u.email === email)!.id;
  const group = (name: string) => (groupIds.has(name) ? [groupIds.get(name)!] : []);
  await db.insert(accountMemberships).values([
    {
      account_id: accountId,
      user_id: idOf('dana@demo.test'),
      role: 'user',
      full_device_access: false,
      group_ids: group('Cold Chain'),
    },
    {
      account_id: accountId,
      user_id: idOf('sam@demo.test'),
      role: 'viewer',
      full_device_access: false,
      device_ids: pickups.map((d) => d.id),
      group_ids: group('City Delivery'),
    },
  ]);
  // An invitation nobody has accepted yet; its link was never mailed (no token kept).
  await db.insert(invitations).values({
    account_id: accountId,
    email: 'jordan@demo.test',
    role: 'manager',
    invited_by: admin?.id ?? null,
    expires_at: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3600_000),
    mailed_at: new Date(),
  });
}

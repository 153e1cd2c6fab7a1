import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deviceGroups, devices } from '../db/schema';

/** Demo groups by the kind a tracker's name starts with; one is left empty on purpose. */
export const DEMO_GROUPS: { name: string; kinds: string[] }[] = [
  { name: 'Long Haul Trucks', kinds: ['Truck'] },
  { name: 'Cold Chain', kinds: ['Reefer'] },
  { name: 'City Delivery', kinds: ['Van', 'Pickup'] },
  { name: 'Yard Assets', kinds: ['Trailer', 'Container'] },
  { name: 'Spare Pool', kinds: [] },
];

/** Groups of Demo Logistics with members, kept in devices.group_ids as the API keeps them. */
export async function seedDemoGroups(db: Db, accountId: number) {
  const fleet = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(eq(devices.account_id, accountId))
    .orderBy(asc(devices.id));
  const created = await db
    .insert(deviceGroups)
    .values(DEMO_GROUPS.map((g) => ({ account_id: accountId, name: g.name })))
    .returning({ id: deviceGroups.id, name: deviceGroups.name });
  for (const group of created) {
    const kinds = DEMO_GROUPS.find((g) => g.name === group.name)?.kinds ?? [];
    const members = fleet
      .filter((d) => kinds.some((kind) => d.name.startsWith(`${kind} `)))
      .map((d) => d.id);
    if (members.length === 0) continue;
    await db
      .update(devices)
      .set({ group_ids: sql`array_append(${devices.group_ids}, ${group.id})` })
      .where(sql`${devices.id} = ANY(${sql.param(members)}::int[])`);
  }
}

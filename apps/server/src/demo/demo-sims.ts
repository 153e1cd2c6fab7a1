import { and, eq, inArray } from 'drizzle-orm';
import { gt06SimIds } from '@waymark/simulator/trackers/messages';
import type { Db } from '../db/client';
import { devices, simCards, simHistory } from '../db/schema';

/**
 * Trackers of Demo Logistics whose SIM card the carrier retires (a Mobile 200, a Car Charger
 * and another Mobile 200), so the 'Replace SIM' banner shows on first start. No other test
 * or screen relies on these three.
 */
export const DEMO_SIM_SUNSET_TRACKERS = ['Truck 25', 'Van 26', 'Truck 31'] as const;

/** Spare cards of Demo Logistics: distinct last four digits, so typing them finds one. */
export const DEMO_SPARE_SIMS = [
  { iccid: '89012608822910014417', phone: '+13125550201' },
  { iccid: '8901260882291002552', phone: '+13125550202' },
  { iccid: '89012608822910036639', phone: '+13125550203' },
  { iccid: '8901260882291004774', phone: '+13125550204' },
] as const;

/**
 * The SIM cards of the demo: the sunset trackers' installed cards (the ICCID the simulated
 * tracker reports at login), each flagged 'carrier-sunset' and opening its SIM history, and
 * the account's spare cards.
 */
export async function seedDemoSims(db: Db, accountId: number, since: Date) {
  const due = await db
    .select({ id: devices.id, serial: devices.serial, phone: devices.phone })
    .from(devices)
    .where(
      and(eq(devices.account_id, accountId), inArray(devices.name, [...DEMO_SIM_SUNSET_TRACKERS])),
    );
  const installed = due.map((d) => ({ ...d, iccid: gt06SimIds(d.serial).iccid }));
  for (const d of installed) {
    await db.update(devices).set({ iccid: d.iccid }).where(eq(devices.id, d.id));
  }
  await db.insert(simCards).values([
    ...installed.map((d) => ({
      iccid: d.iccid,
      phone: d.phone,
      account_id: accountId,
      state: 'installed' as const,
      device_id: d.id,
      replacement_reason: 'carrier-sunset',
    })),
    ...DEMO_SPARE_SIMS.map((s) => ({ ...s, account_id: accountId, state: 'spare' as const })),
  ]);
  if (installed.length > 0) {
    await db.insert(simHistory).values(
      installed.map((d) => ({
        device_id: d.id,
        iccid: d.iccid,
        phone: d.phone,
        installed_from: since,
      })),
    );
  }
}

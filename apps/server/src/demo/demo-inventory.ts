import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, deviceInventory, models } from '../db/schema';

/** Inventory serials of the demo: a numeric run for the range cards, two set aside. */
export const DEMO_INVENTORY_PREFIX = '86901';

/**
 * Hardware on the shelf, so the Utilities page has serials to reserve and assign on the
 * first start: eight Mobile 200s and four Car Chargers in inventory, two of them reserved
 * for Demo Startup (whose trackers have not arrived yet).
 */
export async function seedDemoInventory(db: Db) {
  const kinds = await db
    .select({ id: models.id, device_type: models.device_type })
    .from(models)
    .where(inArray(models.device_type, ['ll02', 'vl501']));
  const [startup] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.title, 'Demo Startup'));
  const mobile = kinds.find((k) => k.device_type === 'll02');
  const charger = kinds.find((k) => k.device_type === 'vl501');
  if (!mobile || !charger) return;
  await db.insert(deviceInventory).values(
    Array.from({ length: 12 }, (_, i) => ({
      serial: `${DEMO_INVENTORY_PREFIX}${String(i).padStart(10, '0')}`,
      model_id: i < 8 ? mobile.id : charger.id,
      iccid: `8901410321111851${String(100 + i).padStart(4, '0')}`,
      state: i >= 6 && i < 8 && startup ? ('reserved' as const) : ('inventory' as const),
      reserved_account_id: i >= 6 && i < 8 && startup ? startup.id : null,
    })),
  );
}

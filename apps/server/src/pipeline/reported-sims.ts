import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client';
import type { StatusWrite } from './status-writes';

/**
 * Reconciles the ICCIDs trackers report (GT06 0x94 and the like) with the SIM history
 * (docs/architecture.md, "SIM replacement"). A report of a card the tracker had and gave up is
 * stale — sent before the swap or by a tracker not yet restarted — and must not undo the swap;
 * a card the tracker never had was put in by hand: it becomes the installed card, and the
 * history gets it as a new dated entry, so the tracker's history stays one.
 * Answers the writes with stale ICCIDs left out.
 */
export async function reconcileReportedSims(
  tx: Tx | Db,
  writes: readonly StatusWrite[],
): Promise<readonly StatusWrite[]> {
  const reported = writes.filter((w) => w.iccid !== null);
  // The usual batch: no ICCID reported, nothing to read or copy.
  if (reported.length === 0) return writes;
  const ids = sql.param(reported.map((w) => w.deviceId));
  const iccids = sql.param(reported.map((w) => w.iccid));
  const fresh = await queryRows<{ id: number }>(
    tx,
    sql`SELECT d.id FROM devices d
      JOIN unnest(${ids}::int[], ${iccids}::text[]) AS u(id, iccid) ON u.id = d.id
      WHERE d.iccid IS DISTINCT FROM u.iccid
        AND NOT EXISTS (SELECT 1 FROM sim_history h
          WHERE h.device_id = d.id AND h.iccid = u.iccid AND h.installed_to IS NOT NULL)`,
  );
  const newCards = new Set(fresh.map((r) => r.id));
  if (newCards.size > 0)
    await recordNewCards(
      tx,
      reported.filter((w) => newCards.has(w.deviceId)),
    );
  return writes.map((w) =>
    w.iccid !== null && !newCards.has(w.deviceId) ? { ...w, iccid: null } : w,
  );
}

/** Closes each tracker's open entry (or dates its first card from its creation), opens the new. */
async function recordNewCards(tx: Tx | Db, writes: readonly StatusWrite[]) {
  const ids = sql.param(writes.map((w) => w.deviceId));
  const iccids = sql.param(writes.map((w) => w.iccid));
  await tx.execute(sql`UPDATE sim_history SET installed_to = now()
    WHERE device_id = ANY(${ids}::int[]) AND installed_to IS NULL`);
  await tx.execute(sql`INSERT INTO sim_history (device_id, iccid, phone, installed_from, installed_to)
    SELECT d.id, d.iccid, d.phone, d.created_at, now() FROM devices d
    WHERE d.id = ANY(${ids}::int[]) AND d.iccid IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM sim_history h WHERE h.device_id = d.id)`);
  // The phone number belongs to the card and is not reported: unknown until someone sets it.
  await tx.execute(sql`INSERT INTO sim_history (device_id, iccid, installed_from)
    SELECT u.id, u.iccid, now() FROM unnest(${ids}::int[], ${iccids}::text[]) AS u(id, iccid)`);
}

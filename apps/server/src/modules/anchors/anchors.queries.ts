import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnchorStoreParsed } from '@waymark/domain';
import type { Db } from '../../db/client';
import { anchorImages, anchors, devices, geofences } from '../../db/schema';

export type AnchorRow = typeof anchors.$inferSelect;
export type AnchorImageRow = typeof anchorImages.$inferSelect;

/** The columns a store payload sets, once its location is known. */
export type AnchorValues = Omit<AnchorStoreParsed, 'lat' | 'lng'> & { lat: number; lng: number };

/** The account's anchors by name. */
export function anchorsOf(db: Db, accountId: number): Promise<AnchorRow[]> {
  return db
    .select()
    .from(anchors)
    .where(eq(anchors.account_id, accountId))
    .orderBy(asc(anchors.name), asc(anchors.id));
}

/** One anchor of the account; undefined for another account's id. */
export async function findAnchor(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(anchors)
    .where(and(eq(anchors.account_id, accountId), eq(anchors.id, id)));
  return row;
}

/** Images of these anchors, oldest first. */
export function imagesOf(db: Db, anchorIds: number[]): Promise<AnchorImageRow[]> {
  if (anchorIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(anchorImages)
    .where(inArray(anchorImages.anchor_id, anchorIds))
    .orderBy(asc(anchorImages.id));
}

/** Trackers of the account registered with one of these (lower-case) serials. */
export function devicesWithSerials(db: Db, accountId: number, serials: string[]) {
  if (serials.length === 0) return Promise.resolve([]);
  return db
    .select({ id: devices.id, serial: devices.serial, key: sql<string>`lower(${devices.serial})` })
    .from(devices)
    .where(and(eq(devices.account_id, accountId), inArray(sql`lower(${devices.serial})`, serials)))
    .orderBy(asc(devices.id));
}

/** True when another anchor of the account already has this serial. */
export async function serialTaken(db: Db, accountId: number, serial: string, exceptId?: number) {
  const [row] = await db
    .select({ id: anchors.id })
    .from(anchors)
    .where(
      and(
        eq(anchors.account_id, accountId),
        eq(anchors.serial, serial),
        exceptId === undefined ? undefined : ne(anchors.id, exceptId),
      ),
    );
  return row !== undefined;
}

export async function geofenceInAccount(db: Db, accountId: number, geofenceId: number) {
  const [row] = await db
    .select({ id: geofences.id })
    .from(geofences)
    .where(and(eq(geofences.account_id, accountId), eq(geofences.id, geofenceId)));
  return row !== undefined;
}

export async function insertAnchor(db: Db, accountId: number, values: AnchorValues) {
  const [row] = await db
    .insert(anchors)
    .values({ ...values, geofence_id: values.geofence_id ?? null, account_id: accountId })
    .returning();
  return row!;
}

export async function updateAnchor(db: Db, id: number, values: AnchorValues) {
  const [row] = await db
    .update(anchors)
    .set({ ...values, geofence_id: values.geofence_id ?? null, updated_at: new Date() })
    .where(eq(anchors.id, id))
    .returning();
  return row!;
}

/** Deletes the anchor (its image rows go with it) and answers the storage keys it had. */
export async function deleteAnchor(db: Db, id: number): Promise<string[]> {
  const images = await imagesOf(db, [id]);
  await db.delete(anchors).where(eq(anchors.id, id));
  return images.map((i) => i.path);
}

export async function insertImage(
  db: Db,
  values: Pick<AnchorImageRow, 'anchor_id' | 'path' | 'filename' | 'content_type'>,
) {
  const [row] = await db.insert(anchorImages).values(values).returning();
  return row!;
}

export async function findImage(db: Db, anchorId: number, imageId: number) {
  const [row] = await db
    .select()
    .from(anchorImages)
    .where(and(eq(anchorImages.anchor_id, anchorId), eq(anchorImages.id, imageId)));
  return row;
}

export async function deleteImage(db: Db, imageId: number) {
  await db.delete(anchorImages).where(eq(anchorImages.id, imageId));
}

/** The image stored under this key, for serving it. */
export async function imageByPath(db: Db, path: string) {
  const [row] = await db.select().from(anchorImages).where(eq(anchorImages.path, path));
  return row;
}

/** The account an anchor belongs to, for the spec's paths that name only the anchor. */
export async function anchorAccountId(db: Db, id: number) {
  const [row] = await db
    .select({ account_id: anchors.account_id })
    .from(anchors)
    .where(eq(anchors.id, id));
  return row?.account_id;
}

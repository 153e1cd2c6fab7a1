import { ANCHOR_MESSAGES, type Anchor, type AnchorStoreParsed } from '@waymark/domain';
import { found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { invalidField } from '../../errors/domain-error';
import { anchorOf, authorizeAnchors } from './anchors.access';
import { presentAnchor } from './anchors.present';
import {
  anchorAccountId,
  anchorsOf,
  deleteAnchor,
  devicesWithSerials,
  geofenceInAccount,
  imagesOf,
  insertAnchor,
  serialTaken,
  updateAnchor,
  type AnchorRow,
  type AnchorValues,
} from './anchors.queries';

/** Anchors as the API answers them: with their images and the tracker of the same serial. */
async function presentAnchors(db: Db, accountId: number, rows: AnchorRow[]): Promise<Anchor[]> {
  const [images, trackers] = await Promise.all([
    imagesOf(
      db,
      rows.map((r) => r.id),
    ),
    devicesWithSerials(
      db,
      accountId,
      rows.map((r) => r.serial),
    ),
  ]);
  const trackerBySerial = new Map<string, { id: number; serial: string }>();
  for (const t of trackers) {
    if (!trackerBySerial.has(t.key)) trackerBySerial.set(t.key, { id: t.id, serial: t.serial });
  }
  return rows.map((r) =>
    presentAnchor(
      r,
      images.filter((i) => i.anchor_id === r.id),
      trackerBySerial.get(r.serial) ?? null,
    ),
  );
}

/** The account's anchors by name, with images (view Anchors). */
export async function listAnchors(ctx: AppContext, actor: Actor): Promise<Anchor[]> {
  authorizeAnchors(actor, 'view');
  const { db } = ctx.database;
  return presentAnchors(db, actor.accountId, await anchorsOf(db, actor.accountId));
}

/**
 * Where the anchor is: the point the user clicked (with its address looked up when none was
 * typed), or the typed address found by the geocoder.
 */
async function resolveLocation(ctx: AppContext, payload: AnchorStoreParsed) {
  const { lat, lng, address } = payload;
  if (lat != null && lng != null) {
    return { lat, lng, address: address ?? (await ctx.geocoder.reverse(lat, lng)) };
  }
  if (lat != null || lng != null) {
    throw invalidField(lat == null ? 'lat' : 'lng', ANCHOR_MESSAGES.location);
  }
  if (!address) throw invalidField('address', ANCHOR_MESSAGES.location);
  const [place] = await ctx.geocoder.search(address, 1);
  if (!place) throw invalidField('address', ANCHOR_MESSAGES.addressNotFound);
  return { lat: place.lat, lng: place.lng, address };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

/** Checks a store payload against the account and saves it; answers the saved row. */
async function storeAnchor(
  ctx: AppContext,
  accountId: number,
  payload: AnchorStoreParsed,
  existingId?: number,
): Promise<AnchorRow> {
  const { db } = ctx.database;
  if (await serialTaken(db, accountId, payload.serial, existingId)) {
    throw invalidField('serial', ANCHOR_MESSAGES.serialTaken);
  }
  if (
    payload.geofence_id != null &&
    !(await geofenceInAccount(db, accountId, payload.geofence_id))
  ) {
    throw invalidField('geofence_id', ANCHOR_MESSAGES.geofence);
  }
  const values: AnchorValues = { ...payload, ...(await resolveLocation(ctx, payload)) };
  let row: AnchorRow;
  try {
    row =
      existingId === undefined
        ? await insertAnchor(db, accountId, values)
        : await updateAnchor(db, existingId, values);
  } catch (error) {
    // Two saves of one serial at once: the unique index decides, the user reads why.
    if (isUniqueViolation(error)) throw invalidField('serial', ANCHOR_MESSAGES.serialTaken);
    throw error;
  }
  // The next report that hears this beacon is placed where the anchor is now.
  ctx.bus.publish('anchor.changed', { account_id: accountId, anchor_id: row.id });
  return row;
}

/** Creates an anchor (manage Anchors); answers it as the API shows it. */
export async function createAnchor(
  ctx: AppContext,
  actor: Actor,
  payload: AnchorStoreParsed,
): Promise<Anchor> {
  authorizeAnchors(actor, 'manage');
  const row = await storeAnchor(ctx, actor.accountId, payload);
  return (await presentAnchors(ctx.database.db, actor.accountId, [row]))[0]!;
}

/** Saves an anchor of the account (manage Anchors; another account's is 404). */
export async function changeAnchor(
  ctx: AppContext,
  actor: Actor,
  anchorId: number,
  payload: AnchorStoreParsed,
): Promise<Anchor> {
  await anchorOf(ctx.database.db, actor, anchorId, 'manage');
  const row = await storeAnchor(ctx, actor.accountId, payload, anchorId);
  return (await presentAnchors(ctx.database.db, actor.accountId, [row]))[0]!;
}

/** The account of an anchor, for the spec's paths that name only the anchor (404 if none). */
export async function accountOfAnchor(ctx: AppContext, anchorId: number): Promise<number> {
  return found(await anchorAccountId(ctx.database.db, anchorId));
}

/** Deletes the anchor, then its files (rows first: a file without a row is never served). */
export async function removeAnchor(ctx: AppContext, actor: Actor, id: number) {
  await anchorOf(ctx.database.db, actor, id, 'manage');
  const keys = await deleteAnchor(ctx.database.db, id);
  ctx.bus.publish('anchor.changed', { account_id: actor.accountId, anchor_id: id });
  await Promise.all(keys.map((key) => ctx.storage.delete(key)));
}

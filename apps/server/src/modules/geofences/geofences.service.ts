import {
  closeRings,
  GEOFENCE_DEFAULT_RADIUS_KM,
  polygonCentre,
  polygonGeometrySchema,
  type GeofenceStore,
  type GeofenceUpdate,
} from '@waymark/domain';
import { authorize, found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { invalidField, notFound } from '../../errors/domain-error';
import { presentGeofence, presentGeofenceEvent } from './geofences.present';
import {
  deleteGeofence,
  findGeofence,
  geofenceEventsPage,
  geofenceNames,
  geofencePage,
  insertGeofence,
  nearestGeofence,
  updateGeofence,
  type EventFilters,
  type GeofenceColumns,
  type GeofenceRow,
} from './geofences.queries';

const SHAPE_MESSAGE = 'Must draw geofence on the map to save';

/**
 * The columns for a store payload or the sent fields of an update, merged over the stored
 * geofence for updates. A circle keeps lat, lng and radius; a polygon is closed and listed at
 * its centre. The merged result must still hold a shape.
 */
function geofenceColumns(payload: GeofenceUpdate, stored?: GeofenceRow): Partial<GeofenceColumns> {
  const columns: Partial<GeofenceColumns> = {};
  const copy = [
    'name',
    'allowable_dwell_days',
    'min_assets',
    'max_assets',
    'full_name',
    'email',
    'phone',
    'company_name',
    'notes',
    'is_alertable',
  ] as const;
  for (const key of copy) {
    if (payload[key] !== undefined) Object.assign(columns, { [key]: payload[key] });
  }
  if (payload.address !== undefined) {
    columns.address =
      typeof payload.address === 'string' ? payload.address.trim() : payload.address.label.trim();
  }

  const shapeSent = (['is_irregular', 'geo_json', 'radius', 'lat', 'lng'] as const).some(
    (key) => payload[key] !== undefined,
  );
  if (!shapeSent && stored) return columns;

  const irregular = payload.is_irregular ?? stored?.is_irregular ?? false;
  if (irregular) {
    const sent = payload.geo_json === undefined ? stored?.geo_json : payload.geo_json;
    const geometry = polygonGeometrySchema.safeParse(sent);
    if (!geometry.success) throw invalidField('shape', SHAPE_MESSAGE);
    const closed = closeRings(geometry.data);
    const centre = polygonCentre(closed);
    return {
      ...columns,
      is_irregular: true,
      geo_json: closed,
      lat: centre.lat,
      lng: centre.lng,
      radius: stored?.radius ?? GEOFENCE_DEFAULT_RADIUS_KM,
    };
  }
  const pick = <K extends 'lat' | 'lng' | 'radius'>(key: K) =>
    payload[key] === undefined ? stored?.[key] : payload[key];
  const lat = pick('lat');
  const lng = pick('lng');
  const radius = pick('radius') ?? GEOFENCE_DEFAULT_RADIUS_KM;
  if (lat == null || lng == null || !(radius > 0)) throw invalidField('shape', SHAPE_MESSAGE);
  return { ...columns, is_irregular: false, geo_json: null, lat, lng, radius };
}

/** Tells the bus, so the spatial indexes see the change on the very next position. */
export function geofencesChanged(ctx: AppContext, accountId: number, geofenceId: number) {
  ctx.bus.publish('geofence.changed', { account_id: accountId, geofence_id: geofenceId });
}

/** Changing geofences needs manage Geofences (403 without). */
const authorizeChanges = (actor: Actor) => authorize(actor, 'manage', 'Geofences');

interface Page {
  limit: number;
  offset: number;
}

/** A page of the account's geofences by name; `search` matches name or address. */
export async function geofencesOf(
  ctx: AppContext,
  actor: Actor,
  page: Page & { search?: string | undefined },
) {
  const { rows, total } = await geofencePage(ctx.database.db, actor.accountId, page);
  return { data: rows.map(presentGeofence), total };
}

/** One geofence of the account with the trackers inside it now; another account's is 404. */
export async function geofenceDetails(ctx: AppContext, actor: Actor, geofenceId: number) {
  return presentGeofence(found(await findGeofence(ctx.database.db, actor.accountId, geofenceId)));
}

/** Creates a geofence (manage Geofences); answers its id. */
export async function createGeofence(ctx: AppContext, actor: Actor, payload: GeofenceStore) {
  authorizeChanges(actor);
  const columns = geofenceColumns(payload) as GeofenceColumns;
  const id = await insertGeofence(ctx.database.db, actor.accountId, columns);
  geofencesChanged(ctx, actor.accountId, id);
  return id;
}

/** Changes the fields sent (manage Geofences); the others keep their values. */
export async function changeGeofence(
  ctx: AppContext,
  actor: Actor,
  geofenceId: number,
  payload: GeofenceUpdate,
) {
  authorizeChanges(actor);
  const { db } = ctx.database;
  const stored = found(await findGeofence(db, actor.accountId, geofenceId));
  await updateGeofence(db, actor.accountId, stored.id, geofenceColumns(payload, stored));
  geofencesChanged(ctx, actor.accountId, stored.id);
  return stored.id;
}

/** Deletes a geofence and its visit records (manage Geofences). */
export async function removeGeofence(ctx: AppContext, actor: Actor, geofenceId: number) {
  authorizeChanges(actor);
  if (!(await deleteGeofence(ctx.database.db, actor.accountId, geofenceId))) throw notFound();
  geofencesChanged(ctx, actor.accountId, geofenceId);
}

/** Enter and exit events of the trackers the actor sees, newest first. */
export async function geofenceEvents(
  ctx: AppContext,
  actor: Actor,
  filters: EventFilters,
  page: Page,
) {
  const { rows, total } = await geofenceEventsPage(ctx.database.db, actor.devices, filters, page);
  return { data: rows.map(presentGeofenceEvent), total };
}

/**
 * The geofence holding the point (the smallest id when several do), else the one whose
 * centre is nearest; null when the account has none (an answer, not a missing resource: every
 * map popup of an account without geofences asks).
 */
export async function nearestGeofenceTo(ctx: AppContext, actor: Actor, lat: number, lng: number) {
  const { db } = ctx.database;
  const index = await ctx.geofenceIndexes.forAccount(actor.accountId);
  const [inside] = await geofenceNames(db, actor.accountId, index.containing(lat, lng));
  return inside ?? (await nearestGeofence(db, actor.accountId, lat, lng)) ?? null;
}

/** The visits CSV needs a range whose start comes first (422 naming the field otherwise). */
export function checkVisitsRange(range: {
  date_from?: Date | undefined;
  date_to?: Date | undefined;
}) {
  if (!range.date_from) throw invalidField('date_from', 'date is required');
  if (!range.date_to) throw invalidField('date_to', 'date is required');
  if (range.date_from > range.date_to) {
    throw invalidField('date_from', 'The start date must be before the end date');
  }
  return { from: range.date_from, to: range.date_to };
}

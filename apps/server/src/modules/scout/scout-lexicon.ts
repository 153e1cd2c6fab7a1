import { ZoneDays } from '@waymark/domain';
import { accountZoneOf } from '../trips/trips.service';
import type { ScoutFleet } from './scout-fleet';
import type { ScoutLexicon } from './scout-model';

/** The names a question may use (trackers, models, groups, geofences) and the account's day. */
export async function lexiconOf(fleet: ScoutFleet): Promise<ScoutLexicon> {
  const [trackers, groups, geofences, zone] = await Promise.all([
    fleet.trackers(),
    fleet.groups(),
    fleet.geofences(),
    accountZoneOf(fleet.ctx, fleet.actor),
  ]);
  return {
    today: new ZoneDays(zone).dayOf(fleet.now.getTime()),
    trackers: trackers.map((t) => ({ id: t.id, name: t.name, serial: t.serial })),
    models: [...new Set(trackers.map((t) => t.model_title))],
    groups,
    geofences: geofences.map((g) => ({ id: g.id, name: g.name })),
  };
}

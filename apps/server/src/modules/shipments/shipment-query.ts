import { z } from 'zod';
import { SHIPMENT_STATUSES, textSchema, type ShipmentStatus } from '@waymark/domain';
import { invalidField } from '../../errors/domain-error';
import type { PartsWanted } from './shipment-parts';

const flagValue = z.enum(['0', '1', 'true', 'false']);
/** A yes/no parameter, off when absent. */
export const flag = flagValue.optional().transform((v) => v === '1' || v === 'true');

const INCLUDES = ['device', 'events'] as const;
/** A comma list of names, each one of `allowed` (a 422 naming the parameter otherwise). */
const namesOf = <T extends string>(name: string, allowed: readonly T[]) =>
  textSchema({ max: 500 })
    .optional()
    .transform((value, ctx) => {
      const names = (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = names.filter((n) => !(allowed as readonly string[]).includes(n));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `${name} may name ${allowed.join(', ')}` });
        return z.NEVER;
      }
      return names as T[];
    });

/** The parts a shipment call may add (spec 001 §7): include=device,events and the with_ flags. */
export const partsQuery = {
  with_geofences: flag.describe('1: from_geofence and to_geofence, with their shapes'),
  with_current_position: flag.describe(
    "1: current_position, the tracker's newest fix (where it was at the end once finished)",
  ),
  with_path: flag.describe("1: path, the tracker's fixes from the start to the end (or now)"),
  include: namesOf('include', INCLUDES).describe('Comma list: device, events'),
};

export function partsWanted(q: {
  with_geofences: boolean;
  with_current_position: boolean;
  with_path: boolean;
  include: ('device' | 'events')[] | undefined;
}): PartsWanted {
  return {
    includeDevice: q.include?.includes('device') ?? false,
    includeEvents: q.include?.includes('events') ?? false,
    withGeofences: q.with_geofences,
    withCurrentPosition: q.with_current_position,
    withPath: q.with_path,
  };
}

/** Statuses of the list's status filter: a comma list of the API's status values. */
export const statusQuery = namesOf<ShipmentStatus>('status', SHIPMENT_STATUSES).describe(
  `Comma list of statuses: ${SHIPMENT_STATUSES.join(', ')}`,
);

/** download=true answers a CSV file; offset is minutes west of UTC for its times. */
export const downloadQuery = {
  download: flag.describe('true: the answer is a CSV file'),
  offset: z.coerce
    .number()
    .int()
    .min(-900)
    .max(900)
    .optional()
    .describe("Minutes west of UTC (the browser's getTimezoneOffset) for the CSV's times"),
};

/** date_from before date_to when both are given. */
export function checkRange(from: Date | undefined, to: Date | undefined, field = 'date_from') {
  if (from && to && from > to) {
    throw invalidField(field, 'The start date must be before the end date');
  }
}

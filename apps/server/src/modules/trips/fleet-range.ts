import {
  FLEET_REPORT_DEFAULT_DAYS,
  FLEET_REPORT_MAX_DAYS,
  FLEET_REPORT_MESSAGES,
  nextDay,
  ZoneDays,
} from '@waymark/domain';
import { invalidField } from '../../errors/domain-error';

/** A fleet report's local days in the account's zone, and the instants they span. */
export interface FleetRange {
  dayFrom: string;
  dayTo: string;
  from: number;
  to: number;
  zone: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * date_from and date_to are local days of the account, both included; by default the last
 * FLEET_REPORT_DEFAULT_DAYS days up to today.
 */
export function fleetRange(
  query: { date_from?: string | undefined; date_to?: string | undefined },
  zone: string,
  now: Date,
): FleetRange {
  const days = new ZoneDays(zone);
  const dayTo = query.date_to ?? days.dayOf(now.getTime());
  const dayFrom =
    query.date_from ?? dayOfNumber(dayNumber(dayTo) - (FLEET_REPORT_DEFAULT_DAYS - 1));
  if (dayNumber(dayFrom) > dayNumber(dayTo))
    throw invalidField('date_from', FLEET_REPORT_MESSAGES.order);
  if (dayNumber(dayTo) - dayNumber(dayFrom) + 1 > FLEET_REPORT_MAX_DAYS)
    throw invalidField('date_to', FLEET_REPORT_MESSAGES.tooLong);
  return {
    dayFrom,
    dayTo,
    from: days.startOfDay(dayFrom),
    to: days.startOfDay(nextDay(dayTo)),
    zone,
  };
}

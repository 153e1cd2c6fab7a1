import { expect, it } from 'vitest';
import { driverOf, engineHoursOf } from './vehicle-readings.rules';

it('reads engine hours in hours, from an hour meter or a count of seconds', () => {
  expect(engineHoursOf({ hours: 1234.5 })).toBe(1234.5);
  expect(engineHoursOf({ engineSeconds: 5_400 })).toBe(1.5);
  expect(engineHoursOf({ hours: -1 })).toBeNull();
  expect(engineHoursOf({ hours: '12' })).toBeNull();
  expect(engineHoursOf(null)).toBeNull();
});

it('names the driver by the key the device read', () => {
  expect(driverOf({ driverUniqueId: ' 01A2B3C4D5 ' })).toBe('01A2B3C4D5');
  expect(driverOf({ driverId: 4711 })).toBe('4711');
  expect(driverOf({ driverId: '' })).toBeNull();
  expect(driverOf({})).toBeNull();
});

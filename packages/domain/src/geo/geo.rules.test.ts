import { describe, expect, it } from 'vitest';
import {
  celsiusToFahrenheit,
  distanceMetres,
  fahrenheitToCelsius,
  isPlausibleCoordinate,
  mpsToMph,
} from './geo.rules';

describe('distanceMetres', () => {
  it('measures Chicago to St. Louis at about 422 km', () => {
    expect(distanceMetres(41.8781, -87.6298, 38.627, -90.1994) / 1000).toBeCloseTo(422.1, 1);
  });
  it('is zero for the same point', () => {
    expect(distanceMetres(10, 20, 10, 20)).toBe(0);
  });
});

describe('unit conversions', () => {
  it('converts m/s to mph with the spec factor', () => {
    expect(mpsToMph(10)).toBeCloseTo(22.3694, 4);
  });
  it('converts temperatures both ways', () => {
    expect(celsiusToFahrenheit(100)).toBe(212);
    expect(fahrenheitToCelsius(32)).toBe(0);
  });
});

describe('isPlausibleCoordinate', () => {
  it('rejects 0,0, out-of-range and non-numbers', () => {
    expect(isPlausibleCoordinate(0, 0)).toBe(false);
    expect(isPlausibleCoordinate(91, 10)).toBe(false);
    expect(isPlausibleCoordinate(10, -181)).toBe(false);
    expect(isPlausibleCoordinate(Number.NaN, 1)).toBe(false);
    expect(isPlausibleCoordinate(39.1, -94.6)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { gazetteerGeocoder } from './gazetteer-geocoder';

const geocoder = gazetteerGeocoder();

describe('gazetteerGeocoder', () => {
  it('names the nearest town with the state in the US', async () => {
    expect(await geocoder.reverse(39.7817, -89.6501)).toBe('Near Springfield, IL, US');
  });

  it('names towns abroad with their country', async () => {
    expect(await geocoder.reverse(48.8566, 2.3522)).toBe('Near Paris, FR');
  });

  it('gives no address in the middle of the ocean', async () => {
    expect(await geocoder.reverse(-30, -140)).toBeNull();
  });

  it('finds places by the start of their name, biggest first', async () => {
    const places = await geocoder.search('Springfield, IL');
    expect(places[0]).toMatchObject({ label: 'Springfield, IL, US' });
    expect(places[0]!.lat).toBeCloseTo(39.8, 1);
  });
});

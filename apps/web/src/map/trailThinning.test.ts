import { describe, expect, it } from 'vitest';
import { TRAIL_CELL_PX, TRAIL_FULL_ZOOM, trailPointZooms } from './trailThinning';

/** A day of a delivery van around Chicago every 10 s: loops, stops and crawls, some speeds unknown. */
function track(n: number) {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: n }, (_, i) => {
    const along = i / 900;
    return {
      lat: 41.85 + 0.2 * Math.sin(along) + (random() - 0.5) * 0.001,
      lng: -87.7 + 0.3 * Math.sin(2 * along) + (random() - 0.5) * 0.001,
      speed: i % 17 === 0 ? null : i % 360 < 60 ? 0 : Math.round(random() * 100),
    };
  });
}

/** The pixel square a point falls in at a zoom, from the slippy-map tile formula. */
function square(p: { lat: number; lng: number }, zoom: number) {
  const rad = (p.lat * Math.PI) / 180;
  const worldPx = 256 * 2 ** zoom;
  const x = ((p.lng + 180) / 360) * worldPx;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * worldPx;
  return `${Math.floor(x / TRAIL_CELL_PX)}:${Math.floor(y / TRAIL_CELL_PX)}`;
}

describe('trailPointZooms', () => {
  const points = track(8640);
  const zooms = trailPointZooms(
    {
      lat: points.map((p) => p.lat),
      lng: points.map((p) => p.lng),
      speed: points.map((p) => p.speed),
    },
    6,
  );

  it('shows one point per screen square at every zoom, the slowest there, and leaves no square empty', () => {
    for (let zoom = 6; zoom < TRAIL_FULL_ZOOM; zoom++) {
      const bySquare = new Map<string, number[]>();
      points.forEach((p, i) => {
        const key = square(p, zoom);
        bySquare.set(key, [...(bySquare.get(key) ?? []), i]);
      });
      for (const members of bySquare.values()) {
        const shown = members.filter((i) => zooms[i]! <= zoom);
        expect(shown).toHaveLength(1);
        const slowest = Math.min(...members.map((i) => points[i]!.speed ?? Infinity));
        expect(points[shown[0]!]!.speed ?? Infinity).toBe(slowest);
      }
    }
  });

  it('draws every point from the full zoom, and far fewer at a city’s zoom', () => {
    expect(zooms.every((z) => z <= TRAIL_FULL_ZOOM)).toBe(true);
    const atCity = zooms.filter((z) => z <= 10).length;
    expect(atCity).toBeGreaterThan(0);
    expect(atCity).toBeLessThan(points.length / 10);
  });

  it('keeps a point once shown at every zoom above (the squares nest)', () => {
    // zoom[i] is the lowest zoom the point shows at; the first test found it shown at each
    // zoom of its square from there up, so this is the count growing with the zoom.
    const counts = Array.from(
      { length: TRAIL_FULL_ZOOM - 5 },
      (_, k) => zooms.filter((z) => z <= 6 + k).length,
    );
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(points.length);
  });
});

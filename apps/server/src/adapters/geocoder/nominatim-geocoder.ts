import type { Geocoder, Place } from './geocoder';

/** A Nominatim-compatible server (GEOCODER_URL), e.g. https://nominatim.openstreetmap.org. */
export function nominatimGeocoder(baseUrl: string, fetchImpl: typeof fetch = fetch): Geocoder {
  const cache = new Map<string, string | null>();
  const get = async (path: string, params: Record<string, string>) => {
    const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    for (const [key, value] of Object.entries({ format: 'jsonv2', ...params })) {
      url.searchParams.set(key, value);
    }
    const response = await fetchImpl(url, {
      headers: { 'user-agent': 'Waymark fleet tracking' },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    return response.json() as Promise<unknown>;
  };

  return {
    async reverse(lat, lng) {
      // ~100 m cells: neighbouring fixes of a parked tracker share one lookup.
      const key = `${lat.toFixed(3)},${lng.toFixed(3)}`;
      if (cache.has(key)) return cache.get(key) ?? null;
      try {
        const body = (await get('reverse', { lat: String(lat), lon: String(lng) })) as {
          display_name?: string;
        };
        const address = body.display_name ?? null;
        if (cache.size > 50_000) cache.clear();
        cache.set(key, address);
        return address;
      } catch {
        return null;
      }
    },
    async search(query, limit = 5) {
      const body = (await get('search', { q: query, limit: String(limit) })) as {
        display_name: string;
        lat: string;
        lon: string;
      }[];
      return body.map((p): Place => ({
        label: p.display_name,
        lat: Number(p.lat),
        lng: Number(p.lon),
      }));
    },
  };
}

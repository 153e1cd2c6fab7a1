import type { Geocoder, Place } from './geocoder';

/** A Nominatim-compatible server (GEOCODER_URL), e.g. https://nominatim.openstreetmap.org. */
export function nominatimGeocoder(baseUrl: string, fetchImpl: typeof fetch = fetch): Geocoder {
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
    // Street addresses: ~100 m cells, so neighbouring fixes of a parked tracker share a lookup.
    cellDegrees: 0.001,
    async reverse(lat, lng) {
      const body = (await get('reverse', { lat: String(lat), lon: String(lng) })) as {
        display_name?: string;
      };
      return body.display_name ?? null;
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

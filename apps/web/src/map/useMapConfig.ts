import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../api/client';

/**
 * The map's part of GET /config. The app-wide config schema does not list these fields yet,
 * and zod drops unknown keys, so the map reads them under its own key until it does.
 */
const mapConfigSchema = z.object({
  /** A raster tile template ({z}/{x}/{y}); null or absent hides the Satellite option. */
  satellite_url: z.string().nullish(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

const NO_MAP_CONFIG: MapConfig = { satellite_url: null };

async function fetchMapConfig(): Promise<MapConfig> {
  try {
    const data = await request<unknown>('/config', { globalErrors: false });
    const parsed = mapConfigSchema.safeParse(data);
    return parsed.success ? parsed.data : NO_MAP_CONFIG;
  } catch {
    return NO_MAP_CONFIG;
  }
}

export function useMapConfig(): MapConfig {
  return (
    useQuery({ queryKey: ['config', 'map'], queryFn: fetchMapConfig, staleTime: Infinity }).data ??
    NO_MAP_CONFIG
  );
}

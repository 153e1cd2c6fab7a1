import { z } from 'zod';

/** GET /config: the public settings the web app reads before anyone logs in. */
export const appConfigSchema = z.object({
  version: z.string(),
  business_app_url: z.string().nullable(),
  consumer_app_url: z.string().nullable(),
  consumer_hosts: z.array(z.string()),
  help_url: z.string().nullable(),
  /** A MapLibre style URL; null means the bundled offline basemap. */
  map_style_url: z.string().nullable(),
  /** A raster tile template ({z}/{x}/{y}); null hides the Satellite option. */
  satellite_url: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

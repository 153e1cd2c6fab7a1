import { z } from 'zod';

/** GET /config: the public settings the web app reads before anyone logs in. */
export const appConfigSchema = z.object({
  version: z.string(),
  business_app_url: z.string().nullable(),
  consumer_app_url: z.string().nullable(),
  consumer_hosts: z.array(z.string()),
  help_url: z.string().nullable(),
  /** A customer-chat page business accounts' Help launcher opens; null: the built-in panel. */
  help_chat_url: z.string().nullable(),
  /** The contact address of the built-in help panel. */
  support_email: z.string(),
  /** A Sentry-compatible DSN for the web app's error reports; null: none are sent. */
  sentry_dsn: z.string().nullable(),
  sentry_environment: z.string(),
  /** A MapLibre style URL; null means the bundled offline basemap. */
  map_style_url: z.string().nullable(),
  /** A raster tile template ({z}/{x}/{y}); null hides the Satellite option. */
  satellite_url: z.string().nullable(),
  /**
   * The street map archive this server serves (MAP_PMTILES), a path on this origin read by
   * range requests; null: the street map is map_style_url's.
   */
  map_pmtiles_url: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

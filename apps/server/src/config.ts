import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ error: 'must be a URL' }).optional())
  .optional();

/**
 * Every environment variable Waymark reads. Defaults run the embedded product; the README's
 * configuration table lists these same names.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be a postgres:// URL, or unset for the embedded database',
    }),
  DATA_DIR: z.string().default('./data'),
  BUS_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^nats:\/\//.test(v), {
      message: 'must be a nats:// URL, or unset for the in-process bus',
    }),
  BUS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ or -')
    .default('waymark'),
  SEED_DEMO: bool(true),
  DEMO_SIMULATOR: bool(true),
  /** The demo account's embedded custom report (its Analytics tab); unset: a Looker Studio URL. */
  DEMO_REPORT_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Waymark <no-reply@waymark.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().positive().default(10),
  BUSINESS_APP_URL: optionalUrl,
  CONSUMER_APP_URL: optionalUrl,
  CONSUMER_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  HELP_URL: optionalUrl,
  GEOCODER_URL: optionalUrl,
  /** A Geolocation API service placing cell-tower and Wi-Fi reports; unset: they stay status. */
  CELL_GEOLOCATION_URL: optionalUrl,
  /** An OSRM-compatible routing engine for predicted arrivals; unset: great circle × road factor. */
  ROUTING_URL: optionalUrl,
  SMS_URL: optionalUrl,
  /** A MapLibre style URL for the street map; unset: the bundled offline basemap. */
  MAP_STYLE_URL: optionalUrl,
  /** A raster tile template ({z}/{x}/{y}) for satellite imagery; unset: no satellite layer. */
  SATELLITE_URL: z.string().trim().optional(),
  OSMAND_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5055),
  GT06_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5023),
  TELTONIKA_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5027),
  H02_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5013),
  GPS103_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5001),
  WATCH_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5093),
  QUECLINK_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5004),
  MEITRACK_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5020),
  INGEST_ENABLED: bool(true),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = ReturnType<typeof parseConfig>;

/** Raised for a bad environment; names every variable that was wrong and why. */
export class ConfigError extends Error {}

/** Parses the environment once at start. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = result.data;
  return {
    ...c,
    appUrl: c.APP_URL ?? `http://localhost:${c.PORT}`,
    database: c.DATABASE_URL
      ? ({ kind: 'postgres', url: c.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: `${c.DATA_DIR}/pglite` } as const),
    bus: c.BUS_URL
      ? ({ kind: 'nats', url: c.BUS_URL, prefix: c.BUS_SUBJECT_PREFIX } as const)
      : ({ kind: 'in-process' } as const),
  };
}

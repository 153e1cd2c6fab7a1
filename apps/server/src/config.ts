import { closeSync, openSync, readSync } from 'node:fs';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

/**
 * OpenFreeMap's Liberty style: OpenStreetMap vector tiles with no key, no registration and no
 * request limit, free for commercial use (OpenStreetMap's ODbL attribution, which the style
 * carries). Style, tiles, sprites and glyphs are all on this one origin, which the CSP allows.
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** Unset: OpenFreeMap; `offline`: the bundled basemap (null); else a style URL. */
const mapStyleUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === undefined || v === '' ? DEFAULT_MAP_STYLE_URL : v))
  .pipe(
    z.union([
      z.literal('offline').transform(() => null),
      z.url({ error: "must be a URL, or 'offline' for the bundled map" }),
    ]),
  );

/** Whether the file at `path` opens with the PMTiles v3 magic ('PMTiles' then version 3). */
function isPmtilesArchive(path: string): boolean {
  try {
    const fd = openSync(path, 'r');
    try {
      const head = Buffer.alloc(8);
      return readSync(fd, head, 0, 8, 0) === 8 && head.toString('latin1') === 'PMTiles\x03';
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** A local PMTiles archive (MAP_PMTILES), checked at start so a wrong path fails loudly. */
const pmtilesPath = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isPmtilesArchive(v), {
    message: 'must name a PMTiles v3 archive (a .pmtiles file) that this server can read',
  });

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ error: 'must be a URL' }).optional())
  .optional();

/**
 * What a process does (issue 40): api serves HTTP, the web app and websockets; ingest listens
 * to devices; worker runs the pipeline, what follows positions and the job queue.
 */
export const ROLES = ['api', 'ingest', 'worker'] as const;
export type ProcessRole = (typeof ROLES)[number];

/** A comma list of roles (`api,worker`); unset or empty: all three. */
const rolesList = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v.split(',').map((r) => r.trim()) : [...ROLES]))
  .pipe(
    z
      .array(z.enum(ROLES, { error: `must be a comma list of ${ROLES.join(', ')}` }))
      .transform((roles) => new Set(roles)),
  );

/**
 * A host name (letters, digits, dots, hyphens), an IPv4 address, or an IPv6 address (two
 * colons at least, so `host:port` is refused).
 */
const DEVICE_HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|[0-9A-Fa-f.]*:[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*)$/;

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
  /**
   * Files (exports, images, chat files) on an S3-compatible bucket instead of DATA_DIR/files:
   * s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=…&tls=false
   */
  STORAGE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^s3:\/\/[^/]+\/[^/?]+/.test(v), {
      message: 'must be an s3://KEY:SECRET@host/bucket URL, or unset for local files',
    }),
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
  /**
   * The position stream of a split set-up (docs/architecture.md): partitions spread over the
   * workers (more partitions than workers you will ever run; changing it moves devices), and
   * the copies JetStream keeps before a device is acknowledged (3 on a three-server cluster).
   */
  STREAM_PARTITIONS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be from 1 to 256')
    .max(256, 'must be from 1 to 256')
    .default(16),
  STREAM_REPLICAS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be from 1 to 5')
    .max(5, 'must be from 1 to 5')
    .default(1),
  /**
   * Unset: the demo is seeded into an empty database, except with NODE_ENV=production (issue
   * 39); a production server also refuses to start while a demo login exists unless it is
   * set to true on purpose.
   */
  SEED_DEMO: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).optional(),
  DEMO_SIMULATOR: bool(true),
  /** The demo account's embedded custom report (its Analytics tab); unset: a Looker Studio URL. */
  DEMO_REPORT_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Waymark <no-reply@waymark.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().positive().default(10),
  /** Calls a minute per address to a public page (shipment track, report view, approve order, exports). */
  PUBLIC_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().positive().default(300),
  /** Behind a reverse proxy that sets X-Forwarded-For: the client's address is read from it. */
  TRUST_PROXY: bool(false),
  /** A saved report's PDF of more positions than this is made by a job and e-mailed. */
  REPORT_PDF_JOB_POSITIONS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .positive()
    .default(20_000),
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
  /** A customer-chat widget page for business accounts' Help launcher; unset: the built-in help panel. */
  HELP_CHAT_URL: optionalUrl,
  /** The contact address the built-in help panel offers. */
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@waymark.local'),
  /**
   * A Sentry-compatible DSN the web app and the server report errors to (the server: 5xx
   * answers and failed job attempts, without their data); unset: no error reporting.
   */
  SENTRY_DSN: optionalUrl,
  /** The environment name error reports carry (production, staging). */
  SENTRY_ENVIRONMENT: z.string().trim().default('production'),
  GEOCODER_URL: optionalUrl,
  /** A Geolocation API service placing cell-tower and Wi-Fi reports; unset: they stay status. */
  CELL_GEOLOCATION_URL: optionalUrl,
  /** An OSRM-compatible routing engine for predicted arrivals; unset: great circle × road factor. */
  ROUTING_URL: optionalUrl,
  SMS_URL: optionalUrl,
  /** A MapLibre style URL for the street map; unset: the bundled offline basemap. */
  MAP_STYLE_URL: mapStyleUrl,
  /**
   * A local PMTiles archive of OpenStreetMap in the Protomaps basemap schema (a region cut
   * from a planet build with `pmtiles extract`): the street map, served by this server with
   * range requests, so no map service is needed. Takes the place of MAP_STYLE_URL's default.
   */
  MAP_PMTILES: pmtilesPath,
  /** A raster tile template ({z}/{x}/{y}) for satellite imagery; unset: no satellite layer. */
  SATELLITE_URL: z.string().trim().optional(),
  /**
   * More origins the browser may load from (space separated), for a map style whose tiles,
   * sprites or glyphs sit on other hosts than the style; the CSP already allows the origins
   * of every URL configured here.
   */
  CSP_EXTRA_SOURCES: z
    .string()
    .default('')
    .transform((v) => v.split(/\s+/).filter(Boolean)),
  /**
   * The host name or IP address trackers are told to connect to (the device setup guide);
   * unset: the host the web app was opened at.
   */
  DEVICE_HOST: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || DEVICE_HOST_PATTERN.test(v), {
      message: 'must be a host name or IP address, without a scheme or port',
    }),
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
  JT808_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5015),
  WIALON_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5039),
  SUNTECH_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5011),
  ISTARTEK_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5225),
  RUPTELA_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5046),
  TOPFLYTECH_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5094),
  NAVTELECOM_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5180),
  GALILEOSKY_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5034),
  JT600_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5014),
  INGEST_ENABLED: bool(true),
  /** The roles this process runs (`--role` on the command line wins); unset: all three. */
  ROLES: rolesList,
  /** Device ports' bounds (docs/device-protocols.md, "Bounded ports"): open connections per address, per listener. */
  DEVICE_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .positive()
    .default(2_000),
  DEVICE_MAX_CONNECTIONS_PER_LISTENER: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .positive()
    .default(10_000),
  /** Seconds without a byte before a device connection is closed; unset: each protocol's own. */
  DEVICE_IDLE_TIMEOUT_S: z.coerce.number({ error: 'must be a number' }).positive().optional(),
  /** Seconds a started frame (or OsmAnd request) has to be complete. */
  DEVICE_FRAME_DEADLINE_S: z.coerce.number({ error: 'must be a number' }).positive().default(30),
  /** File descriptors device connections leave for HTTP, the database and files. */
  DEVICE_RESERVED_DESCRIPTORS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .default(1_000),
  /**
   * Who writes Scout's answers: offline (the built-in model), openai, anthropic or
   * openai-compatible (SCOUT_BASE_URL). Unset: the provider whose key or URL is set, else offline.
   */
  SCOUT_PROVIDER: z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']).optional(),
  /** The provider's model when the user chose none (e.g. gpt-4.1-mini, llama3.1). */
  SCOUT_MODEL: z.string().trim().optional(),
  OPENAI_API_KEY: z.string().trim().optional(),
  ANTHROPIC_API_KEY: z.string().trim().optional(),
  /** An OpenAI-compatible API (a local Ollama or vLLM), e.g. http://localhost:11434/v1. */
  SCOUT_BASE_URL: optionalUrl,
  /** The key of the OpenAI-compatible API, when it asks for one. */
  SCOUT_API_KEY: z.string().trim().optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Card payments through Stripe; unset: the local sandbox provider (test cards, own form). */
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  /** Verifies Stripe's webhook signatures (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  /** Stripe's API address; only to reach a stand-in (tests). */
  STRIPE_API_URL: optionalUrl,
  /** Where the sandbox provider posts its events; unset: this server on 127.0.0.1:PORT. */
  SANDBOX_WEBHOOK_URL: optionalUrl,
  /** The key the sandbox provider signs its webhook events with. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).default('whsec_waymark_sandbox_local'),
});

export type Config = ReturnType<typeof parseConfig>;

/** Raised for a bad environment; names every variable that was wrong and why. */
export class ConfigError extends Error {}

/**
 * Parses the environment once at start; `roles` is the command line's `--role`, which wins
 * over ROLES.
 */
export function parseConfig(env: NodeJS.ProcessEnv = process.env, roles?: string) {
  const given = roles === undefined ? env : { ...env, ROLES: roles };
  const result = envSchema.safeParse(given);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const shown = name === 'ROLES' && roles !== undefined ? '--role' : name;
      return `${shown}=${JSON.stringify(given[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = result.data;
  refuseLonelySplit(c, roles === undefined ? 'ROLES' : '--role');
  if (c.MAP_PMTILES && env.MAP_STYLE_URL?.trim()) {
    throw new ConfigError(
      'Invalid configuration:\n  MAP_PMTILES and MAP_STYLE_URL name two street maps: set one of them',
    );
  }
  const seedDemoSet = c.SEED_DEMO === undefined ? undefined : ['true', '1'].includes(c.SEED_DEMO);
  return {
    ...c,
    // The archive is the street map: no outside style, so the CSP allows no map host for it.
    MAP_STYLE_URL: c.MAP_PMTILES ? null : c.MAP_STYLE_URL,
    SEED_DEMO: seedDemoSet ?? c.NODE_ENV !== 'production',
    /** SEED_DEMO=true was set, not defaulted: a production server may then keep the demo. */
    demoOnPurpose: seedDemoSet === true,
    appUrl: c.APP_URL ?? `http://localhost:${c.PORT}`,
    sandboxWebhookUrl:
      c.SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${c.PORT}/api/payments/webhook/sandbox`,
    database: c.DATABASE_URL
      ? ({ kind: 'postgres', url: c.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: `${c.DATA_DIR}/pglite` } as const),
    scout: scoutConfig(c),
    deviceLimits: {
      perAddress: c.DEVICE_MAX_CONNECTIONS_PER_ADDRESS,
      perListener: c.DEVICE_MAX_CONNECTIONS_PER_LISTENER,
      idleTimeoutMs:
        c.DEVICE_IDLE_TIMEOUT_S === undefined ? undefined : c.DEVICE_IDLE_TIMEOUT_S * 1000,
      frameDeadlineMs: c.DEVICE_FRAME_DEADLINE_S * 1000,
      reservedDescriptors: c.DEVICE_RESERVED_DESCRIPTORS,
    },
    bus: c.BUS_URL
      ? ({
          kind: 'nats',
          url: c.BUS_URL,
          prefix: c.BUS_SUBJECT_PREFIX,
          partitions: c.STREAM_PARTITIONS,
          replicas: c.STREAM_REPLICAS,
        } as const)
      : ({ kind: 'in-process' } as const),
  };
}

type Env = z.infer<typeof envSchema>;

/**
 * Processes that share the work must share the database and the bus: PGlite is one process's
 * files and the in-process bus reaches no other process (nor does the position stream).
 */
function refuseLonelySplit(c: Env, from: string) {
  if (ROLES.every((role) => c.ROLES.has(role))) return;
  const named = [...c.ROLES].join(',');
  const missing = [
    ...(c.DATABASE_URL ? [] : ['DATABASE_URL (a postgres:// URL)']),
    ...(c.BUS_URL ? [] : ['BUS_URL (a nats:// URL)']),
  ];
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${from}=${JSON.stringify(named)} runs part of Waymark, so the ` +
        `processes must share a database and a bus: set ${missing.join(' and ')}, or run all ` +
        `roles in one process (no ${from}).`,
    );
  }
}

/** Scout's provider: the one named, else the first with a key or URL, else the offline model. */
function scoutConfig(c: Env) {
  const provider =
    c.SCOUT_PROVIDER ??
    (c.OPENAI_API_KEY
      ? 'openai'
      : c.ANTHROPIC_API_KEY
        ? 'anthropic'
        : c.SCOUT_BASE_URL
          ? 'openai-compatible'
          : 'offline');
  return {
    provider,
    model: c.SCOUT_MODEL || undefined,
    openaiApiKey: c.OPENAI_API_KEY || undefined,
    anthropicApiKey: c.ANTHROPIC_API_KEY || undefined,
    baseUrl: c.SCOUT_BASE_URL,
    apiKey: c.SCOUT_API_KEY || undefined,
  } as const;
}

import { createHash } from 'node:crypto';
import type { Config } from '../config';

/**
 * The Content-Security-Policy of the web app (issue 24): everything from our own origin,
 * plus exactly the outside services this installation configures. Each directive says why
 * it holds more than 'self'; `http/security-headers.ts` sends it on every answer and the
 * browser tests fail on any violation (e2e/support/control-recorder.ts).
 */

type Directives = Record<string, string[]>;

/** Where a configured URL points, or nothing for an unset or unparsable one. */
function originOf(url: string | null | undefined): string[] {
  if (!url) return [];
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? [] : [origin];
  } catch {
    return [];
  }
}

/** The SHA-256 of each inline <script> of the built page, so those scripts alone may run. */
export function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g);
  return [...scripts]
    .map(([, body]) => body ?? '')
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

const STRIPE_JS = 'https://js.stripe.com';

export function contentSecurityPolicy(
  config: Pick<
    Config,
    | 'MAP_STYLE_URL'
    | 'SATELLITE_URL'
    | 'SENTRY_DSN'
    | 'HELP_CHAT_URL'
    | 'DEMO_REPORT_URL'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_API_URL'
    | 'CSP_EXTRA_SOURCES'
  >,
  indexHtml: string | undefined,
): Directives {
  const maps = [...originOf(config.MAP_STYLE_URL), ...originOf(config.SATELLITE_URL)];
  const stripe = config.STRIPE_PUBLISHABLE_KEY ? [STRIPE_JS] : [];
  const extra = config.CSP_EXTRA_SOURCES;
  return {
    'default-src': ["'self'"],
    // The built scripts, the page's inline early-list script by its hash, Stripe.js when
    // payments go through Stripe (it must load from Stripe to keep card data off our pages).
    'script-src': ["'self'", ...inlineScriptHashes(indexHtml ?? ''), ...stripe],
    // Mantine writes its theme variables in a <style> element.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Map tiles and sprites of a configured style, photos as data: and blob: previews.
    'img-src': ["'self'", 'data:', 'blob:', ...maps, ...extra],
    'font-src': ["'self'", 'data:'],
    // The API and the realtime socket (same origin), the map style's sources, the error
    // reporter's ingest, Stripe's API from Stripe.js, and the embedded report, which the
    // Analytics page probes before framing it (DEMO_REPORT_URL; other accounts' reports by
    // CSP_EXTRA_SOURCES: never any https page, which would let an injected script send data
    // anywhere).
    'connect-src': [
      "'self'",
      ...originOf(config.DEMO_REPORT_URL),
      ...maps,
      ...originOf(config.SENTRY_DSN),
      ...(stripe.length > 0 ? ['https://api.stripe.com', ...originOf(config.STRIPE_API_URL)] : []),
      ...extra,
    ],
    // MapLibre runs its workers from blob: URLs.
    'worker-src': ["'self'", 'blob:'],
    // The sandbox card form (same origin), the embedded custom report (spec 000 §2.9; as
    // above), the help chat, Stripe's card frames.
    'frame-src': [
      "'self'",
      ...originOf(config.DEMO_REPORT_URL),
      ...originOf(config.HELP_CHAT_URL),
      ...stripe,
      ...extra,
    ],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'report-uri': ['/api/csp-reports'],
  };
}

import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * The web's security headers on every answer, the app's pages and the API alike (issue 24),
 * through helmet: no MIME sniffing, no framing by other sites (X-Frame-Options and CSP
 * frame-ancestors), no plugins, no <base> redirection, the referrer cut to the origin across
 * sites, the browser features the app never uses switched off, and HTTPS only (HSTS) once a
 * browser reached us over HTTPS. The CSP itself is built
 * from the installation's configuration (`http/content-security-policy.ts`).
 *
 * API answers are personal (GET /api/me, lists, tokens): never stored by a browser or proxy,
 * unless a route says otherwise (a file it serves).
 */
export const securityHeaders = fp<{ csp: Record<string, string[]> }>(async (app, { csp }) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: csp },
    // Helmet's cross-origin isolation defaults would keep map tiles, the payment provider's
    // window and shared public pages from working; framing is handled above.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Served over plain HTTP on a laptop as well: HSTS only on answers that went over HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // HTTPS directly, or behind a proxy trusted with TRUST_PROXY that says X-Forwarded-Proto.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});

/**
 * A year of HTTPS only, for this host alone: other hosts of the domain may not all have TLS.
 */
const HSTS = 'max-age=31536000';

/** Browser features none of the screens use; geolocation stays for 'my location' on maps. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), payment=(self), usb=(), geolocation=(self)';

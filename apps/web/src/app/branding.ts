import type { AppConfig } from '@waymark/domain';

export type Brand = 'business' | 'consumer';

const normalise = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '');

/** The brand a host name stands for: consumer when listed in consumer_hosts. */
export function hostBrand(hostname: string, consumerHosts: readonly string[]): Brand {
  const host = normalise(hostname);
  return consumerHosts.some((h) => normalise(h) === host) ? 'consumer' : 'business';
}

/** The brand to show: consumer on a consumer host or for an account with uses_gpx_app. */
export function brandFor(
  hostname: string,
  consumerHosts: readonly string[],
  usesGpxApp: boolean,
): Brand {
  return usesGpxApp ? 'consumer' : hostBrand(hostname, consumerHosts);
}

/**
 * Spec 002 §4.6: when the account's brand is not this host's and the other app's address is
 * configured, the session moves there. Returns that address, or null to stay.
 */
export function brandRedirectBase(
  hostname: string,
  config: Pick<AppConfig, 'consumer_hosts' | 'business_app_url' | 'consumer_app_url'>,
  usesGpxApp: boolean,
): string | null {
  const here = hostBrand(hostname, config.consumer_hosts);
  const wanted = brandFor(hostname, config.consumer_hosts, usesGpxApp);
  if (wanted === here) return null;
  const target = wanted === 'consumer' ? config.consumer_app_url : config.business_app_url;
  if (!target) return null;
  try {
    // Never bounce to ourselves, whatever the configuration says.
    if (normalise(new URL(target).hostname) === normalise(hostname)) return null;
  } catch {
    return null;
  }
  return target.replace(/\/+$/, '');
}

/** Body class and favicon of a brand; the logo component reads the same brand. */
export function applyBrand(brand: Brand, doc: Document = document): void {
  doc.body.classList.toggle('brand-business', brand === 'business');
  doc.body.classList.toggle('brand-consumer', brand === 'consumer');
  const icon = doc.getElementById('favicon');
  if (icon instanceof HTMLLinkElement) icon.href = `/favicon-${brand}.svg`;
}

import { useEffect } from 'react';
import { useConfig } from '../api/config';
import { applyBrand, brandFor, type Brand } from './branding';
import { useSession } from './session/useSession';

/** The brand of this page: host name first, then the account's uses_gpx_app setting. */
export function useBrand(): Brand {
  const config = useConfig();
  const usesGpxApp = useSession()?.features?.usesGpxApp ?? false;
  return brandFor(window.location.hostname, config.consumer_hosts, usesGpxApp);
}

/** Keeps body class and favicon in step with the brand. */
export function BrandSync() {
  const brand = useBrand();
  useEffect(() => applyBrand(brand), [brand]);
  return null;
}

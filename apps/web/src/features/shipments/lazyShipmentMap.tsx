import { lazy } from 'react';

// MapLibre is most of these screens' weight: it loads after the panel (map/README.md).
export const ShipmentMap = lazy(() =>
  import('./ShipmentMap').then((m) => ({ default: m.ShipmentMap })),
);

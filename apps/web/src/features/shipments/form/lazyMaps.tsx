import { lazy } from 'react';

// MapLibre is most of the form's weight: it loads after the panel (map/README.md).
export const ShipmentPlacesMap = lazy(() =>
  import('./ShipmentPlacesMap').then((m) => ({ default: m.ShipmentPlacesMap })),
);

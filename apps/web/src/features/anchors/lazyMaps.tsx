import { lazy } from 'react';
import { Center, Loader } from '@mantine/core';

// MapLibre is most of this screen's weight: it loads after the list (map/README.md).
export const AnchorsMap = lazy(() =>
  import('./AnchorsMap').then((m) => ({ default: m.AnchorsMap })),
);
export const LocationMap = lazy(() =>
  import('./wizard/LocationMap').then((m) => ({ default: m.LocationMap })),
);

export const mapFallback = (
  <Center h="100%">
    <Loader size="sm" aria-label="Loading map" />
  </Center>
);

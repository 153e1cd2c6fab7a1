import { lazy } from 'react';
import { Center, Loader } from '@mantine/core';

// MapLibre is most of these screens' weight: it loads after the panel (map/README.md).
export const GeofencesMap = lazy(() =>
  import('./GeofencesMap').then((m) => ({ default: m.GeofencesMap })),
);
export const ShapeDrawMap = lazy(() =>
  import('./ShapeDrawMap').then((m) => ({ default: m.ShapeDrawMap })),
);

export const mapFallback = (
  <Center h="100%">
    <Loader size="sm" aria-label="Loading map" />
  </Center>
);

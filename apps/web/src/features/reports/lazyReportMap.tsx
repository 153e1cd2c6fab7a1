import { lazy } from 'react';

// MapLibre is most of these screens' weight: it loads after the panel (map/README.md).
export const ReportMap = lazy(() => import('./ReportMap').then((m) => ({ default: m.ReportMap })));

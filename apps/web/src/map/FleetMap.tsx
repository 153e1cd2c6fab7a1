import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Box, SegmentedControl } from '@mantine/core';
import type { Map, MapMouseEvent } from 'maplibre-gl';
import { ensureSatellite, showBasemap } from './basemap';
import {
  FleetMapContext,
  type FleetMapApi,
  type LegendSection,
  type MapClickHandler,
} from './context';
import { MapLegend } from './MapLegend';
import { MapPopup } from './MapPopup';
import { sharedMap, type BasemapKind, type MapSources } from './sharedMap';
import { usePlaceLabels } from './usePlaceLabels';
import type { Basemap, MapMode } from './types';
import { useConfig } from '../api/config';

/** Spec 000 §2.4: a click counts as single only if no second click follows within 200 ms. */
export const DOUBLE_CLICK_WAIT_MS = 200;

export interface FleetMapProps {
  mode: MapMode;
  /** Layers (TrackersLayer, TrailLayer, ...) and anything else that needs useFleetMap(). */
  children?: ReactNode;
  /** A single click that no layer claimed; [lng, lat]. */
  onClick?: (lngLat: [number, number]) => void;
  onDoubleClick?: (lngLat: [number, number]) => void;
  /**
   * Shows the legend of the mounted layers (default true, open); 'collapsed' starts it closed,
   * for a small map of one object whose data it would cover.
   */
  legend?: boolean | 'collapsed';
  'aria-label'?: string;
}

interface PopupState {
  key: string;
  lngLat: [number, number];
  content: ReactNode;
}

/** Single-click handlers of the layers, highest priority first. */
class ClickHandlers {
  private entries: { handler: MapClickHandler; priority: number }[] = [];

  add(handler: MapClickHandler, priority: number): () => void {
    const entry = { handler, priority };
    this.entries = [...this.entries, entry].sort((a, b) => b.priority - a.priority);
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
    };
  }

  /** True when a layer claimed the click. */
  dispatch(event: MapMouseEvent): boolean {
    return this.entries.some(({ handler }) => handler(event));
  }
}

type MapState =
  | { status: 'loading' }
  | { status: 'ready'; map: Map; offline: boolean; basemap: BasemapKind }
  | { status: 'failed' };

/**
 * The one map of the app. Mounts the shared MapLibre instance, tells single from double
 * clicks, keeps one popup and the legend, and offers Map/Satellite when the installation has a
 * satellite tile URL. Layers are children; see README.md.
 */
export function FleetMap({
  mode,
  children,
  onClick,
  onDoubleClick,
  legend = true,
  'aria-label': ariaLabel = 'Map',
}: FleetMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>({ status: 'loading' });
  const [basemap, setBasemap] = useState<Basemap>('map');
  const [popup, setPopup] = useState<PopupState | null>(null);
  const [legendCounts, setLegendCounts] = useState<Partial<Record<LegendSection, number>>>({});
  const [stats, setStats] = useState<Record<string, number>>({});
  // A mutable registry, not state: registering a click handler must not re-render the map.
  const [handlers] = useState(() => new ClickHandlers());
  const clickProps = useRef({ onClick, onDoubleClick });
  const config = useConfig();
  const satelliteUrl = config.satellite_url;
  // Read once: the shared map is made with the first screen that shows it.
  const [sources] = useState<MapSources>({
    styleUrl: config.map_style_url,
    archiveUrl: config.map_pmtiles_url,
  });

  useEffect(() => {
    clickProps.current = { onClick, onDoubleClick };
  }, [onClick, onDoubleClick]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let shared: ReturnType<typeof sharedMap>;
    try {
      shared = sharedMap(sources);
    } catch (error) {
      console.error('The map could not start', error);
      // Without WebGL there is nothing to draw on; the screen still works without a map.
      queueMicrotask(() => setState({ status: 'failed' }));
      return;
    }
    const { map, element, loaded, offline, basemap: drawn, onBasemapChange } = shared;
    container.appendChild(element);
    map.resize();
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(container);
    let active = true;
    const publish = () => {
      if (active) setState({ status: 'ready', map, offline: offline(), basemap: drawn() });
    };
    // The street map coming back after a fallback takes the 'Offline map' note away.
    const unsubscribe = onBasemapChange(publish);
    void loaded.then(publish);
    return () => {
      active = false;
      unsubscribe();
      observer.disconnect();
      element.remove();
    };
  }, [sources]);

  const map = state.status === 'ready' ? state.map : null;
  const placeLabels = usePlaceLabels(map);

  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const single = (event: MapMouseEvent) => {
      if (handlers.dispatch(event)) return;
      setPopup(null);
      clickProps.current.onClick?.([event.lngLat.lng, event.lngLat.lat]);
    };
    const click = (event: MapMouseEvent) => {
      // The second click of a double click: the first one's wait is still running.
      if (timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
        return;
      }
      timer = setTimeout(() => {
        timer = undefined;
        single(event);
      }, DOUBLE_CLICK_WAIT_MS);
    };
    const dblclick = (event: MapMouseEvent) => {
      clearTimeout(timer);
      timer = undefined;
      clickProps.current.onDoubleClick?.([event.lngLat.lng, event.lngLat.lat]);
    };
    map.on('click', click);
    map.on('dblclick', dblclick);
    return () => {
      clearTimeout(timer);
      map.off('click', click);
      map.off('dblclick', dblclick);
    };
  }, [map, handlers]);

  useEffect(() => {
    if (map && satelliteUrl) ensureSatellite(map, satelliteUrl);
  }, [map, satelliteUrl]);

  const shownBasemap: Basemap = satelliteUrl ? basemap : 'map';
  useEffect(() => {
    if (map) showBasemap(map, shownBasemap);
  }, [map, shownBasemap]);

  // The instance outlives this screen: close what this screen opened when it goes.
  useEffect(() => () => setPopup(null), []);

  const onSingleClick = useCallback(
    (handler: MapClickHandler, priority = 0) => {
      return handlers.add(handler, priority);
    },
    [handlers],
  );

  const addLegend = useCallback((section: LegendSection) => {
    setLegendCounts((c) => ({ ...c, [section]: (c[section] ?? 0) + 1 }));
    return () => setLegendCounts((c) => ({ ...c, [section]: (c[section] ?? 1) - 1 }));
  }, []);

  const setStat = useCallback((name: string, value: number) => {
    setStats((s) => (s[name] === value ? s : { ...s, [name]: value }));
  }, []);

  // The zoom at rest, as data-zoom, for browser tests (cluster clicks, fly-to).
  useEffect(() => {
    if (!map) return;
    const publish = () => setStat('zoom', Math.round(map.getZoom() * 10) / 10);
    map.on('idle', publish);
    return () => {
      map.off('idle', publish);
    };
  }, [map, setStat]);

  const api = useMemo<FleetMapApi | null>(
    () =>
      map && {
        map,
        mode,
        basemap: shownBasemap,
        onSingleClick,
        showPopup: setPopup,
        popupKey: popup?.key ?? null,
        addLegend,
        setStat,
      },
    [map, mode, shownBasemap, onSingleClick, popup?.key, addLegend, setStat],
  );

  const sections = (Object.keys(legendCounts) as LegendSection[]).filter(
    (s) => (legendCounts[s] ?? 0) > 0,
  );
  const dataAttributes = Object.fromEntries(
    Object.entries(stats).map(([name, value]) => [`data-${name}`, String(value)]),
  );

  return (
    <Box
      pos="relative"
      w="100%"
      h="100%"
      mih={240}
      data-testid="fleet-map"
      data-mode={mode}
      data-ready={map ? 'true' : 'false'}
      data-basemap={state.status === 'ready' ? state.basemap : undefined}
      data-places={placeLabels ?? undefined}
      {...dataAttributes}
    >
      <Box
        ref={containerRef}
        role="region"
        aria-label={ariaLabel}
        pos="absolute"
        inset={0}
        style={{ overflow: 'hidden' }}
      />
      {state.status === 'failed' && (
        <Alert color="gray" pos="absolute" top={12} left={12} right={12}>
          The map cannot be shown in this browser (WebGL is not available).
        </Alert>
      )}
      {state.status === 'ready' && state.offline && (
        // The configured street map did not answer: say why there are no streets.
        <Badge
          pos="absolute"
          bottom={10}
          left={10}
          variant="light"
          color="gray"
          title="The street map could not be reached; this is the map bundled with Waymark"
        >
          Offline map
        </Badge>
      )}
      {satelliteUrl && (
        <SegmentedControl
          pos="absolute"
          top={10}
          left={10}
          size="xs"
          aria-label="Base layer"
          value={basemap}
          onChange={(value) => setBasemap(value as Basemap)}
          data={[
            { value: 'map', label: 'Map' },
            { value: 'satellite', label: 'Satellite' },
          ]}
        />
      )}
      {api && (
        <FleetMapContext.Provider value={api}>
          {children}
          {legend && sections.length > 0 && (
            <MapLegend
              sections={sections}
              satellite={shownBasemap === 'satellite'}
              startsOpen={legend !== 'collapsed'}
            />
          )}
          {popup && (
            <MapPopup
              key={popup.key}
              map={api.map}
              lngLat={popup.lngLat}
              onClose={() => setPopup(null)}
            >
              {popup.content}
            </MapPopup>
          )}
        </FleetMapContext.Provider>
      )}
    </Box>
  );
}

import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Popup, type Map } from 'maplibre-gl';
import { RING_LOOK } from './markers/placement';

/**
 * How far the popup's tip stays from the point it names: clear of the selected tracker's ring
 * (radius 13, stroke 3), so the card never covers the marker it is about (issue 35.23).
 */
export const POPUP_OFFSET_PX = Math.ceil(RING_LOOK.radius + RING_LOOK.stroke / 2) + 3;

/**
 * A MapLibre popup whose content is React, rendered through a portal so links keep the router
 * and theme contexts. Moves with lngLat, so a tracker's popup follows live positions.
 */
export function MapPopup({
  map,
  lngLat,
  onClose,
  children,
}: {
  map: Map;
  lngLat: [number, number];
  onClose: () => void;
  children: ReactNode;
}) {
  const [container] = useState(() => document.createElement('div'));
  const [popup] = useState(() =>
    // Focus stays where the user acted (a list row's button keeps its place in the list); the
    // popup's links and × stay reachable by Tab. Focusing it would also force a layout before
    // the popup's first frame.
    new Popup({
      closeButton: true,
      closeOnClick: false,
      focusAfterOpen: false,
      maxWidth: '280px',
      offset: POPUP_OFFSET_PX,
    }).setLngLat(lngLat),
  );
  const onCloseRef = useRef(onClose);
  const [lng, lat] = lngLat;

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // On the map before the browser paints: the popup shows in the frame of the render that
  // opened it.
  useLayoutEffect(() => {
    // Only the user's close (the × button) reports back; removing on unmount must not.
    const closed = () => onCloseRef.current();
    popup.setDOMContent(container).addTo(map);
    popup.on('close', closed);
    return () => {
      popup.off('close', closed);
      popup.remove();
    };
  }, [map, popup, container]);

  useLayoutEffect(() => {
    popup.setLngLat([lng, lat]);
  }, [popup, lng, lat]);

  return createPortal(children, container);
}

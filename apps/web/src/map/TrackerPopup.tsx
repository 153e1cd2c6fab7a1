import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { describeFix } from '@waymark/domain';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useNearestGeofence } from '../api/geofences';
import type { MapTracker } from './types';
import { useAfterPaint } from './useAfterPaint';

dayjs.extend(relativeTime);

/** Spec 000 §2.4 and §9: popup addresses are cut at 50 characters. */
export const POPUP_ADDRESS_MAX = 50;

export function truncateAddress(address: string, max = POPUP_ADDRESS_MAX): string {
  return address.length > max ? `${address.slice(0, max).trimEnd()}…` : address;
}

/** The GeofenceCreateView link that prefills the address from a point (spec 000 §2.1). */
export function createGeofenceHref(label: string, lat: number, lng: number): string {
  const query = new URLSearchParams({ label, lat: String(lat), lng: String(lng) });
  return `/geofences/create?${query.toString()}`;
}

/** The geofence the tracker is in, or the nearest one, linked to its details. */
function NearestGeofence({
  accountId,
  lat,
  lng,
  inside,
}: {
  accountId: number | null;
  lat: number;
  lng: number;
  inside: boolean;
}) {
  const { data: geofence } = useNearestGeofence(accountId, lat, lng);
  if (!geofence) return null;
  return (
    <Text size="xs">
      {inside ? 'Inside ' : 'Nearest geofence: '}
      <Anchor component={Link} to={`/geofences/${geofence.id}`} size="xs">
        {geofence.name}
      </Anchor>
    </Text>
  );
}

/** What the popup may offer: the account it looks in, and whether the user manages geofences. */
export interface TrackerPopupAccess {
  accountId: number | null;
  canManageGeofences: boolean;
}

/** A tracker's marker popup: name, address, position, and 'Create geofence' for managers. */
export function TrackerPopup({
  tracker,
  access,
}: {
  tracker: MapTracker;
  access: TrackerPopupAccess;
}) {
  // The nearest geofence is asked for once the card has painted: the request does not hold
  // up the card, and its line comes with the answer either way.
  const painted = useAfterPaint();
  const position = tracker.current_position;
  if (!position) return null;
  const label = position.address ?? `${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}`;
  return (
    <Stack gap={2} data-testid="tracker-popup">
      {/* Element Timing: performance tools (bench/map) read when the card first painted. */}
      <Text fw={600} size="sm" {...{ elementtiming: 'tracker-card' }}>
        {tracker.name}
      </Text>
      {position.address && (
        <Text size="xs" title={position.address}>
          {truncateAddress(position.address)}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {position.lat.toFixed(5)}, {position.lng.toFixed(5)}
      </Text>
      <Text size="xs" c="dimmed">
        {describeFix(position.fix, position.accuracy)}
      </Text>
      {painted && (
        <NearestGeofence
          accountId={access.accountId}
          lat={position.lat}
          lng={position.lng}
          inside={position.is_inside_geofences}
        />
      )}
      <Text size="xs" c="dimmed">
        Last report {dayjs(position.timestamp).fromNow()}
      </Text>
      {access.canManageGeofences && (
        <Anchor
          component={Link}
          to={createGeofenceHref(label, position.lat, position.lng)}
          size="xs"
        >
          Create geofence
        </Anchor>
      )}
    </Stack>
  );
}

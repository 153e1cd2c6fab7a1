import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { Shipment } from '@waymark/domain';
import { CopyLinkButton } from '../CopyLinkButton';
import { formatShipmentTime } from '../format';
import { ShipmentField as Field } from '../ShipmentField';
import { ShipmentStatusBadge } from '../ShipmentStatusBadge';
import { endField, placeLabel, publicTrackUrl } from './shipmentView';

function Place({ place }: { place: ReturnType<typeof placeLabel> }) {
  if (!place) return null;
  return place.href ? (
    <Anchor component={Link} to={place.href} size="sm">
      {place.name}
    </Anchor>
  ) : (
    place.name
  );
}

/** The info panel of ShipmentDetailsView (spec 001 §2 "Shipment details"). */
export function ShipmentInfoPanel({ shipment: s }: { shipment: Shipment }) {
  const end = endField(s);
  return (
    <Stack gap="sm">
      <Field label="Name">{s.name}</Field>
      <Field label="Carrier">{s.carrier}</Field>
      <Field label="Status">
        <ShipmentStatusBadge status={s.status} />
      </Field>
      <Field label="Start">{formatShipmentTime(s.start_at)}</Field>
      <Field label={end.label}>{formatShipmentTime(end.at)}</Field>
      <Field label="Scheduled End">{formatShipmentTime(s.end_at)}</Field>
      <Field label="Tracker">
        <Anchor component={Link} to={`/trackers/${s.device_id}`} size="sm">
          {s.device?.name ?? `Tracker ${s.device_id}`}
        </Anchor>
      </Field>
      <Field label="From">
        <Place place={placeLabel(s.from_geofence, s.from_address)} />
      </Field>
      <Field label="To">
        <Place place={placeLabel(s.to_geofence, s.to_address)} />
      </Field>
      <Field label="Email list">{s.notification_emails.join(', ')}</Field>
      {s.uuid && (
        <div>
          <CopyLinkButton url={publicTrackUrl(window.location.origin, s.uuid)} />
        </div>
      )}
    </Stack>
  );
}

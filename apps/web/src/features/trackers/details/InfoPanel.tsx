import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  batteryLevel,
  describeFix,
  formatPercent,
  formatPhone,
  type CurrentPosition,
  type DeviceDetails,
} from '@waymark/domain';
import type { ReactNode } from 'react';
import { useLivePosition } from '../../../api/livePositions';
import { formatMiles } from '../../reports/fleet/fleetFormat';
import { formatMoment } from './feedback';
import { InlineEdit } from './InlineEdit';
import { deviceFieldError, useDeviceSave } from './useDeviceSave';

const BATTERY_COLOURS = { red: 'red', yellow: 'yellow', green: 'green', empty: 'gray' } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children || '-'}</Text> : children}
    </div>
  );
}

const HOURS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** What a vehicle's device reports beyond its fix, each shown only when it reports it. */
function VehicleFields({ position }: { position: CurrentPosition }) {
  const { ignition, engine_hours: hours, driver } = position;
  if (ignition == null && hours == null && driver == null) return null;
  return (
    <SimpleGrid cols={2} spacing="sm">
      {ignition != null && <Field label="Ignition">{ignition ? 'On' : 'Off'}</Field>}
      {hours != null && <Field label="Engine hours">{`${HOURS.format(hours)} h`}</Field>}
      {driver != null && <Field label="Driver">{driver}</Field>}
    </SimpleGrid>
  );
}

interface InfoPanelProps {
  device: DeviceDetails;
  canUpdate: boolean;
}

/**
 * Info: the tracker and its latest fix; the name is edited in place (spec 000 §2.5). The SIM's
 * ICCID and the external power follow when the tracker reported them.
 */
export function InfoPanel({ device, canUpdate }: InfoPanelProps) {
  const { save, saving } = useDeviceSave(device.account_id, device.id);
  // The newest fix, live ones included, as the map's popup shows it.
  const position = useLivePosition(device.id, device.current_position);
  return (
    <Stack gap="sm">
      <Field label="Name">
        <InlineEdit
          label="Name"
          value={device.name}
          editable={canUpdate}
          saving={saving}
          onSave={(name) => save('name', name)}
          validate={(name) => deviceFieldError('name', name)}
        />
      </Field>
      <SimpleGrid cols={2} spacing="sm">
        <Field label="Serial">{device.serial}</Field>
        <Field label="Model">{device.model.title}</Field>
        <Field label="Phone">{formatPhone(device.phone)}</Field>
        <Field label="Last fix">
          {position
            ? `${formatMoment(position.timestamp)} · ${describeFix(position.fix, position.accuracy)}`
            : ''}
        </Field>
      </SimpleGrid>
      <Field label="Address">{position?.address ?? ''}</Field>
      <SimpleGrid cols={2} spacing="sm">
        <Field label="Location">
          {position ? `${position.lat.toFixed(6)}, ${position.lng.toFixed(6)}` : ''}
        </Field>
        <Field label="Battery">
          {position?.battery == null ? (
            '-'
          ) : (
            <Badge variant="light" color={BATTERY_COLOURS[batteryLevel(position.battery)]}>
              {formatPercent(position.battery)}
            </Badge>
          )}
        </Field>
      </SimpleGrid>
      {position?.odometer != null && (
        // The distance the pipeline has counted for it (or the tracker's own odometer).
        <Field label="Odometer">{formatMiles(position.odometer)}</Field>
      )}
      {position && <VehicleFields position={position} />}
      {(device.iccid !== null || device.external_voltage !== null) && (
        // Reported by the tracker itself (GT06 information packets, Teltonika IO 66): shown
        // only when it reported them.
        <SimpleGrid cols={2} spacing="sm">
          {device.iccid !== null && <Field label="SIM ICCID">{device.iccid}</Field>}
          {device.external_voltage !== null && (
            <Field label="External power">{`${device.external_voltage.toFixed(1)} V`}</Field>
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}

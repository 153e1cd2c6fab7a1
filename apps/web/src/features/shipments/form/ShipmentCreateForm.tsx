import { Suspense, useMemo, useState, type FormEvent } from 'react';
import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import type { Place } from '@waymark/domain';
import { ApiError } from '../../../api/client';
import { useDeviceList } from '../../../api/devices';
import { useGeofences } from '../../../api/geofences';
import { useCreateShipment } from '../../../api/shipments';
import { toast } from '../../../app/toast';
import { mapFallback } from '../../geofences/lazyMaps';
import { PlacesLayout } from '../../geofences/PlacesLayout';
import { ShipmentPlacesMap } from './lazyMaps';
import { LocationSide } from './LocationSide';
import { NotifyAtSelect } from './NotifyAtSelect';
import { previewPlaces } from './previewPlaces';
import { RecipientInputs } from './RecipientInputs';
import { ScheduleInputs } from './ScheduleInputs';
import type { MapFocus } from './ShipmentPlacesMap';
import {
  createPayloadOf,
  emptyShipmentForm,
  serverFieldErrors,
  shownErrors,
  validateCreate,
  type FieldErrors,
  type ShipmentCreateValues,
} from './shipmentForm';
import { useLeftFields } from '../../../components/useLeftFields';

/** The fields that show a message of their own; a 422 on anything else is a toast. */
const FIELDS = new Set([
  'name',
  'carrier',
  'start_at',
  'end_at',
  'device_id',
  'from_geofence_id',
  'from_address',
  'to_geofence_id',
  'to_address',
  'notify_at',
  'notification_emails',
  'notification_phone_numbers',
]);

interface ShipmentCreateFormProps {
  accountId: number;
  onSaved: (id: number) => void;
  onCancel: () => void;
}

/** New Shipment (spec 001 §2): General, Locations and Notifications, then Cancel and Save. */
export function ShipmentCreateForm({ accountId, onSaved, onCancel }: ShipmentCreateFormProps) {
  const [values, setValues] = useState<ShipmentCreateValues>(emptyShipmentForm);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [touched, leave] = useLeftFields();
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const devices = useDeviceList(accountId);
  const geofences = useGeofences(accountId);
  const create = useCreateShipment(accountId);

  const trackers = useMemo(
    () =>
      (devices.data ?? [])
        // Spec 001 §7: the tracker select offers the active trackers the user sees.
        .filter((d) => d.subscription_status === 'active')
        .map((d) => ({ value: String(d.id), label: d.name })),
    [devices.data],
  );
  const places = useMemo(
    () => previewPlaces(values, geofences.data ?? []),
    [values, geofences.data],
  );
  const clientErrors = useMemo(
    () => shownErrors(validateCreate(values), touched, submitted),
    [values, touched, submitted],
  );
  const errors = { ...serverErrors, ...clientErrors };

  // Functional updates: picking an address also fires the field's own change right after.
  const set = (patch: Partial<ShipmentCreateValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
  };
  const flyTo = (side: 'from' | 'to') => (place: Place) =>
    setFocus({ key: `${side}-${place.lat},${place.lng}`, lat: place.lat, lng: place.lng });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateCreate(values)).length > 0) return;
    create.mutate(createPayloadOf(values), {
      onSuccess: (shipment) => onSaved(shipment.id),
      onError: (error) => {
        const fields = error instanceof ApiError ? serverFieldErrors(error.errors) : {};
        setServerErrors(fields);
        // Spec 001 §8: the server's message as a toast, unless a field shows it.
        if (Object.keys(fields).length === 0 || Object.keys(fields).some((f) => !FIELDS.has(f))) {
          toast.error(error.message);
        }
      },
    });
  };

  const panel = (
    <form onSubmit={onSubmit} noValidate aria-label="New Shipment">
      <Stack gap="sm">
        <Title order={3}>New Shipment</Title>
        <Title order={4}>General</Title>
        <TextInput
          label="Name"
          withAsterisk
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          onBlur={() => leave('name')}
          error={errors.name}
        />
        <TextInput
          label="Carrier"
          value={values.carrier}
          onChange={(e) => set({ carrier: e.currentTarget.value })}
          onBlur={() => leave('carrier')}
          error={errors.carrier}
        />
        <ScheduleInputs
          start={values.start}
          end={values.end}
          onStart={(start) => set({ start })}
          onEnd={(end) => set({ end })}
          onBlur={leave}
          startError={errors.start_at}
          endError={errors.end_at}
        />
        <Select
          label="Tracker"
          placeholder={devices.isPending ? 'Loading trackers...' : 'Choose a tracker'}
          withAsterisk
          searchable
          nothingFoundMessage="No results"
          data={trackers}
          value={values.deviceId === null ? null : String(values.deviceId)}
          onChange={(id) => set({ deviceId: id === null ? null : Number(id) })}
          onBlur={() => leave('device_id')}
          error={errors.device_id}
        />
        <Title order={4}>Locations</Title>
        {(['from', 'to'] as const).map((side) => (
          <LocationSide
            key={side}
            legend={side === 'from' ? 'Start location' : 'End location'}
            side={side}
            value={values[side]}
            geofences={geofences.data ?? []}
            onChange={(patch) => {
              setValues((v) => ({ ...v, [side]: { ...v[side], ...patch } }));
              setServerErrors({});
            }}
            onPick={flyTo(side)}
            onBlur={leave}
            errors={errors}
          />
        ))}
        <Title order={4}>Notifications</Title>
        <NotifyAtSelect
          value={values.notifyAt}
          onChange={(notifyAt) => set({ notifyAt })}
          onBlur={() => leave('notify_at')}
          error={errors.notify_at}
        />
        <RecipientInputs
          emails={values.emails}
          phones={values.phones}
          onEmails={(emails) => set({ emails })}
          onPhones={(phones) => set({ phones })}
          onBlur={leave}
          emailsError={errors.notification_emails}
          phonesError={errors.notification_phone_numbers}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );

  return (
    <PlacesLayout
      panel={panel}
      map={
        <Suspense fallback={mapFallback}>
          <ShipmentPlacesMap places={places} focus={focus} />
        </Suspense>
      }
    />
  );
}

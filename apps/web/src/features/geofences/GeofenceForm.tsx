import { Suspense, useMemo, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { GEOFENCE_MESSAGES } from '@waymark/domain';
import { ApiError } from '../../api/client';
import { useSaveGeofence } from '../../api/geofences';
import { toast } from '../../app/toast';
import type { DrawnShape, DrawTool } from '../../map/drawnShape';
import { PhoneInput } from '../account/PhoneInput';
import { AddressAutocomplete } from './AddressAutocomplete';
import { payloadOf, shownErrors, validateGeofence, type GeofenceFormValues } from './geofenceForm';
import { mapFallback, ShapeDrawMap } from './lazyMaps';
import { PlacesLayout } from './PlacesLayout';
import { ShapeTools } from './ShapeTools';
import { useLeftFields } from '../../components/useLeftFields';

export const SAVED = 'Saved successfully!';
export const SAVE_FAILED = 'Cannot save, please try again';

interface GeofenceFormProps {
  accountId: number;
  /** The geofence being edited; null creates one. */
  geofenceId: number | null;
  initial: GeofenceFormValues;
  onSaved: (id: number) => void;
  onCancel: () => void;
}

const NUMBER_FIELDS = [
  ['allowable_dwell_days', 'Allowable dwell days'],
  ['min_assets', 'Minimum assets'],
  ['max_assets', 'Maximum assets'],
] as const;

const TEXT_FIELDS = [
  ['full_name', 'Contact name'],
  ['email', 'Email'],
  ['company_name', 'Company name'],
] as const;

/** GeofenceCreateView and GeofenceEditView's form: every field of spec 000 §2.7 and the map. */
export function GeofenceForm({
  accountId,
  geofenceId,
  initial,
  onSaved,
  onCancel,
}: GeofenceFormProps) {
  const [values, setValues] = useState(initial);
  // The server's 422 messages, until the user changes something.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  // Fields the user has left: their messages show from then on, before any Save.
  const [touched, leave] = useLeftFields();
  const [tool, setTool] = useState<DrawTool | null>(null);
  // The camera follows a new address, and the shape when one is loaded.
  const [focusKey, setFocusKey] = useState(initial.shape ? 'shape-initial' : 'address-initial');
  const save = useSaveGeofence(accountId, geofenceId);
  // A left field's message, and after the first Save every message, follows each change.
  const clientErrors = useMemo(
    () => shownErrors(values, touched, submitted),
    [submitted, touched, values],
  );
  const errors = { ...serverErrors, ...clientErrors };

  // Functional updates: picking an address also fires the field's own change right after.
  const set = (patch: Partial<GeofenceFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
  };

  const onShape = (shape: DrawnShape) => set({ shape });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateGeofence(values)).length > 0) return;
    save.mutate(payloadOf(values), {
      onSuccess: (id) => {
        toast.success(SAVED);
        onSaved(id);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length) {
          setServerErrors(
            Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])),
          );
          return;
        }
        toast.error(SAVE_FAILED);
      },
    });
  };

  const panel = (
    <form onSubmit={onSubmit} noValidate aria-label="Geofence">
      <Stack gap="sm">
        <Title order={3}>{geofenceId ? 'Edit Geofence' : 'New Geofence'}</Title>
        <TextInput
          label="Name"
          withAsterisk
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          onBlur={() => leave('name')}
          error={errors.name}
        />
        <AddressAutocomplete
          text={values.addressText}
          onText={(addressText) => set({ addressText })}
          onPick={(address) => {
            set({ address, addressText: address.label });
            setFocusKey(`address-${address.lat},${address.lng}`);
          }}
          onBlur={() => leave('address')}
          error={errors.address}
        />
        <Group grow align="flex-start">
          {NUMBER_FIELDS.map(([field, label]) => (
            <NumberInput
              key={field}
              label={label}
              allowDecimal={false}
              value={values[field]}
              onChange={(v) => set({ [field]: String(v) })}
              onBlur={() => leave(field)}
              error={errors[field]}
            />
          ))}
        </Group>
        {TEXT_FIELDS.map(([field, label]) => (
          <TextInput
            key={field}
            label={label}
            type={field === 'email' ? 'email' : 'text'}
            value={values[field]}
            onChange={(e) => set({ [field]: e.currentTarget.value })}
            onBlur={() => leave(field)}
            error={errors[field]}
          />
        ))}
        <PhoneInput
          label="Phone"
          value={values.phone}
          onChange={(phone) => set({ phone })}
          onBlur={() => leave('phone')}
          error={errors.phone}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          value={values.notes}
          onChange={(e) => set({ notes: e.currentTarget.value })}
          onBlur={() => leave('notes')}
          error={errors.notes}
        />
        <Switch
          label="Alerts on enter and exit"
          checked={values.is_alertable}
          onChange={(e) => set({ is_alertable: e.currentTarget.checked })}
        />
        <ShapeTools tool={tool} onTool={setTool} hasShape={values.shape !== null} />
        {errors.shape && values.shape && (
          <Text size="sm" c="red">
            {errors.shape}
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Tooltip label={GEOFENCE_MESSAGES.shapeRequired} disabled={values.shape !== null}>
            {/* A disabled button fires no mouse events: the wrapper shows the tooltip. */}
            <Box component="span" data-testid="save-geofence">
              <Button type="submit" disabled={values.shape === null} loading={save.isPending}>
                Save
              </Button>
            </Box>
          </Tooltip>
        </Group>
      </Stack>
    </form>
  );

  return (
    <PlacesLayout
      panel={panel}
      map={
        <Suspense fallback={mapFallback}>
          <ShapeDrawMap
            mode={geofenceId ? 'edit' : 'create'}
            tool={tool}
            shape={values.shape}
            name={values.name}
            onShape={onShape}
            focus={values.address}
            focusKey={focusKey}
          />
        </Suspense>
      }
    />
  );
}

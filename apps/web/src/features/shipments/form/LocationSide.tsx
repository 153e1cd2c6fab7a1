import { Checkbox, Fieldset, Select, Stack } from '@mantine/core';
import type { Place } from '@waymark/domain';
import { AddressAutocomplete } from '../../geofences/AddressAutocomplete';
import { withUseAddress, type ShipmentSideValues } from './shipmentForm';

interface LocationSideProps {
  /** 'Start location' or 'End location': the group's name. */
  legend: string;
  side: 'from' | 'to';
  value: ShipmentSideValues;
  geofences: readonly { id: number; name: string }[];
  /** A patch of the side: picking an address also fires the field's own change right after. */
  onChange: (patch: Partial<ShipmentSideValues>) => void;
  /** A new address was picked: the map flies to it. */
  onPick: (place: Place) => void;
  onBlur: (field: string) => void;
  errors: Record<string, string>;
}

/** One end of the route: a geofence, or with 'Use an address instead' an address search. */
export function LocationSide({
  legend,
  side,
  value,
  geofences,
  onChange,
  onPick,
  onBlur,
  errors,
}: LocationSideProps) {
  const geofenceField = `${side}_geofence_id`;
  const addressField = `${side}_address`;
  return (
    <Fieldset legend={legend} variant="filled" p="sm">
      <Stack gap="xs">
        {value.useAddress ? (
          <AddressAutocomplete
            text={value.addressText}
            onText={(addressText) => onChange({ addressText })}
            onPick={(address) => {
              onChange({ address, addressText: address.label });
              onPick(address);
            }}
            onBlur={() => onBlur(addressField)}
            error={errors[addressField]}
          />
        ) : (
          <Select
            label="Geofence"
            placeholder="Choose a geofence"
            withAsterisk
            searchable
            nothingFoundMessage="No results"
            data={geofences.map((g) => ({ value: String(g.id), label: g.name }))}
            value={value.geofenceId === null ? null : String(value.geofenceId)}
            onChange={(id) => onChange({ geofenceId: id === null ? null : Number(id) })}
            onBlur={() => onBlur(geofenceField)}
            error={errors[geofenceField]}
          />
        )}
        <Checkbox
          label="Use an address instead"
          checked={value.useAddress}
          onChange={(e) => onChange(withUseAddress(e.currentTarget.checked))}
        />
      </Stack>
    </Fieldset>
  );
}

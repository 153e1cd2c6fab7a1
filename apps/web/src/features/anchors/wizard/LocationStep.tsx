import { Suspense, useState } from 'react';
import { Box, Select, Stack, Text } from '@mantine/core';
import { ANCHOR_RADIUS_OPTIONS, formatFeet } from '@waymark/domain';
import { AddressAutocomplete } from '../../geofences/AddressAutocomplete';
import { LocationMap, mapFallback } from '../lazyMaps';
import type { StepProps } from './stepProps';

const radiusOptions = ANCHOR_RADIUS_OPTIONS.map((r) => ({
  value: String(r),
  label: formatFeet(r),
}));

/** Step 2: an address (a suggestion sets the point) or a point clicked on the map; radius. */
export function LocationStep({ draft, errors, onChange }: StepProps) {
  // Moves the map to a picked address; a click on the map leaves the camera where it is.
  const [focus, setFocus] = useState(0);
  const hasPoint = draft.lat !== null && draft.lng !== null;
  return (
    <Stack gap="sm">
      <AddressAutocomplete
        text={draft.address}
        onText={(address) => onChange({ address })}
        onPick={(place) => {
          onChange({ address: place.label, lat: place.lat, lng: place.lng });
          setFocus((f) => f + 1);
        }}
        error={errors.address ?? errors.lat ?? errors.lng}
      />
      <Box h={260} pos="relative" style={{ borderRadius: 4, overflow: 'hidden' }}>
        <Suspense fallback={mapFallback}>
          <LocationMap
            point={hasPoint ? [draft.lng!, draft.lat!] : null}
            radius={draft.radius}
            focusKey={focus}
            onPick={([lng, lat]) => onChange({ lat, lng })}
          />
        </Suspense>
      </Box>
      <Text size="sm" c="dimmed" data-testid="anchor-point">
        {hasPoint
          ? `Point ${draft.lat!.toFixed(5)}, ${draft.lng!.toFixed(5)}`
          : 'Click the map to place the anchor, or pick an address'}
      </Text>
      <Select
        label="Radius"
        data={radiusOptions}
        value={String(draft.radius)}
        onChange={(value) => value && onChange({ radius: Number(value) })}
        allowDeselect={false}
        error={errors.radius}
      />
    </Stack>
  );
}

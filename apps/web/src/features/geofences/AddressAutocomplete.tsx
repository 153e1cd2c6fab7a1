import { useEffect, useState } from 'react';
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Place } from '@waymark/domain';
import { searchPlaces } from '../../api/geofences';

/** Spec: address suggestions are asked for 150 ms after the last keystroke. */
export const ADDRESS_DEBOUNCE_MS = 150;

interface AddressAutocompleteProps {
  text: string;
  onText: (text: string) => void;
  onPick: (place: Place) => void;
  /** The user left the field (the form shows its message from then on). */
  onBlur?: () => void;
  error?: string | undefined;
  /** The field's label (default 'Address'): a form with two addresses names each. */
  label?: string;
}

/** The address field: typed text, suggestions from the places service, a pick sets the point. */
export function AddressAutocomplete({
  text,
  onText,
  onPick,
  onBlur,
  error,
  label = 'Address',
}: AddressAutocompleteProps) {
  const [debounced] = useDebouncedValue(text.trim(), ADDRESS_DEBOUNCE_MS);
  const [places, setPlaces] = useState<Place[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (debounced.length < 2) return;
    const controller = new AbortController();
    // Shown while the places service answers; cleared below whatever it says.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLoading(true);
    searchPlaces(debounced, controller.signal)
      .then(setPlaces)
      .catch(() => setPlaces([]))
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [debounced]);

  const shown = debounced.length < 2 ? [] : places;
  const labels = [...new Set(shown.map((p) => p.label))];

  return (
    <Autocomplete
      label={label}
      placeholder="Start typing an address"
      withAsterisk
      value={text}
      onChange={onText}
      data={labels}
      // The server already matched; Mantine's own filter would hide its fuzzier answers.
      filter={({ options }) => options}
      onOptionSubmit={(label) => {
        const place = shown.find((p) => p.label === label);
        if (place) onPick(place);
      }}
      rightSection={loading ? <Loader size="xs" /> : null}
      onBlur={onBlur}
      error={error}
    />
  );
}

import { useEffect, useMemo, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { COMBOBOX_SEARCH_DEBOUNCE_MS } from '@waymark/domain';
import { searchTrackers, type TrackerOption } from '../../api/rules';

interface TrackerPickerProps {
  accountId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}

/**
 * Trackers of a tracker_list condition (spec 001 §5, §7): the typed text is searched on the
 * server among active trackers, 150 ms after the last key; the chosen ones are loaded by ids
 * as a comma list, so their names show without loading the fleet.
 */
export function TrackerPicker({ accountId, value, onChange, error }: TrackerPickerProps) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), COMBOBOX_SEARCH_DEBOUNCE_MS);
  const [found, setFound] = useState<TrackerOption[]>([]);
  const [chosen, setChosen] = useState<TrackerOption[]>([]);

  const missing = value.filter((id) => !chosen.some((c) => c.id === id));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey) return;
    const controller = new AbortController();
    const ids = missingKey.split(',').map(Number);
    searchTrackers(accountId, { ids }, controller.signal)
      .then((rows) =>
        setChosen((list) => [...list, ...rows.filter((r) => !list.some((c) => c.id === r.id))]),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [accountId, missingKey]);

  useEffect(() => {
    // Spec 001 §5: the remote search needs a non-empty query.
    if (!query) return;
    const controller = new AbortController();
    searchTrackers(accountId, { query }, controller.signal)
      .then(setFound)
      .catch(() => undefined);
    return () => controller.abort();
  }, [accountId, query]);

  const data = useMemo(() => {
    const options = new Map<number, string>();
    for (const t of [...chosen.filter((c) => value.includes(c.id)), ...(query ? found : [])]) {
      options.set(t.id, t.name);
    }
    return [...options].map(([id, name]) => ({ value: String(id), label: name }));
  }, [chosen, found, value, query]);

  return (
    <MultiSelect
      label="Trackers"
      placeholder={value.length === 0 ? 'Search trackers...' : undefined}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value.map(String)}
      onChange={(ids) => {
        const picked = ids.map(Number);
        setChosen((list) => [
          ...list,
          ...found.filter((f) => picked.includes(f.id) && !list.some((c) => c.id === f.id)),
        ]);
        onChange(picked);
      }}
      nothingFoundMessage={query ? 'No results' : undefined}
      error={error}
    />
  );
}

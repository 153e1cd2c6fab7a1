import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS } from './preferences';

/** The search box; starts from `value` and reports 300 ms after typing stops (spec 000 §2.3). */
export function SearchBox({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  const report = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      size="sm"
      placeholder="Search Trackers..."
      aria-label="Search Trackers"
      leftSection={<IconSearch size={14} />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          />
        ) : null
      }
    />
  );
}

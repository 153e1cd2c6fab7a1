import { useCallback, useId, useRef, useState } from 'react';
import { ActionIcon, Box, CloseButton, Group, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconSearchOff } from '@tabler/icons-react';
import { useSearchShortcut } from '../../../app/shell/keyboardShortcuts';
import { SEARCH_DEBOUNCE_MS } from './preferences';

/** How long the search field takes to slide open or shut. */
const SLIDE_MS = 200;

/**
 * The search box with its slide toggle (spec 000 §2.3): the search icon slides the field shut
 * (clearing the search, so no hidden text keeps narrowing the list) and open again. It starts
 * open. Reports 300 ms after typing stops.
 */
export function SearchBox({
  value,
  onSearch,
  placeholder = 'Search Trackers...',
  shortcut = false,
}: {
  value: string;
  onSearch: (text: string) => void;
  /** Also the accessible name, without the dots. */
  placeholder?: string;
  /** The screen's main search: `/` opens and focuses it. */
  shortcut?: boolean;
}) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(true);
  const report = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);
  const fieldId = useId();
  const input = useRef<HTMLInputElement>(null);
  const focus = useCallback(() => {
    setOpen(true);
    // Once open the field is no longer inert and can take the focus.
    requestAnimationFrame(() => input.current?.focus());
  }, []);
  useSearchShortcut(shortcut ? focus : null);
  const clear = () => {
    report.cancel();
    setText('');
    onSearch('');
  };
  const toggle = () => {
    if (open && text) clear();
    setOpen(!open);
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={open ? 'Hide search' : 'Search'}>
        <ActionIcon
          variant={open ? 'light' : 'default'}
          size="lg"
          aria-label={open ? 'Hide search' : 'Show search'}
          aria-expanded={open}
          aria-controls={fieldId}
          onClick={toggle}
        >
          {open ? <IconSearchOff size={16} /> : <IconSearch size={16} />}
        </ActionIcon>
      </Tooltip>
      <Box
        id={fieldId}
        data-open={open}
        style={{
          flex: open ? 1 : 0,
          maxWidth: open ? '100%' : 0,
          opacity: open ? 1 : 0,
          // Hidden once shut (visibility switches at the end of the slide).
          visibility: open ? 'visible' : 'hidden',
          overflow: 'hidden',
          transition: `max-width ${SLIDE_MS}ms ease, opacity ${SLIDE_MS}ms ease, flex ${SLIDE_MS}ms ease, visibility ${SLIDE_MS}ms`,
        }}
        // Out of the tab order and the accessibility tree while shut.
        inert={!open}
      >
        <TextInput
          ref={input}
          size="sm"
          placeholder={placeholder}
          aria-label={placeholder.replace(/\.+$/, '')}
          leftSection={<IconSearch size={14} />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            report(e.currentTarget.value);
          }}
          rightSection={
            text ? <CloseButton size="sm" aria-label="Clear search" onClick={clear} /> : null
          }
        />
      </Box>
    </Group>
  );
}

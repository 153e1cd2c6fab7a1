import { useEffect, useState } from 'react';
import { Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import {
  isTyping,
  KEYBOARD_SHORTCUTS,
  requestPanelClose,
  requestSearchFocus,
} from './keyboardShortcuts';

/**
 * The app's keyboard shortcuts (issue 37 §3): `/` focuses the screen's search, `?` lists the
 * shortcuts, Esc closes a panel (a dialog closes itself on Esc). Keys typed into a field are
 * the field's.
 */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Escape') {
        // A dialog (this one too) handles its own Esc; only then may a panel close.
        if (!document.querySelector('[role="dialog"][aria-modal="true"]')) requestPanelClose();
        return;
      }
      if (isTyping(e.target)) return;
      if (e.key === '/') {
        e.preventDefault();
        requestSearchFocus();
      } else if (e.key === '?') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Modal opened={open} onClose={() => setOpen(false)} title="Keyboard shortcuts" size="sm">
      <Stack gap="xs">
        {KEYBOARD_SHORTCUTS.map((s) => (
          <Group key={s.keys} justify="space-between" wrap="nowrap">
            <Text size="sm">{s.does}</Text>
            <Kbd>{s.keys}</Kbd>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}

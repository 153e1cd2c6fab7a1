import { Badge, Box } from '@mantine/core';
import { useConnectionNotice } from './useOnlineStatus';

/** 'Offline' in red or 'Back online' in green over the page (spec 002 §2.11). */
export function OfflineOverlay() {
  const notice = useConnectionNotice();
  if (!notice) return null;
  const offline = notice === 'offline';
  return (
    <Box
      role="status"
      aria-live="polite"
      pos="fixed"
      bottom={16}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 2000 }}
    >
      <Badge size="xl" radius="sm" color={offline ? 'red' : 'green'} variant="filled">
        {offline ? 'Offline' : 'Back online'}
      </Badge>
    </Box>
  );
}

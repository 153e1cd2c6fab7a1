import { Box, Paper } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';

/**
 * DeviceListView (/trackers), where login lands. The account has no trackers to list yet, so
 * the list column shows the spec's empty state (spec 000 §2.3).
 */
export function DeviceListPage() {
  return (
    <Box p="md" w="100%" maw={560}>
      <Paper withBorder radius="md" aria-label="Trackers" component="section">
        <EmptyState
          title="There are no trackers"
          text="Your trackers list is empty"
          icon={<IconMapPinOff size={26} />}
        />
      </Paper>
    </Box>
  );
}

import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { ApiError } from '../../api/client';
import { emailGeofencesCsv } from '../../api/geofences';
import { useSession } from '../../app/session/useSession';
import { confirmDownloadStarted } from '../../app/modals/downloadConfirmation';
import { toast } from '../../app/toast';
import { DateRangePicker } from '../../components/DateRangePicker';
import type { DateRange } from '../../components/dateRange';

/** The server's own message, or nothing so the toast says 'An error occurred' (spec 000 §8). */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.aborted) return null;
  return error.message.startsWith('Request failed with status code') ? null : error.message;
}

/** Spec 000 §2.10: on the geofence list the range starts at the start of today. */
const todaySoFar = (): DateRange => ({ start: dayjs().startOf('day').toDate(), end: new Date() });

/** 'Download all geofences': every geofence's visits over a range, as a CSV sent by e-mail. */
export function DownloadGeofences({ accountId }: { accountId: number }) {
  const unlimited = useSession()?.features?.unlimitedDateSelection ?? false;
  const [opened, setOpened] = useState(false);
  const [range, setRange] = useState<DateRange>(todaySoFar);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      const message = await emailGeofencesCsv(accountId, range.start, range.end);
      setOpened(false);
      confirmDownloadStarted(message || undefined);
    } catch (error) {
      toast.error(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} />}
        onClick={() => {
          setRange(todaySoFar());
          setOpened(true);
        }}
      >
        Download all geofences
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Download all geofences">
        <Stack>
          <Text size="sm">
            A CSV of every geofence with the visits of trackers in this range is sent to your e-mail
            address.
          </Text>
          <DateRangePicker
            value={range}
            onChange={setRange}
            maxDate={new Date()}
            unlimited={unlimited}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => void send()}>
              Send CSV
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

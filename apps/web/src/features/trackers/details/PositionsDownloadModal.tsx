import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv, IconMail } from '@tabler/icons-react';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { downloadHistory } from '../../../api/deviceDetails';
import { emailPositionsCsv } from '../../../api/devices';
import { confirmDownloadStarted } from '../../../app/modals/downloadConfirmation';
import type { ModalBodyProps } from '../../../app/modals/modalBody';
import { GENERIC_ERROR, toast } from '../../../app/toast';
import { DOWNLOAD_MAX_DAYS, exceedsDownloadLimit } from '../list/preferences';
import { failureMessage } from './feedback';

dayjs.extend(utc);

/** What the details page opens the modal with: the tracker and the page's UTC range. */
export interface PositionsDownloadProps {
  accountId: number;
  deviceId: number;
  trackerName: string;
  from: Date;
  to: Date;
}

const utcMoment = (date: Date) => dayjs(date).utc().format('MMM D, YYYY h:mm A');

/**
 * The device positions download (spec 002 §2.8 names it; its content is ours): the points of
 * the range the details page shows, as a file now or as a CSV the server e-mails when ready
 * (the trackers list's report, for this one tracker). Ranges over 90 days are refused, as in
 * controls mode (spec 000 §5).
 */
export function PositionsDownloadModal({ close, props }: ModalBodyProps) {
  const { accountId, deviceId, trackerName, from, to } = props as unknown as PositionsDownloadProps;
  const [busy, setBusy] = useState<'file' | 'email' | null>(null);
  const tooLong = exceedsDownloadLimit(from, to);

  const run = async (kind: 'file' | 'email', action: () => Promise<unknown>) => {
    setBusy(kind);
    try {
      await action();
      close();
      if (kind === 'email') confirmDownloadStarted();
    } catch (error) {
      const message = failureMessage(error, GENERIC_ERROR);
      if (message) toast.error(message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Positions of <b>{trackerName}</b> from {utcMoment(from)} to {utcMoment(to)} (UTC).
      </Text>
      {tooLong && (
        <Text size="sm" c="red">
          Downloads cover at most {DOWNLOAD_MAX_DAYS} days
        </Text>
      )}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button
          variant="default"
          leftSection={<IconMail size={16} />}
          disabled={tooLong || busy === 'file'}
          loading={busy === 'email'}
          onClick={() =>
            void run('email', () =>
              emailPositionsCsv({ accountId, from, to, deviceIds: [deviceId] }),
            )
          }
        >
          Email CSV
        </Button>
        <Button
          leftSection={<IconFileTypeCsv size={16} />}
          disabled={tooLong || busy === 'email'}
          loading={busy === 'file'}
          onClick={() =>
            void run('file', () => downloadHistory(accountId, deviceId, 'positions', { from, to }))
          }
        >
          Download CSV
        </Button>
      </Group>
    </Stack>
  );
}

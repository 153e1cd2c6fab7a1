import { useState } from 'react';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconDownload, IconFileTypeCsv, IconMail } from '@tabler/icons-react';
import {
  downloadPositionsCsv,
  emailPositionsCsv,
  type PositionsReport,
} from '../../../api/devices';
import { ApiError } from '../../../api/client';
import { confirmDownloadStarted } from '../../../app/modals/downloadConfirmation';
import { toast } from '../../../app/toast';
import { DOWNLOAD_MAX_DAYS, exceedsDownloadLimit } from './preferences';

/** The server's own message, or nothing so the toast says 'An error occurred' (spec 000 §8). */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.aborted) return null;
  return error.message.startsWith('Request failed with status code') ? null : error.message;
}

/** Positions CSV of the listed (or selected) trackers over the range, as a file or by e-mail. */
export function DownloadMenu({ report }: { report: PositionsReport }) {
  const [busy, setBusy] = useState(false);
  const tooLong = exceedsDownloadLimit(report.from, report.to);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast.error(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="Download">
          <ActionIcon variant="default" size="md" aria-label="Download" loading={busy}>
            <IconDownload size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {tooLong && <Menu.Label>Downloads cover at most {DOWNLOAD_MAX_DAYS} days</Menu.Label>}
        <Menu.Item
          leftSection={<IconFileTypeCsv size={14} />}
          disabled={tooLong}
          onClick={() => void run(() => downloadPositionsCsv(report))}
        >
          Download positions CSV
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMail size={14} />}
          disabled={tooLong}
          onClick={() =>
            void run(async () => {
              await emailPositionsCsv(report);
              confirmDownloadStarted();
            })
          }
        >
          Email positions CSV
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

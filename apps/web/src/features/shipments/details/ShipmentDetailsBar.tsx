import { useState } from 'react';
import { Button, Group, Switch } from '@mantine/core';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { downloadShipmentPoints } from '../../../api/shipments';
import { Can } from '../../../app/session/Can';
import { GENERIC_ERROR, toast } from '../../../app/toast';
import { failureMessage } from '../../trackers/details/feedback';

interface ShipmentDetailsBarProps {
  accountId: number;
  shipmentId: number;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
}

/** Edit (with manage Shipments), auto-refresh and 'Download these points' (spec 001 §2). */
export function ShipmentDetailsBar({
  accountId,
  shipmentId,
  autoRefresh,
  onAutoRefresh,
}: ShipmentDetailsBarProps) {
  const [downloading, setDownloading] = useState(false);

  const download = () => {
    setDownloading(true);
    downloadShipmentPoints(accountId, shipmentId)
      .catch((error: unknown) => {
        const message = failureMessage(error, GENERIC_ERROR);
        if (message) toast.error(message);
      })
      .finally(() => setDownloading(false));
  };

  return (
    <Group gap="sm" wrap="wrap">
      <Can I="manage" a="Shipments">
        <Button
          component={Link}
          to={`/shipments/${shipmentId}/edit`}
          state={{ from: 'details' }}
          variant="default"
          leftSection={<IconPencil size={16} />}
        >
          Edit
        </Button>
      </Can>
      <Switch
        label="Auto-refresh"
        checked={autoRefresh}
        onChange={(e) => onAutoRefresh(e.currentTarget.checked)}
      />
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={downloading}
        onClick={download}
      >
        Download these points
      </Button>
    </Group>
  );
}

import { ActionIcon, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { assetsColour, dwellColour, type DwellGeofence } from '@waymark/domain';
import { DwellDevices } from './DwellDevices';
import { DwellSettingInput } from './DwellSettingInput';
import { formatAvgTime, formatPercentage, swatchStyle } from './dwellDisplay';

export const DWELL_COLUMNS = 9;

interface DwellRowProps {
  accountId: number;
  row: DwellGeofence;
  expanded: boolean;
  onToggle: () => void;
  editable: boolean;
}

/** One geofence of the dwell table and, when expanded, the devices inside it. */
export function DwellRow({ accountId, row, expanded, onToggle, editable }: DwellRowProps) {
  const assets = assetsColour(row.devices_count, row.min_assets, row.max_assets);
  const dwell = dwellColour(row.average_dwell_time_percentage);
  const setting = (field: 'allowable_dwell_days' | 'min_assets' | 'max_assets') => (
    <DwellSettingInput
      accountId={accountId}
      geofenceId={row.id}
      geofenceName={row.name}
      field={field}
      value={row[field]}
      editable={editable}
    />
  );

  return (
    <>
      <Table.Tr data-geofence-id={row.id}>
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Hide' : 'Show'} devices in ${row.name}`}
            onClick={onToggle}
          >
            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          {row.address && (
            <Text size="xs" c="dimmed">
              {row.address}
            </Text>
          )}
        </Table.Td>
        <Table.Td style={swatchStyle(assets)} data-colour={assets} data-testid="devices-count">
          {row.devices_count}
        </Table.Td>
        <Table.Td>{setting('min_assets')}</Table.Td>
        <Table.Td>{setting('max_assets')}</Table.Td>
        <Table.Td>{setting('allowable_dwell_days')}</Table.Td>
        <Table.Td>{formatAvgTime(row.avg_time)}</Table.Td>
        <Table.Td style={swatchStyle(dwell)} data-colour={dwell} data-testid="dwell-percentage">
          {formatPercentage(row.average_dwell_time_percentage)}
        </Table.Td>
        <Table.Td>{row.assets_exceeding_dwell}</Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr>
          <Table.Td colSpan={DWELL_COLUMNS} p={0}>
            <DwellDevices accountId={accountId} geofenceId={row.id} geofenceName={row.name} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

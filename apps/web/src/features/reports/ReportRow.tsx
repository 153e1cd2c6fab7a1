import { Anchor, Group, Switch, Table, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { ApiReport } from '@waymark/domain';
import { CopyLinkButton } from '../shipments/CopyLinkButton';
import { formatReportRange } from './format';
import { usePublicToggle } from './usePublicToggle';
import { publicReportUrl, reportPath } from './texts';

function PublicToggle({ accountId, report }: { accountId: number; report: ApiReport }) {
  const { checked, toggle } = usePublicToggle(accountId, report);
  return (
    <Switch
      checked={checked}
      onChange={(e) => toggle(e.currentTarget.checked)}
      aria-label={`Public report of ${report.device.name}`}
    />
  );
}

/**
 * One report: the tracker and range link to its details; the Public? toggle for those who may
 * manage Reports; the link, only while the report is public (spec 001 §4).
 */
export function ReportRow({
  accountId,
  report,
  canManage,
}: {
  accountId: number;
  report: ApiReport;
  canManage: boolean;
}) {
  const url = publicReportUrl(report.uuid);
  return (
    <Table.Tr data-testid="report-row">
      <Table.Td>
        <Anchor component={Link} to={reportPath(report.id)} fw={600}>
          {report.device.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={reportPath(report.id)} c="inherit" size="sm">
          {formatReportRange(report.start_at, report.end_at)}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {canManage ? (
          <PublicToggle accountId={accountId} report={report} />
        ) : (
          <Text size="sm">{report.is_public ? 'Yes' : 'No'}</Text>
        )}
      </Table.Td>
      <Table.Td>
        {report.is_public && (
          <Group gap="xs" wrap="nowrap">
            <TextInput
              readOnly
              value={url}
              size="xs"
              w={280}
              aria-label={`Public link of ${report.device.name}`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyLinkButton url={url} label="Copy" />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

import { Box, Center, Loader, Paper, Stack, Table, Title } from '@mantine/core';
import { IconReport } from '@tabler/icons-react';
import { useReports } from '../../api/reports';
import { Can } from '../../app/session/Can';
import { useAbility, useCurrentAccount } from '../../app/session/useSession';
import { EmptyState } from '../../components/EmptyState';
import { ReportCreateForm } from './ReportCreateForm';
import { ReportRow } from './ReportRow';
import { ReportsTabs } from './ReportsTabs';
import { REPORT_TEXTS } from './texts';

/**
 * ReportListView (/reports, spec 001 §2): the creation form for those who may manage Reports,
 * then the saved reports, newest first.
 */
export function ReportListPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const canManage = useAbility()?.can('manage', 'Reports') ?? false;
  const reports = useReports(accountId);
  const rows = reports.data ?? [];

  return (
    <Box p={{ base: 'sm', sm: 'md' }} maw={1400} mx="auto">
      <Stack gap="md">
        <Title order={2} size="h3">
          Reports
        </Title>
        <ReportsTabs />
        {accountId !== null && (
          <Can I="manage" a="Reports">
            <ReportCreateForm accountId={accountId} />
          </Can>
        )}
        <Paper withBorder p="md">
          {reports.isPending ? (
            <Center py="xl">
              <Loader size="sm" aria-label="Loading reports" />
            </Center>
          ) : rows.length === 0 ? (
            <EmptyState
              title={REPORT_TEXTS.noReports}
              text="A report keeps a tracker's history for a date range"
              icon={<IconReport size={26} />}
            />
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" aria-label="Reports">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Tracker</Table.Th>
                    <Table.Th>Date Range</Table.Th>
                    <Table.Th>Public?</Table.Th>
                    <Table.Th>Public Link</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((report) => (
                    <ReportRow
                      key={report.id}
                      accountId={accountId ?? 0}
                      report={report}
                      canManage={canManage}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </Stack>
    </Box>
  );
}

import { Alert, Anchor, Center, Group, Loader } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useReport } from '../../api/reports';
import { Can } from '../../app/session/Can';
import { useCurrentAccount } from '../../app/session/useSession';
import { GENERIC_ERROR } from '../../app/toast';
import { NotFoundPage } from '../errors/NotFoundPage';
import { failureMessage, isNotFound } from '../trackers/details/feedback';
import { DeleteReportButton } from './DeleteReportButton';
import { ReportView } from './ReportView';
import { REPORTS_PATH } from './texts';

const toId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** ReportDetailsView (/reports/{id}): the report with the back link and, to managers, Delete. */
export function ReportDetailsPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const id = toId(useParams().id);
  const query = useReport(accountId, id);
  const report = query.data;

  if (id === null || isNotFound(query.error)) return <NotFoundPage />;
  if (!report && query.isError) {
    return (
      <Alert color="red" m="md">
        {failureMessage(query.error, GENERIC_ERROR) ?? GENERIC_ERROR}
      </Alert>
    );
  }
  if (!report || accountId === null) {
    return (
      <Center h={200}>
        <Loader size="sm" aria-label="Loading report" />
      </Center>
    );
  }

  return (
    <ReportView
      report={report}
      reference={{ id: report.id }}
      fitKey={`report-${report.id}`}
      back={
        <Anchor component={Link} to={REPORTS_PATH} size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} /> Reports
          </Group>
        </Anchor>
      }
      actions={
        <Can I="manage" a="Reports">
          <DeleteReportButton accountId={accountId} id={report.id} />
        </Can>
      }
    />
  );
}

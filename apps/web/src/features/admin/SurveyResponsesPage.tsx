import { Table } from '@mantine/core';
import dayjs from 'dayjs';
import { useSurveyResponses } from '../../api/surveys';
import { AdminListPage } from './AdminListPage';

const time = (iso: string) => dayjs(iso).format('MMM D, YYYY h:mm A');

/**
 * SurveyResponsesView (/admin/survey), platform admins only: the satisfaction survey's
 * answers and dismissals, newest first (spec 002 §2.11; issue 23).
 */
export function SurveyResponsesPage() {
  return (
    <AdminListPage
      title="Survey"
      items="responses"
      size="lg"
      searchPlaceholder="Person or account..."
      useList={useSurveyResponses}
      columns={['Time', 'User', 'Account', 'Score', 'Comment']}
      minWidth={760}
      empty={{
        title: 'No answers yet',
        text: 'Answers to the satisfaction survey will appear here.',
      }}
      row={(response) => (
        <Table.Tr key={response.id}>
          <Table.Td>{time(response.created_at)}</Table.Td>
          <Table.Td>
            {response.user ? `${response.user.name} (${response.user.email})` : 'A deleted user'}
          </Table.Td>
          <Table.Td>{response.account?.title ?? '-'}</Table.Td>
          <Table.Td>{response.dismissed ? 'Dismissed' : response.score}</Table.Td>
          <Table.Td>{response.comment ?? ''}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

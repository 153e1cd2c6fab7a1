import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useDeleteReport } from '../../api/reports';
import { toast } from '../../app/toast';
import { REPORT_TEXTS, REPORTS_PATH } from './texts';

/**
 * Delete with the browser's confirmation (spec 001 §8): success says so and goes to the list,
 * failure is an error toast (spec 000 §8's shared texts).
 */
export function DeleteReportButton({ accountId, id }: { accountId: number; id: number }) {
  const remove = useDeleteReport(accountId);
  const navigate = useNavigate();
  const confirmAndDelete = () => {
    if (!window.confirm(REPORT_TEXTS.deleteConfirm)) return;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(REPORT_TEXTS.deleted);
        void navigate(REPORTS_PATH);
      },
      onError: () => toast.error(REPORT_TEXTS.deleteFailed),
    });
  };
  return (
    <Button
      size="xs"
      color="red"
      variant="light"
      leftSection={<IconTrash size={14} />}
      loading={remove.isPending}
      onClick={confirmAndDelete}
    >
      Delete
    </Button>
  );
}

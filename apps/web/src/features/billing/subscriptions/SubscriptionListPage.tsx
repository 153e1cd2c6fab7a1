import { useState } from 'react';
import { Select, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useSubscriptions } from '../../../api/billing';
import { useCurrentAccount } from '../../../app/session/useSession';
import { BillingStatusBadge } from '../BillingStatusBadge';
import { cutText, formatBillingDate, MISSING, SUBSCRIPTION_NAME_MAX } from '../format';
import { ManageList } from '../ManageList';
import { billingStatusLabel } from '../status';
import { useListPaging } from '../useListPaging';
import { noTrackerLabel } from './subscriptionPlans';

/** The statuses the list's filter offers (spec 002 §2.3). */
export const SUBSCRIPTION_FILTER_STATUSES = [
  'active',
  'pending',
  'pending-renewal',
  'cancelled',
  'blocked',
] as const;

const HEADERS = ['Device Name', 'Serial Number', 'Next Renewal', 'Active Since', 'Status'];

/** Subscriptions tab (spec 002 §2.3): one row per subscription; a row opens its detail. */
export function SubscriptionListPage() {
  const accountId = useCurrentAccount()?.id ?? 0;
  const navigate = useNavigate();
  const paging = useListPaging();
  const [status, setStatus] = useState<string | null>(null);
  const list = useSubscriptions(accountId, {
    page: paging.page,
    perPage: paging.perPage,
    status,
  });
  const rows = list.data?.data ?? [];

  const filter = (
    <Select
      aria-label="Status filter"
      placeholder="All statuses"
      clearable
      w={200}
      data={SUBSCRIPTION_FILTER_STATUSES.map((s) => ({
        value: s,
        label: billingStatusLabel(s, 'subscription'),
      }))}
      value={status}
      onChange={(value) => {
        setStatus(value);
        paging.reset();
      }}
    />
  );

  return (
    <ManageList
      title="Subscriptions"
      headers={HEADERS}
      actions={filter}
      loading={list.isPending}
      filtered={status !== null}
      hidden="subscriptions"
      meta={list.data?.meta}
      paging={paging}
      count={rows.length}
    >
      {rows.map((subscription) => {
        const device = subscription.devices[0];
        return (
          <Table.Tr
            key={subscription.id}
            style={{ cursor: 'pointer' }}
            onClick={() => void navigate(`/manage/subscriptions/${subscription.id}`)}
          >
            <Table.Td>
              {device ? (
                cutText(device.name, SUBSCRIPTION_NAME_MAX)
              ) : (
                // A plan whose tracker was returned: say so, and which plan it is.
                <Text size="sm" c="dimmed" span>
                  {noTrackerLabel(subscription)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{device?.serial || MISSING}</Table.Td>
            <Table.Td>{formatBillingDate(subscription.renewal_date)}</Table.Td>
            <Table.Td>{formatBillingDate(subscription.start_at)}</Table.Td>
            <Table.Td>
              <BillingStatusBadge status={subscription.status} kind="subscription" />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ManageList>
  );
}

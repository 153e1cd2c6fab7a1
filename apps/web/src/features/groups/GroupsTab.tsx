import { useCallback, useMemo } from 'react';
import { Center, Loader } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { GROUP_MESSAGES, type DeviceListItem } from '@waymark/domain';
import { useGroups } from '../../api/groups';
import { EmptyState } from '../../components/EmptyState';
import { GroupList } from './GroupList';
import { searchGroups } from './groupSearch';

/**
 * The Groups tab of the trackers list (spec 000 §2.3): the account's groups, filtered by the
 * list's search text; a group opens GroupDetailsView. Loads when the tab is first shown.
 */
export function GroupsTab({
  accountId,
  active,
  search,
  trackers,
}: {
  accountId: number | null;
  active: boolean;
  search: string;
  trackers: readonly DeviceListItem[];
}) {
  const navigate = useNavigate();
  const groups = useGroups(accountId, active);
  const listed = useMemo(() => searchGroups(groups.data ?? [], search), [groups.data, search]);
  const onOpen = useCallback((groupId: number) => navigate(`/groups/${groupId}`), [navigate]);

  if (groups.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading groups" />
      </Center>
    );
  }
  if ((groups.data?.length ?? 0) === 0) {
    return (
      <EmptyState
        title={GROUP_MESSAGES.empty}
        text="Tracker groups of this account are listed here"
        icon={<IconUsersGroup size={26} />}
      />
    );
  }
  return <GroupList groups={listed} trackers={trackers} onOpen={onOpen} />;
}

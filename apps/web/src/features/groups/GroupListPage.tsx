import { lazy, useCallback, useMemo, useState } from 'react';
import { Box, Button, Center, Group, Loader, Paper, Title } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { GROUP_MESSAGES } from '@waymark/domain';
import { useDeviceList } from '../../api/devices';
import { useGroups } from '../../api/groups';
import { useAccountPositions } from '../../api/realtime';
import { modals } from '../../app/modals/modalQueue';
import { Can } from '../../app/session/Can';
import { useSession } from '../../app/session/useSession';
import { EmptyState } from '../../components/EmptyState';
import { SearchBox } from '../trackers/list/SearchBox';
import { GroupList } from './GroupList';
import { GroupScreenLayout } from './GroupScreenLayout';
import { searchGroups, trackersOfGroups } from './groupSearch';

// MapLibre loads after the list, as on the trackers screen.
const TrackersMap = lazy(() =>
  import('../trackers/list/TrackersMap').then((m) => ({ default: m.TrackersMap })),
);

/**
 * GroupListView (/groups, B2B accounts only; spec 000 §2.6): search, the groups as a virtual
 * list, 'New Tracker Group' (the wizard, for those who may manage Groups), and the trackers of the listed groups clustered on
 * the map.
 */
export function GroupListPage() {
  const view = useSession();
  const accountId = view?.account?.id ?? null;
  const navigate = useNavigate();
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const groups = useGroups(accountId);
  const trackers = useDeviceList(accountId);
  useAccountPositions(accountId);

  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const onSearch = useCallback(
    (text: string) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (text.trim()) next.set('search', text.trim());
          else next.delete('search');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const listed = useMemo(() => searchGroups(groups.data ?? [], search), [groups.data, search]);
  const allTrackers = useMemo(() => trackers.data ?? [], [trackers.data]);
  const onMap = useMemo(() => trackersOfGroups(listed, allTrackers), [listed, allTrackers]);
  const onOpen = useCallback((groupId: number) => navigate(`/groups/${groupId}`), [navigate]);
  const isEmpty = groups.isSuccess && (groups.data?.length ?? 0) === 0;

  const listColumn = (
    <Paper
      component="section"
      aria-label="Groups"
      radius={0}
      style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <Group p="sm" pb={6} justify="space-between" wrap="nowrap">
        <Title order={2} size="h4">
          Groups
        </Title>
        {/* Only for those who may manage Groups (spec 000 §6): hidden, never a dead button. */}
        <Can I="manage" a="Groups">
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => modals.open('device-group', { mode: 'create' })}
          >
            New Tracker Group
          </Button>
        </Can>
      </Group>
      <Box px="sm" pb={6}>
        <SearchBox value={search} onSearch={onSearch} placeholder="Search Groups..." />
      </Box>
      {groups.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading groups" />
        </Center>
      ) : isEmpty ? (
        <EmptyState
          title={GROUP_MESSAGES.empty}
          text="Create a group to organise your trackers"
          icon={<IconUsersGroup size={26} />}
        />
      ) : (
        <GroupList groups={listed} trackers={allTrackers} onOpen={onOpen} />
      )}
    </Paper>
  );

  return (
    <GroupScreenLayout
      list={listColumn}
      map={<TrackersMap trackers={onMap} selectedId={selectedId} onSelect={setSelectedId} />}
    />
  );
}

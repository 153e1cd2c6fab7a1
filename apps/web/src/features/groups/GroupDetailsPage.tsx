import { lazy, useCallback, useMemo, useState } from 'react';
import { ActionIcon, Box, Button, Center, Group, Loader, Menu, Paper } from '@mantine/core';
import {
  IconArrowLeft,
  IconDots,
  IconEdit,
  IconMapPinOff,
  IconPlus,
  IconTrash,
  IconUsersMinus,
} from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { groupLabel, type GroupDevice } from '@waymark/domain';
import { groupErrorMessage, useGroup, useGroupWrite } from '../../api/groups';
import { modals } from '../../app/modals/modalQueue';
import { useAbility, useSession } from '../../app/session/useSession';
import { toast } from '../../app/toast';
import { EmptyState } from '../../components/EmptyState';
import { SearchBox } from '../trackers/list/SearchBox';
import { ConfirmGroupAction, type GroupConfirmation } from './ConfirmGroupAction';
import { GroupMemberList } from './GroupMemberList';
import { GroupScreenLayout } from './GroupScreenLayout';
import { searchMembers } from './groupSearch';

const TrackersMap = lazy(() =>
  import('../trackers/list/TrackersMap').then((m) => ({ default: m.TrackersMap })),
);

/**
 * GroupDetailsView (/groups/{id}, B2B accounts only; spec 000 §2.6): the group's trackers
 * with add (wizard, POST devices), swap (wizard in edit mode, devices-swap) and remove (row
 * menu, or every tracker at once); a back button named after the group. Those who may not
 * manage Groups see the trackers without these controls.
 */
export function GroupDetailsPage() {
  const { id } = useParams();
  const groupId = Number(id);
  const view = useSession();
  const accountId = view?.account?.id ?? null;
  const navigate = useNavigate();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [confirmation, setConfirmation] = useState<GroupConfirmation | null>(null);
  // Changing the group needs manage Groups (spec 000 §6); without it the controls are hidden.
  const canManage = useAbility()?.can('manage', 'Groups') ?? false;

  const query = useGroup(accountId, groupId);
  const group = query.data;
  const write = useGroupWrite(accountId ?? 0);
  const label = groupLabel(group?.name);
  const members = useMemo(() => group?.devices ?? [], [group?.devices]);
  const listed = useMemo(() => searchMembers(members, search), [members, search]);

  const onOpen = useCallback(
    (deviceId: number) =>
      navigate(`/trackers/${deviceId}`, {
        state: { from: { group: { id: groupId, name: group?.name ?? null } } },
      }),
    [navigate, groupId, group?.name],
  );
  const onRemove = useCallback(
    (device: GroupDevice) => {
      write
        .mutateAsync({ kind: 'remove', groupId, deviceIds: [device.id] })
        .then(() => toast.success('Successfully removed!'))
        .catch((error: unknown) =>
          toast.error(groupErrorMessage(error) ?? 'Cannot remove, please try again'),
        );
    },
    [write, groupId],
  );

  const confirmRemoveAll = () =>
    setConfirmation({
      title: 'Remove all trackers',
      text: `Every tracker leaves ${label}. The trackers themselves are kept.`,
      confirm: 'Remove all',
      run: async () => {
        try {
          await write.mutateAsync({ kind: 'remove', groupId });
          toast.success('Successfully removed!');
        } catch (error) {
          toast.error(groupErrorMessage(error) ?? 'Cannot remove, please try again');
        }
        setConfirmation(null);
      },
    });
  const confirmDelete = () =>
    setConfirmation({
      title: 'Delete group',
      text: `${label} is deleted. Its trackers are kept.`,
      confirm: 'Delete',
      run: async () => {
        try {
          await write.mutateAsync({ kind: 'delete', groupId });
          toast.success('Successfully deleted!');
          setConfirmation(null);
          navigate('/groups', { replace: true });
        } catch (error) {
          toast.error(groupErrorMessage(error) ?? 'Cannot delete, please try again');
          setConfirmation(null);
        }
      },
    });

  const listColumn = (
    <Paper
      component="section"
      aria-label="Group"
      radius={0}
      style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <Group p="sm" pb={6} justify="space-between" wrap="nowrap">
        <Button
          variant="subtle"
          color="dark"
          px={4}
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => navigate('/groups')}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          style={{ minWidth: 0 }}
        >
          {group ? label : 'All Groups'}
        </Button>
        {canManage && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label="Group actions">
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconUsersMinus size={14} />}
                disabled={members.length === 0}
                onClick={confirmRemoveAll}
              >
                Remove all trackers
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={confirmDelete}>
                Delete group
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {canManage && (
        <Group px="sm" pb={6} gap="xs">
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={!group}
            onClick={() => modals.open('device-group', { mode: 'add', group })}
          >
            Add Trackers
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} />}
            disabled={!group}
            onClick={() => modals.open('device-group', { mode: 'edit', group })}
          >
            Edit Group
          </Button>
        </Group>
      )}
      <Box px="sm" pb={6}>
        <SearchBox value={search} onSearch={setSearch} />
      </Box>
      {query.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading group" />
        </Center>
      ) : members.length === 0 ? (
        <EmptyState
          title="This group has no trackers"
          text="Add trackers to see them here"
          icon={<IconMapPinOff size={26} />}
        />
      ) : (
        <GroupMemberList
          members={listed}
          onOpen={onOpen}
          onRemove={canManage ? onRemove : undefined}
        />
      )}
    </Paper>
  );

  return (
    <>
      <GroupScreenLayout
        list={listColumn}
        map={
          <TrackersMap
            trackers={listed}
            selectedId={selectedId}
            onSelect={setSelectedId}
            frameKey={`group-${groupId}`}
          />
        }
      />
      <ConfirmGroupAction
        confirmation={confirmation}
        busy={write.isPending}
        onClose={() => setConfirmation(null)}
      />
    </>
  );
}

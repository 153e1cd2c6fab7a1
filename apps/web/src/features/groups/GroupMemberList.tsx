import type { GroupDevice } from '@waymark/domain';
import { VirtualList } from '../../components/VirtualList';
import { GroupMemberRow } from './GroupMemberRow';

/** The group's trackers as a virtual list. */
export function GroupMemberList({
  members,
  onOpen,
  onRemove,
}: {
  members: readonly GroupDevice[];
  onOpen: (id: number) => void;
  /** Absent for those who may not manage Groups: the rows then have no menu. */
  onRemove?: (device: GroupDevice) => void;
}) {
  return (
    <VirtualList
      items={members}
      label="Group trackers"
      estimateSize={72}
      rowsOnFirstPaint
      renderItem={(device) => (
        <GroupMemberRow device={device} onOpen={onOpen} onRemove={onRemove} />
      )}
    />
  );
}

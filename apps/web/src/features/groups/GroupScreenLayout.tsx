import { useState, type ReactNode } from 'react';
import {
  MapSlot,
  ScreenColumns,
  useOneColumn,
  type ScreenColumn,
} from '../trackers/list/ScreenColumns';

/** The group screens' frame, the same as the trackers screen's (ScreenColumns). */
export function GroupScreenLayout({ list, map }: { list: ReactNode; map: ReactNode }) {
  const [column, setColumn] = useState<ScreenColumn>('left');
  return (
    <ScreenColumns
      oneColumn={useOneColumn()}
      column={column}
      onColumn={setColumn}
      showLeft
      left={list}
      center={<MapSlot>{map}</MapSlot>}
    />
  );
}

import { ReplayMarkerLayer } from '../../../../map';
import { useReplayTime, type ReplayClock } from './replayClock';
import { pointAt, type Timeline } from './replayTimeline';

/** The replay's marker on the map, moved with the replay's moment (inside FleetMap). */
export function ReplayOnMap({ clock, timeline }: { clock: ReplayClock; timeline: Timeline }) {
  const time = useReplayTime(clock);
  const point = pointAt(timeline, time);
  return <ReplayMarkerLayer point={point} />;
}

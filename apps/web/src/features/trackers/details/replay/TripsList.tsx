import { Badge, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ApiTrip } from '@waymark/domain';
import { formatMiles } from '../../../reports/fleet/fleetFormat';

interface TripsListProps {
  trips: readonly ApiTrip[];
  loading: boolean;
  /** The trip being replayed (its start time), if one is. */
  activeStart: number | null;
  onReplay: (trip: ApiTrip) => void;
}

const clock = (iso: string) => dayjs(iso).format('h:mm A');

/** The trips of the range, oldest first; a click replays one. */
export function TripsList({ trips, loading, activeStart, onReplay }: TripsListProps) {
  if (trips.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {loading ? 'Loading trips…' : 'No trips in this range'}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <nav aria-label="Trips">
        {trips.map((trip) => (
          <NavLink
            key={trip.start.time}
            component="button"
            active={Date.parse(trip.start.time) === activeStart}
            aria-current={Date.parse(trip.start.time) === activeStart ? 'true' : undefined}
            onClick={() => onReplay(trip)}
            label={
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{`${clock(trip.start.time)} – ${clock(trip.end.time)}`}</Text>
                {trip.ongoing && (
                  <Badge size="xs" variant="light">
                    Ongoing
                  </Badge>
                )}
              </Group>
            }
            description={`${formatMiles(trip.distance)} · ${trip.end.address ?? ''}`}
          />
        ))}
      </nav>
    </ScrollArea.Autosize>
  );
}

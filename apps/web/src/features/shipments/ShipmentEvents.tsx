import { Stack, Text } from '@mantine/core';
import { SHIPMENT_MESSAGES } from '@waymark/domain';

interface ShipmentEventsProps {
  events: readonly { event_at: string; description: string }[];
  /** How a moment reads: the date on the details page, 'time ago' on the public page. */
  when: (iso: string) => string;
}

/** A shipment's events, oldest first as the server sends them, or 'No events'. */
export function ShipmentEvents({ events, when }: ShipmentEventsProps) {
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {SHIPMENT_MESSAGES.noEvents}
      </Text>
    );
  }
  return (
    <Stack
      gap={6}
      component="ul"
      aria-label="Events"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {events.map((event, i) => (
        <li key={`${event.event_at}-${i}`}>
          <Text size="xs" c="dimmed" component="time" dateTime={event.event_at}>
            {when(event.event_at)}
          </Text>
          <Text size="sm">{event.description}</Text>
        </li>
      ))}
    </Stack>
  );
}

import { Button, Group, List, Stack, Text } from '@mantine/core';
import type { ModalBodyProps } from '../../app/modals/modalBody';

/**
 * 'How We Calculate Dwell' (spec 000 §2.9): the definitions the server computes with, in
 * words (the OpenAPI descriptions of GET dwell/geofences say the same).
 */
export function DwellHelpModal({ close }: ModalBodyProps) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Dwell is measured from geofence visits: a visit begins when a tracker enters a geofence and
        ends when it leaves. The figures cover the chosen period (the last 30, 60 or 90 days up to
        now) and only the trackers you may see.
      </Text>
      <List size="sm" spacing="xs">
        <List.Item>
          <b>Devices</b>: trackers inside the geofence now. Green when the count is within the
          minimum and maximum assets, red outside them.
        </List.Item>
        <List.Item>
          <b>Avg Dwell Time</b>: the average length of the visits that overlap the period. A visit
          that began before the period counts from the period&apos;s start; a visit still open
          counts up to now.
        </List.Item>
        <List.Item>
          <b>% of SLA</b>: the average dwell time divided by the dwell SLA (allowable dwell days).
          Up to 75 % is green, up to 100 % yellow, above 100 % red; white when the geofence has no
          SLA.
        </List.Item>
        <List.Item>
          <b>Exceeding SLA</b>: trackers inside now that entered longer ago than the SLA allows.
        </List.Item>
      </List>
      <Group justify="flex-end">
        <Button onClick={close}>Got it</Button>
      </Group>
    </Stack>
  );
}

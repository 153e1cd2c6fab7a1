import { Suspense, useEffect, useMemo } from 'react';
import { Box, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ERROR_TOAST_TIMEOUT_MS, type PublicShipment } from '@waymark/domain';
import { usePublicShipment } from '../../../api/shipments';
import { toast } from '../../../app/toast';
import { mapFallback } from '../../geofences/lazyMaps';
import { AUTO_REFRESH_MS } from '../../trackers/details/useDetailsRange';
import { useNow } from '../../trackers/list/useNow';
import { formatShipmentTime, timeAgo } from '../format';
import { ShipmentMap } from '../lazyShipmentMap';
import { ShipmentEvents } from '../ShipmentEvents';
import { ShipmentField } from '../ShipmentField';
import { ShipmentStatusBadge } from '../ShipmentStatusBadge';
import {
  arrivalText,
  PUBLIC_LOAD_ERROR,
  publicEndedAt,
  publicFramePoints,
  showsPublicBadge,
} from './publicShipmentView';

function PublicMap({ uuid, shipment: s }: { uuid: string; shipment: PublicShipment }) {
  const frame = useMemo(() => publicFramePoints(s), [s]);
  const destination = s.destination;
  const to = useMemo(
    () =>
      destination ? { lngLat: destination.location, name: destination.name, point: true } : null,
    [destination],
  );
  return (
    <Suspense fallback={mapFallback}>
      <ShipmentMap
        name={s.name}
        status={s.status}
        path={s.path ?? []}
        position={s.current_position ?? null}
        to={to}
        frame={frame}
        fitKey={`public-shipment-${uuid}`}
        label="Shipment map"
      />
    </Suspense>
  );
}

function Details({ shipment: s }: { shipment: PublicShipment }) {
  // 'time ago' moves on between refreshes too.
  const now = useNow();
  const ended = publicEndedAt(s);
  const arriving = arrivalText(s, now);
  return (
    <Stack gap="sm" component="section" aria-label="Shipment">
      {/* Wraps on a phone rather than cutting the badge short. */}
      <Group justify="space-between" align="center" gap="xs">
        <Title order={1} size="h3">
          {s.name}
        </Title>
        {showsPublicBadge(s.status) && <ShipmentStatusBadge status={s.status} />}
      </Group>
      <ShipmentField label="Scheduled Start">{formatShipmentTime(s.start_at)}</ShipmentField>
      <ShipmentField label="Scheduled End">{formatShipmentTime(s.end_at)}</ShipmentField>
      {ended && <ShipmentField label="Actual End">{formatShipmentTime(ended)}</ShipmentField>}
      {s.destination && (
        <ShipmentField label="Destination">
          {s.destination.name}
          {arriving && (
            <Text component="span" display="block" size="sm" c="blue.8" fw={500}>
              {arriving}
            </Text>
          )}
        </ShipmentField>
      )}
      <Stack gap="xs" component="section" aria-labelledby="public-shipment-events">
        <Title order={2} size="h5" id="public-shipment-events">
          Events
        </Title>
        <ShipmentEvents events={s.events ?? []} when={(iso) => timeAgo(iso, now)} />
      </Stack>
    </Stack>
  );
}

/**
 * The public tracking page (/shipments/track/{uuid}, spec 001 §2): no login and no shell. It
 * refreshes itself every 30 s; when it cannot load it says so in a toast that stays 15 s
 * (spec 001 §8) and stays where it is, showing what it had.
 */
export function PublicShipmentPage() {
  const uuid = useParams().uuid ?? '';
  const query = usePublicShipment(uuid, AUTO_REFRESH_MS);
  const s = query.data;

  // Once per run of failures: the status stays 'error' while refreshes keep failing.
  const failed = query.status === 'error';
  useEffect(() => {
    if (failed) toast.error(PUBLIC_LOAD_ERROR, { timeout: ERROR_TOAST_TIMEOUT_MS });
  }, [failed]);

  return (
    <Box p={{ base: 'sm', sm: 'md' }} mih="100dvh">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            {s ? (
              <Details shipment={s} />
            ) : (
              <Text size="sm" c="dimmed">
                {failed ? PUBLIC_LOAD_ERROR : 'Loading shipment...'}
              </Text>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Box h={{ base: 360, md: 'calc(100dvh - 32px)' }} mih={360} pos="relative">
            {s && <PublicMap uuid={uuid} shipment={s} />}
          </Box>
        </Grid.Col>
      </Grid>
    </Box>
  );
}

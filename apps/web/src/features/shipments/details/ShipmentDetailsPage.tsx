import { Suspense, useMemo, useState } from 'react';
import { Alert, Anchor, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { Shipment } from '@waymark/domain';
import { useShipment } from '../../../api/shipments';
import { useCurrentAccount } from '../../../app/session/useSession';
import { GENERIC_ERROR } from '../../../app/toast';
import { NotFoundPage } from '../../errors/NotFoundPage';
import { mapFallback } from '../../geofences/lazyMaps';
import { PlacesLayout } from '../../geofences/PlacesLayout';
import { AUTO_REFRESH_MS } from '../../trackers/details/useDetailsRange';
import { failureMessage, isNotFound } from '../../trackers/details/feedback';
import { formatShipmentTime } from '../format';
import { ShipmentMap } from '../lazyShipmentMap';
import { ShipmentEvents } from '../ShipmentEvents';
import { ShipmentDetailsBar } from './ShipmentDetailsBar';
import { ShipmentInfoPanel } from './ShipmentInfoPanel';
import { backLinkOf, framePoints, routeEnd } from './shipmentView';

const toId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The map side: places, planned route, travelled path and the marker, framed once. */
function DetailsMap({ shipment: s }: { shipment: Shipment }) {
  const geofences = useMemo(
    () => [s.from_geofence, s.to_geofence].filter((g) => g != null),
    [s.from_geofence, s.to_geofence],
  );
  const from = useMemo(() => routeEnd(s.from_geofence, s.from_address), [s]);
  const to = useMemo(() => routeEnd(s.to_geofence, s.to_address), [s]);
  const frame = useMemo(() => framePoints(s), [s]);
  return (
    <Suspense fallback={mapFallback}>
      <ShipmentMap
        name={s.name}
        status={s.status}
        geofences={geofences}
        from={from}
        to={to}
        path={s.path ?? []}
        position={s.current_position ?? null}
        frame={frame}
        fitKey={`shipment-${s.id}`}
        label="Shipment map"
      />
    </Suspense>
  );
}

/** ShipmentDetailsView (/shipments/{id}): the info panel, the bar, the events and the map. */
export function ShipmentDetailsPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const id = toId(useParams().id);
  const [autoRefresh, setAutoRefresh] = useState(false);
  const query = useShipment(accountId, id, autoRefresh ? AUTO_REFRESH_MS : false);
  const s = query.data;

  if (id === null || isNotFound(query.error)) return <NotFoundPage />;
  if (!s && query.isError) {
    return (
      <Alert color="red" m="md">
        {failureMessage(query.error, GENERIC_ERROR) ?? GENERIC_ERROR}
      </Alert>
    );
  }

  const back = s ? backLinkOf(s) : null;
  const panel =
    !s || !back || accountId === null ? (
      <Center h={200}>
        <Loader size="sm" aria-label="Loading shipment" />
      </Center>
    ) : (
      <Stack gap="md">
        <Anchor component={Link} to={back.to} size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} /> {back.label}
          </Group>
        </Anchor>
        <Title order={2} size="h3">
          {s.name}
        </Title>
        <ShipmentDetailsBar
          accountId={accountId}
          shipmentId={s.id}
          autoRefresh={autoRefresh}
          onAutoRefresh={setAutoRefresh}
        />
        <ShipmentInfoPanel shipment={s} />
        <Stack gap="xs" component="section" aria-labelledby="shipment-events">
          <Title order={3} size="h5" id="shipment-events">
            Events
          </Title>
          <ShipmentEvents events={s.events ?? []} when={formatShipmentTime} />
        </Stack>
      </Stack>
    );

  return <PlacesLayout panel={panel} map={s ? <DetailsMap shipment={s} /> : null} />;
}

import { Suspense, type ReactNode } from 'react';
import { Anchor, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatKilometres, formatPhone, type Geofence } from '@waymark/domain';
import { useGeofence } from '../../api/geofences';
import { Can } from '../../app/session/Can';
import { useCurrentAccount } from '../../app/session/useSession';
import { DeleteGeofenceButton } from './DeleteGeofenceButton';
import { GeofenceEvents } from './GeofenceEvents';
import { GeofencesMap, mapFallback } from './lazyMaps';
import { editPath } from './navigation';
import { PlacesLayout } from './PlacesLayout';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children === null || children === '' ? '—' : children}</Text>
    </div>
  );
}

const shapeText = (g: Geofence) =>
  g.is_irregular
    ? `Polygon of ${(g.geo_json?.coordinates[0]?.length ?? 1) - 1} corners`
    : `Circle of ${formatKilometres(g.radius)}`;

/** GeofenceDetailsView (/geofences/{id}): read-only, with Edit and Delete for managers. */
export function GeofenceDetailsPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const query = useGeofence(accountId, Number.isInteger(id) && id > 0 ? id : null);
  const g = query.data;

  const panel = !g ? (
    <Center h={200}>
      <Loader size="sm" aria-label="Loading geofence" />
    </Center>
  ) : (
    <Stack gap="sm">
      <Anchor component={Link} to="/geofences" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> All Geofences
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={3}>{g.name}</Title>
        {g.is_alertable === 1 && <Badge variant="light">Alerts on</Badge>}
      </Group>
      <Can I="manage" a="Geofences">
        <Group gap="xs">
          <Button
            component={Link}
            to={editPath(g.id)}
            state={{ from: 'details' }}
            variant="default"
            leftSection={<IconPencil size={16} />}
          >
            Edit
          </Button>
          {accountId !== null && (
            <DeleteGeofenceButton
              accountId={accountId}
              geofence={g}
              onDeleted={() => void navigate('/geofences', { replace: true })}
            />
          )}
        </Group>
      </Can>
      <Field label="Address">{g.address}</Field>
      <Field label="Shape">{shapeText(g)}</Field>
      <Field label="Trackers inside">{g.devices_count}</Field>
      <Group grow>
        <Field label="Allowable dwell days">{g.allowable_dwell_days}</Field>
        <Field label="Minimum assets">{g.min_assets}</Field>
        <Field label="Maximum assets">{g.max_assets}</Field>
      </Group>
      <Field label="Contact name">{g.full_name}</Field>
      <Field label="Email">{g.email}</Field>
      <Field label="Phone">{formatPhone(g.phone)}</Field>
      <Field label="Company name">{g.company_name}</Field>
      <Field label="Notes">{g.notes}</Field>
      {accountId !== null && <GeofenceEvents accountId={accountId} geofenceId={g.id} />}
    </Stack>
  );

  return (
    <PlacesLayout
      panel={panel}
      map={
        g ? (
          <Suspense fallback={mapFallback}>
            <GeofencesMap
              geofences={[g]}
              fitKey={`geofence-${g.id}-${g.updated_at}`}
              label="Geofence map"
            />
          </Suspense>
        ) : null
      }
    />
  );
}

import { Suspense, useMemo, useState } from 'react';
import {
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconMapPinOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useGeofences, type Geofence } from '../../api/geofences';
import { Can } from '../../app/session/Can';
import { useCurrentAccount } from '../../app/session/useSession';
import { EmptyState } from '../../components/EmptyState';
import { DownloadGeofences } from './DownloadGeofences';
import { GeofencesMap, mapFallback } from './lazyMaps';
import { detailsPath } from './navigation';
import { PlacesLayout } from './PlacesLayout';
import { PlacesTabs } from './PlacesTabs';

/** Case-insensitive match on name or address, as the trackers search does. */
export function searchGeofences(geofences: readonly Geofence[], search: string): Geofence[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...geofences];
  return geofences.filter(
    (g) => g.name.toLowerCase().includes(text) || (g.address ?? '').toLowerCase().includes(text),
  );
}

function GeofenceRow({ geofence }: { geofence: Geofence }) {
  return (
    <UnstyledButton
      component={Link}
      to={detailsPath(geofence.id)}
      state={{ from: 'list' }}
      p="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', display: 'block' }}
      aria-label={geofence.name}
    >
      <Text fw={600} size="sm">
        {geofence.name}
      </Text>
      <Text size="xs" c="dimmed" truncate="end">
        {geofence.address ?? '—'}
      </Text>
      <Text size="xs" c="dimmed">
        {geofence.devices_count === 1
          ? '1 tracker inside'
          : `${geofence.devices_count} trackers inside`}
      </Text>
    </UnstyledButton>
  );
}

/** GeofenceListView (/geofences): search, the list, 'Download all geofences' and the map. */
export function GeofenceListPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const list = useGeofences(accountId);
  const [search, setSearch] = useState('');
  const all = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => searchGeofences(all, search), [all, search]);

  const body = list.isPending ? (
    <Center h={120}>
      <Loader size="sm" aria-label="Loading geofences" />
    </Center>
  ) : all.length === 0 ? (
    <EmptyState
      title="There are no geofences"
      text="Geofences of this account are listed here"
      icon={<IconMapPinOff size={26} />}
    />
  ) : shown.length === 0 ? (
    <EmptyState title="No geofences found" text="No geofence name or address matches the search" />
  ) : (
    <Stack gap={0} role="list" aria-label="Geofences">
      {shown.map((g) => (
        <div role="listitem" key={g.id}>
          <GeofenceRow geofence={g} />
        </div>
      ))}
    </Stack>
  );

  const panel = (
    <Stack gap="sm">
      <PlacesTabs />
      <TextInput
        placeholder="Search Geofences..."
        aria-label="Search Geofences"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Can I="manage" a="Geofences">
          <Button
            component={Link}
            to="/geofences/create"
            size="xs"
            leftSection={<IconPlus size={14} />}
          >
            New Geofence
          </Button>
        </Can>
        {accountId !== null && <DownloadGeofences accountId={accountId} />}
      </Group>
      {body}
    </Stack>
  );

  return (
    <PlacesLayout
      panel={panel}
      map={
        <Suspense fallback={mapFallback}>
          <GeofencesMap
            geofences={shown}
            fitKey={`geofences-${all.length}`}
            label="Geofences map"
          />
        </Suspense>
      }
    />
  );
}

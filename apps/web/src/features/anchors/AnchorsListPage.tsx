import { Suspense, useCallback, useState, useSyncExternalStore } from 'react';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBluetooth, IconPlus } from '@tabler/icons-react';
import { useAnchors, type Anchor } from '../../api/anchors';
import { modals } from '../../app/modals/modalQueue';
import { Can } from '../../app/session/Can';
import { useSession } from '../../app/session/useSession';
import { EmptyState } from '../../components/EmptyState';
import { PlacesLayout } from '../geofences/PlacesLayout';
import { PlacesTabs } from '../geofences/PlacesTabs';
import { AnchorList } from './AnchorList';
import { AnchorsMap, mapFallback } from './lazyMaps';

const WIZARD = 'ble-anchor-wizard';
const wizardIsOpen = () => modals.entries().some((e) => e.name === WIZARD);

/**
 * AnchorsListView (/anchors, spec 000 §2.8): the account's BLE anchors beside a map that
 * clusters them at radius 30; picking one flies to it. Create and edit open the wizard.
 */
export function AnchorsListPage() {
  const accountId = useSession()?.account?.id ?? null;
  const anchors = useAnchors(accountId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // The app has one map instance (map/README.md): while the wizard shows it for picking a
  // point, this screen lets go of it and takes it back when the wizard closes.
  const wizardOpen = useSyncExternalStore(modals.subscribe, wizardIsOpen);
  const openWizard = useCallback(
    (anchor?: Anchor) => modals.open(WIZARD, { accountId, anchor }),
    [accountId],
  );

  const list = anchors.data ?? [];
  const panel = (
    <Stack gap="md">
      <PlacesTabs />
      <Group justify="space-between">
        <Text fw={600} size="lg" component="h1" m={0}>
          BLE Anchors
        </Text>
        <Can I="manage" a="Anchors">
          <Button leftSection={<IconPlus size={16} />} onClick={() => openWizard()}>
            New Anchor
          </Button>
        </Can>
      </Group>
      {anchors.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading anchors" />
        </Center>
      ) : list.length === 0 ? (
        <EmptyState
          title="There are no Anchors"
          text="BLE anchors of this account are listed here"
          icon={<IconBluetooth size={26} />}
        />
      ) : (
        <AnchorList
          accountId={accountId ?? 0}
          anchors={list}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onEdit={openWizard}
        />
      )}
    </Stack>
  );

  const map = wizardOpen ? null : (
    <Suspense fallback={mapFallback}>
      <AnchorsMap anchors={list} selectedId={selectedId} onSelect={setSelectedId} />
    </Suspense>
  );
  return <PlacesLayout panel={panel} map={map} />;
}

import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSimReplacementDevices } from '../../api/simReplacement';
import { modals } from '../../app/modals/modalQueue';
import { useAbility, useCurrentAccount } from '../../app/session/useSession';
import { showsSimBanner } from './simWizard';

/**
 * 'Replace SIM for N device(s)' with 'Replace Now' (spec 002 §2.10): shown to those who may
 * manage Devices while some tracker's SIM card is due, except in account 92.
 */
export function SimReplaceBanner() {
  const accountId = useCurrentAccount()?.id ?? null;
  const mayManage = useAbility()?.can('manage', 'Devices') ?? false;
  const allowed = mayManage && showsSimBanner(accountId, 1);
  const due = useSimReplacementDevices(accountId, allowed).data ?? [];
  if (!allowed || !showsSimBanner(accountId, due.length)) return null;

  return (
    <Group justify="center" gap="md" py={4} px="md" bg="yellow.1" data-testid="sim-banner">
      <IconAlertTriangle size={16} aria-hidden />
      <Text size="sm" fw={500}>
        Replace SIM for {due.length} device(s)
      </Text>
      <Button
        size="compact-sm"
        color="yellow"
        c="dark"
        onClick={() => modals.open('device-sim-replace')}
      >
        Replace Now
      </Button>
    </Group>
  );
}

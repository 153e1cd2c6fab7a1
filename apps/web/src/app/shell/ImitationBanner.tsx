import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import type { SessionView } from '../session/currentAccount';
import { toast } from '../toast';
import { QUIT_IMITATION_FAILED, quitImitation } from './quitImitation';

export function ImitationBanner({ view }: { view: SessionView }) {
  const [busy, setBusy] = useState(false);
  if (!view.isImitating) return null;

  const onQuit = async () => {
    setBusy(true);
    try {
      await quitImitation();
    } catch (error) {
      console.error('Quitting imitation failed', error);
      toast.error(QUIT_IMITATION_FAILED);
      setBusy(false);
    }
  };

  return (
    <Group justify="center" gap="md" py={6} px="md" bg="orange.1" role="status">
      <Text size="sm" fw={500}>
        Imitating User: {view.me.name} ({view.me.email})
      </Text>
      <Button size="compact-sm" color="orange" onClick={() => void onQuit()} disabled={busy}>
        {busy ? 'Quitting Imitation...' : 'Quit Imitation'}
      </Button>
    </Group>
  );
}

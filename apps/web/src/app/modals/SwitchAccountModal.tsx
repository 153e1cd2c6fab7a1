import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { ROLE_LABELS } from '@waymark/domain';
import { session } from '../../api/session';
import { roleIn } from '../session/currentAccount';
import { useSession } from '../session/useSession';
import type { ModalBodyProps } from './modalBody';

/** Spec 002 §2.8 / §4.6: store the chosen account, close, reload so every screen refetches. */
export function SwitchAccountModal({ close }: ModalBodyProps) {
  const view = useSession();
  const [chosen, setChosen] = useState(String(view?.account?.id ?? ''));
  if (!view) return null;

  const switchAccount = () => {
    session.setAccountId(Number(chosen));
    close();
    window.location.reload();
  };

  return (
    <Stack>
      <Radio.Group value={chosen} onChange={setChosen} aria-label="Accounts">
        <Stack gap="xs">
          {view.me.accounts.map((account) => {
            const role = roleIn(view.me, account);
            return (
              <Radio.Card key={account.id} value={String(account.id)} p="sm" radius="md">
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600}>{account.title}</Text>
                    <Text size="sm" c="dimmed">
                      {role ? ROLE_LABELS[role] : ''}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            );
          })}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button onClick={switchAccount} disabled={!chosen}>
          Switch Account
        </Button>
      </Group>
    </Stack>
  );
}

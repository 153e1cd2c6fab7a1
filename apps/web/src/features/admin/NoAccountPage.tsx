import { Button, Center, Stack } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ADMIN_HOME_PATH } from '../../app/routing/nextPath';
import { EmptyState } from '../../components/EmptyState';

/**
 * An account's screen opened with no account: only a platform admin who belongs to none gets
 * here (anyone else without an account is logged out, spec 002 §2.2).
 */
export function NoAccountPage() {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <EmptyState
          title="No account is open"
          text="This screen shows an account's data. Open an account from the accounts list."
          icon={<IconBuilding size={26} />}
        />
        <Button component={Link} to={ADMIN_HOME_PATH}>
          Go to Accounts
        </Button>
      </Stack>
    </Center>
  );
}

import { useState } from 'react';
import { Button, LoadingOverlay, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconLogout,
  IconSettings,
  IconSwitchHorizontal,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { modals } from '../modals/modalQueue';
import type { SessionView } from '../session/currentAccount';
import { logout } from '../session/endSession';

/** The user-name dropdown: Settings, Switch Accounts (several accounts only), Logout. */
export function AccountMenu({ view }: { view: SessionView }) {
  const [loggingOut, setLoggingOut] = useState(false);

  const onLogout = () => {
    setLoggingOut(true);
    void logout();
  };

  return (
    <>
      <LoadingOverlay visible={loggingOut} zIndex={1000} pos="fixed" />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="subtle" color="gray" rightSection={<IconChevronDown size={16} />}>
            {view.me.name}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/account" leftSection={<IconSettings size={16} />}>
            Settings
          </Menu.Item>
          {view.me.accounts.length > 1 && (
            <Menu.Item
              leftSection={<IconSwitchHorizontal size={16} />}
              onClick={() => modals.open('account-switch')}
            >
              Switch Accounts
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconLogout size={16} />}
            onClick={onLogout}
            disabled={loggingOut}
          >
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

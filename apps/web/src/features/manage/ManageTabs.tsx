import { useEffect, useRef, useState } from 'react';
import { Button, Menu, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { BREAKPOINTS, TABS_DROPDOWN_CLOSE_MS } from '@waymark/domain';
import { useLocation, useNavigate } from 'react-router';
import { allows } from '../../app/session/access';
import { useSession } from '../../app/session/useSession';
import { builtManageSections } from './manageSections';

/** Tabs on wide screens; below 768 px a dropdown that closes 500 ms after a choice. */
export function ManageTabs() {
  const view = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINTS.sm - 0.02}px)`) ?? false;
  const [menuOpen, setMenuOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  if (!view) return null;
  const sections = builtManageSections().filter((s) => !s.guard || allows(s.guard, view));
  const active = sections.find((s) => pathname.startsWith(`/manage/${s.path}`));
  const go = (path: string | null) => path && void navigate(`/manage/${path}`);

  if (!mobile) {
    return (
      <Tabs value={active?.path ?? null} onChange={go}>
        <Tabs.List>
          {sections.map((s) => (
            <Tabs.Tab key={s.path} value={s.path}>
              {s.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    );
  }

  const choose = (path: string) => {
    go(path);
    // The menu stays a moment so the user sees the choice land (spec 002 §9).
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setMenuOpen(false), TABS_DROPDOWN_CLOSE_MS);
  };

  return (
    <Menu opened={menuOpen} onChange={setMenuOpen} closeOnItemClick={false} width="target">
      <Menu.Target>
        <Button
          variant="default"
          fullWidth
          justify="space-between"
          rightSection={<IconChevronDown size={16} />}
        >
          {active?.label ?? 'Manage'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {sections.map((s) => (
          <Menu.Item
            key={s.path}
            onClick={() => choose(s.path)}
            fw={s === active ? 600 : undefined}
          >
            {s.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

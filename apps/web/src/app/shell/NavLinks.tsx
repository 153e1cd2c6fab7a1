import { Anchor, Group, Stack } from '@mantine/core';
import { NavLink as RouterNavLink } from 'react-router';
import { useConfig } from '../../api/config';
import { isBuilt, worksWithoutAccount } from '../routing/isBuilt';
import type { SessionView } from '../session/currentAccount';
import classes from './NavLinks.module.css';
import { NAV_ITEMS, visibleNavItems } from './navItems';

interface NavLinksProps {
  view: SessionView;
  mobile?: boolean;
  onNavigate?: () => void;
}

/** The top navigation, horizontal in the header or stacked in the mobile drawer. */
export function NavLinks({ view, mobile = false, onNavigate }: NavLinksProps) {
  const config = useConfig();
  const items = visibleNavItems(NAV_ITEMS, view, { mobile, isBuilt, worksWithoutAccount });
  const Layout = mobile ? Stack : Group;

  return (
    <Layout component="nav" aria-label="Main" gap={mobile ? 4 : 'xs'}>
      {items.map((item) =>
        item.to ? (
          <RouterNavLink
            key={item.label}
            to={item.to}
            className={classes.link}
            onClick={onNavigate}
          >
            {item.label}
          </RouterNavLink>
        ) : (
          <Anchor
            key={item.label}
            href={item.href?.(config)}
            target="_blank"
            rel="noopener noreferrer"
            className={classes.link}
            underline="never"
          >
            {item.label}
          </Anchor>
        ),
      )}
    </Layout>
  );
}

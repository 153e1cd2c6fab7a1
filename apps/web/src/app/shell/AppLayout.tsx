import { Box, Burger, Drawer, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { BREAKPOINTS } from '@waymark/domain';
import { homePathOf } from '../routing/nextPath';
import { useSession } from '../session/useSession';
import { AccountMenu } from './AccountMenu';
import { AlertToasts } from './AlertToasts';
import classes from './AppLayout.module.css';
import { HelpLauncher } from './HelpLauncher';
import { ImitationBanner } from './ImitationBanner';
import { KeyboardShortcuts } from './KeyboardShortcuts';
import { SimReplaceBanner } from '../../features/sim-replacement/SimReplaceBanner';
import { Logo } from './Logo';
import { NavLinks } from './NavLinks';
import { SatisfactionSurvey } from './SatisfactionSurvey';

/**
 * The shell of every private screen: impersonation banner, header with navigation, the SIM
 * replacement banner when a tracker's card is due, page.
 */
export function AppLayout() {
  const view = useSession();
  const [menuOpened, menu] = useDisclosure(false);
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINTS.sm - 0.02}px)`) ?? false;
  // RequireAuth renders this only with a session; the check keeps the types honest.
  if (!view) return null;

  return (
    <Box className={classes.shell}>
      <ImitationBanner view={view} />
      <AlertToasts accountId={view.account?.id ?? null} />
      <KeyboardShortcuts />
      <Group component="header" className={classes.header} justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap" miw={0}>
          {mobile && (
            <Burger opened={menuOpened} onClick={menu.toggle} aria-label="Menu" size="sm" />
          )}
          <Link to={homePathOf(view)} aria-label="Home">
            <Logo />
          </Link>
          {view.account && !mobile && (
            <Text size="sm" c="dimmed" truncate="end" data-testid="current-account">
              {view.account.title}
            </Text>
          )}
          {!mobile && <NavLinks view={view} />}
        </Group>
        <AccountMenu view={view} />
      </Group>
      {view.account && <SimReplaceBanner />}
      <Drawer opened={mobile && menuOpened} onClose={menu.close} title={<Logo />} size="xs">
        {view.account && (
          <Text size="sm" c="dimmed" mb="sm" px={12}>
            {view.account.title}
          </Text>
        )}
        <NavLinks view={view} mobile onNavigate={menu.close} />
      </Drawer>
      <Box component="main" className={classes.main}>
        <Outlet />
      </Box>
      <HelpLauncher view={view} />
      <SatisfactionSurvey view={view} />
    </Box>
  );
}

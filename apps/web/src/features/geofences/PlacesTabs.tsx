import { Tabs } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { Can } from '../../app/session/Can';

/**
 * The tabs over the geofence and anchor lists (spec 000 §2.7): Geofences, and BLE Anchors for
 * users who may view Anchors. Each tab is a link, so /geofences and /anchors render it alike.
 */
export function PlacesTabs() {
  const { pathname } = useLocation();
  const active = pathname.startsWith('/anchors') ? 'anchors' : 'geofences';
  return (
    <Tabs value={active} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="geofences" renderRoot={(props) => <Link {...props} to="/geofences" />}>
          Geofences
        </Tabs.Tab>
        <Can I="view" a="Anchors">
          <Tabs.Tab value="anchors" renderRoot={(props) => <Link {...props} to="/anchors" />}>
            BLE Anchors
          </Tabs.Tab>
        </Can>
      </Tabs.List>
    </Tabs>
  );
}

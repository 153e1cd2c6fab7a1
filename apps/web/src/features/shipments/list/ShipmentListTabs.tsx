import { Tabs } from '@mantine/core';
import { Link } from 'react-router';
import type { ShipmentListKey } from '@waymark/domain';
import { SHIPMENT_TABS } from './shipmentList';

/** General and Archived: each tab is a link, so the tab follows the route (spec 001 §2). */
export function ShipmentListTabs({ active }: { active: ShipmentListKey }) {
  return (
    <Tabs value={active} keepMounted={false}>
      <Tabs.List>
        {SHIPMENT_TABS.map((tab) => (
          <Tabs.Tab
            key={tab.key}
            value={tab.key}
            renderRoot={(props) => <Link {...props} to={tab.path} />}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

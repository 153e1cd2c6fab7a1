import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/**
 * The two views of Reports: the spec's saved reports (/reports) and the Fleet reports tab
 * (/reports/fleet, issue 36 §3), for everyone who may view reports.
 */
export function ReportsTabs() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = pathname.startsWith('/reports/fleet') ? 'fleet' : 'saved';
  return (
    <Tabs
      value={active}
      onChange={(tab) => tab && void navigate(tab === 'fleet' ? '/reports/fleet' : '/reports')}
    >
      <Tabs.List>
        <Tabs.Tab value="saved">Saved reports</Tabs.Tab>
        <Tabs.Tab value="fleet">Fleet reports</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../app/session/useSession';

/**
 * The signed-in user's first name. Spec 001 §1 has a fixed sample name here, but a greeting
 * with someone else's name read as a mistake (issue 35.25); the insights stay samples.
 */
function useFirstName(): string | null {
  const name = useSession()?.me.name.trim() ?? '';
  return name.split(/\s+/)[0] || null;
}

/**
 * Spec 001 §1: static illustrative insights, hard-coded text and not live data. They show what
 * Scout can be asked about; the numbers belong to no account.
 */
const SAMPLE_INSIGHTS = [
  { value: '3', label: 'Shipments exceeding dwell time', note: 'Dallas DC, over the 2-day SLA' },
  { value: '2', label: 'Temperature violations', note: 'Reefer 12 above 40°F for 25 minutes' },
  { value: '1', label: 'Shock event', note: 'Pallet 7 at the Memphis hub, 10:42 AM' },
  { value: '94%', label: 'On-time delivery', note: 'Last 30 days' },
  { value: '1.8 days', label: 'Average dwell time', note: 'Across all geofences' },
  { value: '1,248', label: 'Active assets', note: 'Reported in the last 24 hours' },
  { value: '87/100', label: 'Health score', note: 'Batteries, reporting and SLAs' },
] as const;

export function HomeTab() {
  const firstName = useFirstName();
  return (
    <Stack gap="sm" p="sm">
      <Title order={4}>
        {firstName
          ? `Hi ${firstName}, here is what stands out today`
          : 'Here is what stands out today'}
      </Title>
      <Text size="xs" c="dimmed">
        Sample insights: ask Scout about your own fleet with New Chat.
      </Text>
      <SimpleGrid cols={2} spacing="xs" aria-label="Sample insights">
        {SAMPLE_INSIGHTS.map((insight) => (
          <Paper key={insight.label} withBorder p="xs" radius="md">
            <Text fw={700} size="lg">
              {insight.value}
            </Text>
            <Text size="sm" fw={500}>
              {insight.label}
            </Text>
            <Text size="xs" c="dimmed">
              {insight.note}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

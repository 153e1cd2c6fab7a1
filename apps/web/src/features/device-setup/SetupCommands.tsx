import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DeviceSetupCommand } from '@waymark/domain';
import { CopyValue } from './CopyValue';

const VIA: Record<DeviceSetupCommand['via'], string> = {
  sms: 'SMS',
  gprs: 'Over data',
  tool: 'Configuration tool',
  app: 'In the app',
};

/** The family's commands, each a copyable block with how it is sent. */
export function SetupCommands({ commands }: { commands: DeviceSetupCommand[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Commands
      </Title>
      {commands.length === 0 && (
        <Text c="dimmed">
          This family is set up with the tool the steps name: there are no commands to send.
        </Text>
      )}
      {commands.map((command) => (
        <Paper key={command.text} withBorder p="sm" component="section" aria-label={command.label}>
          <Stack gap={6}>
            <Group gap="xs" justify="space-between">
              <Text fw={500}>{command.label}</Text>
              <Badge variant="light">{VIA[command.via]}</Badge>
            </Group>
            <CopyValue value={command.text} name={command.label} block />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Alert, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DeviceSetup } from '@waymark/domain';
import { CopyValue } from './CopyValue';
import { SetupCommands } from './SetupCommands';

const TRANSPORT = { tcp: 'TCP', udp: 'UDP', http: 'HTTP' } as const;

/** One model's guide: where its units report, the steps, and the commands to send. */
export function SetupDetails({ setup }: { setup: DeviceSetup }) {
  const transports = [...new Set(setup.connections.map((c) => TRANSPORT[c.transport]))];
  return (
    <Stack gap="lg" component="section" aria-label={`Setup of ${setup.model.title}`}>
      <Title order={2} size="h4">
        {setup.family}
      </Title>
      {setup.notices.map((notice) => (
        <Alert key={notice} color="yellow" icon={<IconAlertTriangle size={16} />}>
          {notice}
        </Alert>
      ))}
      <Table layout="fixed" withRowBorders={false} aria-label="Where units report">
        <Table.Tbody>
          <Row label="Host">
            <CopyValue value={setup.host} name="host" />
            {setup.host_source === 'request' && (
              <Text size="xs" c="dimmed">
                The address this page was opened at; the DEVICE_HOST setting names another.
              </Text>
            )}
          </Row>
          {setup.connections.map((c) => (
            <Row key={c.transport} label={`Port (${TRANSPORT[c.transport]})`}>
              {c.port === null ? (
                <Text c="red">Not listening ({c.setting})</Text>
              ) : (
                <CopyValue value={String(c.port)} name={`${TRANSPORT[c.transport]} port`} />
              )}
            </Row>
          ))}
          <Row label="Transport">{transports.join(' or ')}</Row>
          <Row label="Serial">{setup.serial}</Row>
        </Table.Tbody>
      </Table>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Steps
        </Title>
        <List type="ordered" spacing="xs">
          {setup.steps.map((step) => (
            <List.Item key={step} style={{ overflowWrap: 'anywhere' }}>
              {step}
            </List.Item>
          ))}
        </List>
      </Stack>
      <SetupCommands commands={setup.commands} />
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={110} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Group gap="xs">{children}</Group>
      </Table.Td>
    </Table.Tr>
  );
}

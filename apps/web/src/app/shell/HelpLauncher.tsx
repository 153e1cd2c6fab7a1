import { Anchor, Box, Button, Drawer, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useConfig } from '../../api/config';
import type { SessionView } from '../session/currentAccount';
import { DEFAULT_HELP_URL } from './navItems';
import { HELP_TOPICS } from './helpTopics';

/**
 * The help launcher of business (B2B) accounts (spec 000 §1, 002 §1): a 'Help' tab on the
 * right edge that opens the customer-chat widget at HELP_CHAT_URL, or without one the built-in
 * help panel. Consumer accounts get none. It sits under modals and drawers (z-index 150), so
 * it never covers their buttons, and the shell keeps its strip of the page free (data-help-tab,
 * AppLayout.module.css).
 */
export function HelpLauncher({ view }: { view: SessionView }) {
  const [opened, panel] = useDisclosure(false);
  const config = useConfig();
  if (!view.features?.isB2B) return null;
  return (
    <>
      <Button
        onClick={panel.open}
        data-help-tab
        leftSection={<IconHelp size={16} />}
        size="compact-sm"
        pos="fixed"
        right={0}
        top="50%"
        style={{
          zIndex: 150,
          transform: 'translate(calc(50% - 14px), -50%) rotate(-90deg)',
          borderBottomLeftRadius: 0,
          borderBottomRightRadius: 0,
        }}
      >
        Help
      </Button>
      <Drawer opened={opened} onClose={panel.close} position="right" title="Help" size="md">
        {config.help_chat_url ? (
          <Box
            component="iframe"
            title="Customer chat"
            src={config.help_chat_url}
            w="100%"
            h="calc(100vh - 100px)"
            style={{ border: 0 }}
          />
        ) : (
          <HelpPanel
            helpUrl={config.help_url || DEFAULT_HELP_URL}
            supportEmail={config.support_email}
            onNavigate={panel.close}
          />
        )}
      </Drawer>
    </>
  );
}

function HelpPanel(props: { helpUrl: string; supportEmail: string; onNavigate: () => void }) {
  return (
    <Stack gap="lg" aria-label="Help topics">
      {HELP_TOPICS.map((topic) => (
        <Stack key={topic.title} gap={4}>
          <Title order={5}>{topic.title}</Title>
          <Text size="sm">{topic.text}</Text>
          <Anchor component={Link} to={topic.to} size="sm" onClick={props.onNavigate}>
            {topic.link}
          </Anchor>
        </Stack>
      ))}
      <Stack gap={4}>
        <Title order={5}>Still stuck?</Title>
        <Text size="sm">
          Read the knowledge base at{' '}
          <Anchor href={props.helpUrl} target="_blank" rel="noreferrer">
            {props.helpUrl}
          </Anchor>{' '}
          or write to us at{' '}
          <Anchor href={`mailto:${props.supportEmail}`}>{props.supportEmail}</Anchor>.
        </Text>
      </Stack>
    </Stack>
  );
}

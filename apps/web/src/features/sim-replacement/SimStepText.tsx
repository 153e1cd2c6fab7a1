import { List, Stack, Text, Title } from '@mantine/core';
import type { SimReplacementDeviceType } from '@waymark/domain';
import type { SimStepTopic } from './simWizard';

interface StepWords {
  title: string;
  body: (model: SimReplacementDeviceType) => React.ReactNode;
}

const DEVICE_NAMES: Record<SimReplacementDeviceType, string> = {
  ll02: 'Mobile 200',
  vl501: 'Car Charger',
};

/** The instruction steps' words, by topic (the ICCID step draws its own form). */
export const SIM_STEP_WORDS: Record<Exclude<SimStepTopic, 'choose-iccid'>, StepWords> = {
  kit: {
    title: 'What you need',
    body: (model) => (
      <>
        <Text size="sm">Before you start, have these at hand:</Text>
        <List size="sm" spacing={4}>
          <List.Item>your {DEVICE_NAMES[model]} tracker</List.Item>
          <List.Item>the new SIM card we sent you (its ICCID is printed on the card)</List.Item>
          <List.Item>
            {model === 'll02'
              ? 'a small Phillips screwdriver for the back cover'
              : 'a flat tool, such as a coin, to slide the cover open'}
          </List.Item>
          <List.Item>the SIM eject pin from the kit, or a straightened paper clip</List.Item>
        </List>
      </>
    ),
  },
  'power-off': {
    title: 'Switch the tracker off',
    body: () => (
      <Text size="sm">
        Hold the power button for 5 seconds until the light goes out. Changing the SIM card while
        the tracker is on can damage the card.
      </Text>
    ),
  },
  unplug: {
    title: 'Unplug the tracker',
    body: () => (
      <Text size="sm">
        Take the Car Charger out of the vehicle&apos;s power socket and wait until its light goes
        out.
      </Text>
    ),
  },
  open: {
    title: 'Open the tracker',
    body: (model) => (
      <Text size="sm">
        {model === 'll02'
          ? 'Undo the two screws of the back cover and lift it off. The SIM tray sits beside the battery.'
          : 'Slide the cover on the side opposite the plug towards the USB port and lift it off. The SIM tray sits under it.'}
      </Text>
    ),
  },
  eject: {
    title: 'Take out the old SIM card',
    body: () => (
      <Text size="sm">
        Push the eject pin into the small hole beside the tray until the tray comes out. Take out
        the old card and keep it aside: it is retired once the swap is done.
      </Text>
    ),
  },
  insert: {
    title: 'Insert the new SIM card',
    body: () => (
      <Text size="sm">
        Place the new card in the tray with its gold contacts facing down and the cut corner
        matching the tray, then push the tray back in until it clicks.
      </Text>
    ),
  },
  close: {
    title: 'Close the tracker',
    body: () => (
      <Text size="sm">
        Put the back cover on and tighten both screws, without forcing them. Then hold the power
        button until the light comes on.
      </Text>
    ),
  },
  swap: {
    title: 'Swap the SIM',
    body: (model) => (
      <Text size="sm">
        {model === 'vl501'
          ? 'Slide the cover back on and plug the Car Charger into the power socket. '
          : ''}
        Press Swap SIM: we move the tracker to the new card and add 2 free audio hours. The tracker
        keeps its name, history and settings.
      </Text>
    ),
  },
};

/** One instruction step: its title and words. */
export function SimStepText({
  topic,
  model,
}: {
  topic: Exclude<SimStepTopic, 'choose-iccid'>;
  model: SimReplacementDeviceType;
}) {
  const words = SIM_STEP_WORDS[topic];
  return (
    <Stack gap="xs">
      <Title order={4}>{words.title}</Title>
      {words.body(model)}
    </Stack>
  );
}

/** The knowledge base's advice, shown when no help address is configured (HELP_URL). */
export function SimHelpText() {
  return (
    <List size="sm" spacing={4} data-testid="sim-help">
      <List.Item>
        Check that the new card sits flat, contacts down, and the tray clicked in.
      </List.Item>
      <List.Item>
        Switch the tracker off and on again, wait a minute, then press Try Again.
      </List.Item>
      <List.Item>
        Check that the ICCID you chose is the one printed on the card in the tracker.
      </List.Item>
      <List.Item>
        Still stuck? Contact support with the tracker&apos;s serial and the ICCID.
      </List.Item>
    </List>
  );
}
